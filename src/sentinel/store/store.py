"""``Store[S]``: the one place a state tree changes.

Each dispatch runs an action against a copy-on-write draft of the committed state, checks
what it wrote against what it declared, commits the new root (untouched nodes shared with the
old one), records the delta for undo, and tells the interested subscribers — that cycle is
``dispatch.Dispatcher``'s; this module is the store's public face: registering actions,
dispatching them, subscribing, undo/redo, snapshots.

The store is not thread-safe: use it from one thread (normally the event loop's).
"""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable, Hashable, Iterable, Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from types import MappingProxyType
from typing import Any, Concatenate, Generic, TypeVar

from sentinel.store.actions import ActionSpec
from sentinel.store.delta import Change, Delta
from sentinel.store.dispatch import Dispatcher
from sentinel.store.draft import DraftSession, descend, open_draft
from sentinel.store.errors import ActionDefinitionError, ActionNotFound, StoreError
from sentinel.store.history import History
from sentinel.store.replay import apply_changes
from sentinel.store.slices import Slice, build_state
from sentinel.store.snapshot import dump_state, load_state, write_atomic
from sentinel.store.subscriptions import (
    FailureHook,
    Subscriber,
    SubscriberFailure,
    Subscribers,
    Subscription,
)

S = TypeVar("S")
R = TypeVar("R")


def _utcnow() -> datetime:
    return datetime.now(UTC)


class Store(Generic[S]):
    """A typed store over a state tree of dataclasses, lists, dicts, sets and plain values.

    ``history_limit`` bounds undo. ``on_subscriber_error`` is called with each
    ``SubscriberFailure`` (they are also logged and kept in ``subscriber_errors``).
    """

    def __init__(
        self,
        initial: S,
        *,
        history_limit: int = 1000,
        on_subscriber_error: FailureHook | None = None,
        clock: Callable[[], datetime] = _utcnow,
    ) -> None:
        open_draft(initial, DraftSession("Store", readonly=True))  # rejects a non-tree root
        self._state_type: type[S] = type(initial)
        self._actions: dict[str, ActionSpec] = {}
        self._core = Dispatcher(
            initial, History(history_limit), Subscribers(on_subscriber_error), clock
        )

    # -- reading -----------------------------------------------------------------------------
    @property
    def state(self) -> S:
        """The committed state. Never mutate it: it is shared with history and other readers."""
        return self._core.root

    @property
    def seq(self) -> int:
        """The ``seq`` of the last committed delta (0 before any)."""
        return self._core.seq

    @property
    def actions(self) -> Mapping[str, ActionSpec]:
        """The registered actions by name (read-only)."""
        return MappingProxyType(self._actions)

    @property
    def history(self) -> tuple[Delta, ...]:
        """Deltas that ``undo`` can take back, oldest first (at most ``history_limit``)."""
        return self._core.history.done

    @property
    def redoable(self) -> tuple[Delta, ...]:
        """Undone deltas that ``redo`` can apply again, next first."""
        return self._core.history.undone

    @property
    def subscriber_errors(self) -> Sequence[SubscriberFailure]:
        """The latest subscriber failures (the last 100), oldest first."""
        return self._core.subscribers.failures

    # -- actions -------------------------------------------------------------------------------
    def register(
        self,
        fn: Callable[Concatenate[S, ...], None]
        | Callable[Concatenate[S, ...], Awaitable[Callable[[S], None]]],
        *,
        name: str | None = None,
        writes: Iterable[str] | None = None,
    ) -> ActionSpec:
        """Register ``fn(state, **payload)`` as an action; returns its spec.

        ``writes``: dotted paths it may write (``*`` matches one segment); every write must be
        at or below one, and each path without ``*`` must be written. ``None`` skips the
        check. An ``async def`` action awaits with a read-only view and returns a mutation.
        """
        return self._add(ActionSpec.build(fn, name=name, writes=writes))

    def mount(self, path: str, part: Slice[Any]) -> tuple[ActionSpec, ...]:
        """Register ``part``'s actions for the sub-state at ``path`` (``agents.translator``)."""
        location: tuple[Hashable, ...] = tuple(path.split("."))
        try:
            state = open_draft(self._core.root, DraftSession("mount", readonly=True))
            node = descend(state, location)
        except LookupError as exc:
            raise StoreError(f"cannot mount at {path!r}: the state has no node there") from exc
        if not isinstance(node, part.state_type):
            raise StoreError(
                f"cannot mount a {part.state_type.__name__} slice at {path!r}: "
                f"the state holds a {type(node).__name__} there"
            )
        specs = []
        for action in part.actions.values():
            writes = None if action.writes is None else [f"{path}.{w}" for w in action.writes]
            spec = ActionSpec.build(
                action.fn, name=f"{path}.{action.name}", writes=writes, mount=location
            )
            specs.append(self._add(spec))
        return tuple(specs)

    @classmethod
    def compose(
        cls,
        state_type: type[R],
        *,
        slices: Mapping[str, Slice[Any]],
        shared: Mapping[str, Any] | None = None,
        history_limit: int = 1000,
        on_subscriber_error: FailureHook | None = None,
        clock: Callable[[], datetime] = _utcnow,
    ) -> Store[R]:
        """A store whose state is built from slices mounted at paths plus shared fields.

        Each slice's initial value goes at its mount path (intermediate dataclasses are built
        from field types); ``shared`` gives the other fields. Register cross-cutting actions,
        written against the whole state, on the returned store.
        """
        initial = build_state(state_type, slices, shared or {})
        store: Store[R] = Store(
            initial,
            history_limit=history_limit,
            on_subscriber_error=on_subscriber_error,
            clock=clock,
        )
        for path, part in slices.items():
            store.mount(path, part)
        return store

    def _add(self, spec: ActionSpec) -> ActionSpec:
        if spec.name in self._actions:
            raise ActionDefinitionError(spec.name, "an action of that name is registered already")
        self._actions[spec.name] = spec
        return spec

    def _spec(self, action: str) -> ActionSpec:
        try:
            return self._actions[action]
        except KeyError:
            raise ActionNotFound(action, list(self._actions)) from None

    # -- dispatch ------------------------------------------------------------------------------
    def dispatch(self, action: str, /, **payload: Any) -> Delta:
        """Run a synchronous action atomically and return its delta.

        Raises InvalidPayload, WriteMismatch or whatever the action raised; then nothing
        changed. Called from a subscriber, the action is queued (see ``Delta.queued``).
        """
        spec = self._spec(action)
        if spec.is_async:
            raise StoreError(f"action {action!r} is async: use `await store.dispatch_async(...)`")
        return self._core.run(spec, spec.validate(payload), None)

    async def dispatch_async(self, action: str, /, **payload: Any) -> Delta:
        """Run any action; an async one awaits first, then its mutation commits atomically.

        The async part sees a read-only view of the state as it was when it started; the
        mutation it returns runs on the state as it is when the await ends (other actions may
        have committed meanwhile), with the same write check as a synchronous action.
        """
        spec = self._spec(action)
        values = spec.validate(payload)
        if not spec.is_async:
            return self._core.run(spec, values, None)
        mutation = await spec.fn(self._core.read_view(spec), **values)
        if not callable(mutation):
            raise StoreError(
                f"async action {action!r} must return a mutation (a function of the state), "
                f"not {type(mutation).__name__}"
            )
        return self._core.run(spec, values, mutation)

    # -- subscribers ---------------------------------------------------------------------------
    def subscribe(self, callback: Subscriber, paths: Iterable[str] | None = None) -> Subscription:
        """Call ``callback(delta)`` after each commit that changes a path matching ``paths``.

        ``"agents.*"`` matches changes at ``agents.x``, below it, and at ``agents`` itself.
        Subscribers run synchronously, in subscription order; one that raises is reported and
        the others still run.
        """
        return self._core.subscribers.add(callback, paths)

    # -- history -------------------------------------------------------------------------------
    def undo(self) -> Delta | None:
        """Take back the last delta; subscribers get an ``"undo"`` delta. None if none left."""
        self._core.ensure_idle("undo")
        delta = self._core.history.take_undo()
        if delta is None:
            return None
        try:
            new_root = apply_changes(self._core.root, delta.inverted())
        except Exception:
            self._core.history.take_redo()
            raise
        return self._announce(new_root, "undo", delta.seq, delta.inverted())

    def redo(self) -> Delta | None:
        """Apply the last undone delta again (a ``"redo"`` delta). None if nothing to redo."""
        self._core.ensure_idle("redo")
        delta = self._core.history.take_redo()
        if delta is None:
            return None
        try:
            new_root = apply_changes(self._core.root, delta.changes)
        except Exception:
            self._core.history.take_undo()
            raise
        return self._announce(new_root, "redo", delta.seq, delta.changes)

    def restore(self, seq: int) -> Delta:
        """Go to the state right after delta ``seq`` (a ``"restore"`` delta); later deltas
        stay redoable. HistoryError if ``seq`` is not in the history."""
        self._core.ensure_idle("restore")
        undo, redo = self._core.history.path_to(seq)
        changes = tuple(
            [change for delta in undo for change in delta.inverted()]
            + [change for delta in redo for change in delta.changes]
        )
        if not changes:
            return self._core.unchanged("restore", {"seq": seq})
        new_root = apply_changes(self._core.root, changes)
        self._core.history.move_to(seq)
        return self._announce(new_root, "restore", seq, changes)

    def _announce(self, new_root: S, action: str, seq: int, changes: tuple[Change, ...]) -> Delta:
        return self._core.announce(new_root, action, {"seq": seq}, changes, record=False)

    # -- snapshots -----------------------------------------------------------------------------
    def snapshot(self) -> str:
        """The state as JSON (pydantic's encoding of the state type)."""
        return dump_state(self._core.root, self._state_type)

    def load_snapshot(self, text: str | bytes) -> Delta:
        """Replace the state by a snapshot; an undoable ``"load_snapshot"`` delta."""
        self._core.ensure_idle("load_snapshot")
        new_root = load_state(self._state_type, text)
        change = Change.at((), "set", self._core.root, new_root)
        return self._core.announce(new_root, "load_snapshot", {}, (change,), record=True)

    def save_snapshot(self, path: str | os.PathLike[str]) -> Path:
        """Write the snapshot to ``path`` atomically (temp file, fsync, rename)."""
        return write_atomic(path, self.snapshot())

    def load_snapshot_file(self, path: str | os.PathLike[str]) -> Delta:
        """``load_snapshot`` from a file written by ``save_snapshot``."""
        return self.load_snapshot(Path(path).read_text(encoding="utf-8"))

    @classmethod
    def restore_snapshot(
        cls,
        state_type: type[R],
        text: str | bytes,
        *,
        history_limit: int = 1000,
        on_subscriber_error: FailureHook | None = None,
        clock: Callable[[], datetime] = _utcnow,
    ) -> Store[R]:
        """A new store whose state is the snapshot ``text`` (register actions on it again)."""
        return Store(
            load_state(state_type, text),
            history_limit=history_limit,
            on_subscriber_error=on_subscriber_error,
            clock=clock,
        )

    def __repr__(self) -> str:
        return (
            f"Store({self._state_type.__name__}, seq={self._core.seq}, "
            f"actions={len(self._actions)}, subscribers={len(self._core.subscribers)})"
        )
