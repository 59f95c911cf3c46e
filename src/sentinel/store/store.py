"""``Store[S]``: the one place a state tree changes.

Each dispatch runs an action against a copy-on-write draft of the committed state, checks
what it wrote against what it declared, commits the new root (untouched nodes shared with the
old one), records the delta for undo, and tells the interested subscribers.

The store is not thread-safe: use it from one thread (normally the event loop's).
"""

from __future__ import annotations

import inspect
import os
from collections import deque
from collections.abc import Awaitable, Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import MappingProxyType
from typing import Any, Concatenate, Generic, TypeVar

from sentinel.store.actions import ActionSpec
from sentinel.store.delta import Change, Delta
from sentinel.store.draft import DraftSession, descend, finalize, open_draft
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

Mutation = Callable[[Any], None]


@dataclass(frozen=True)
class _Queued:
    """A dispatch made while subscribers were running; it runs once they are done."""

    spec: ActionSpec
    values: dict[str, Any]
    body: Mutation | None
    origin: Subscription | None
    during: Delta


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
        self._root = initial
        self._state_type: type[S] = type(initial)
        self._actions: dict[str, ActionSpec] = {}
        self._history = History(history_limit)
        self._subscribers = Subscribers(on_subscriber_error)
        self._clock = clock
        self._seq = 0
        self._executing: str | None = None
        self._notifying = False
        self._queue: deque[_Queued] = deque()
        self._running: list[Subscription | None] = [None]
        self._delivering: Delta | None = None

    # -- reading -----------------------------------------------------------------------------
    @property
    def state(self) -> S:
        """The committed state. Never mutate it: it is shared with history and other readers."""
        return self._root

    @property
    def seq(self) -> int:
        """The ``seq`` of the last committed delta (0 before any)."""
        return self._seq

    @property
    def actions(self) -> Mapping[str, ActionSpec]:
        """The registered actions by name (read-only)."""
        return MappingProxyType(self._actions)

    @property
    def history(self) -> tuple[Delta, ...]:
        """Deltas that ``undo`` can take back, oldest first (at most ``history_limit``)."""
        return self._history.done

    @property
    def redoable(self) -> tuple[Delta, ...]:
        """Undone deltas that ``redo`` can apply again, next first."""
        return self._history.undone

    @property
    def subscriber_errors(self) -> Sequence[SubscriberFailure]:
        """The latest subscriber failures (the last 100), oldest first."""
        return self._subscribers.failures

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
            node = descend(open_draft(self._root, DraftSession("mount", readonly=True)), location)
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
        return self._run(spec, spec.validate(payload), None)

    async def dispatch_async(self, action: str, /, **payload: Any) -> Delta:
        """Run any action; an async one awaits first, then its mutation commits atomically.

        The async part sees a read-only view of the state as it was when it started; the
        mutation it returns runs on the state as it is when the await ends (other actions may
        have committed meanwhile), with the same write check as a synchronous action.
        """
        spec = self._spec(action)
        values = spec.validate(payload)
        if not spec.is_async:
            return self._run(spec, values, None)
        self._ensure_not_in_action(action)
        view = descend(open_draft(self._root, DraftSession(action, readonly=True)), spec.mount)
        mutation = await spec.fn(view, **values)
        if not callable(mutation):
            raise StoreError(
                f"async action {action!r} must return a mutation (a function of the state), "
                f"not {type(mutation).__name__}"
            )
        return self._run(spec, values, mutation)

    def _run(self, spec: ActionSpec, values: dict[str, Any], body: Mutation | None) -> Delta:
        self._ensure_not_in_action(spec.name)
        if self._notifying and self._delivering is not None:
            self._queue.append(_Queued(spec, values, body, self._running[0], self._delivering))
            return Delta(self._seq, spec.name, values, (), self._clock(), queued=True)
        delta = self._execute(spec, values, body)
        self._publish(delta)
        return delta

    def _execute(self, spec: ActionSpec, values: dict[str, Any], body: Mutation | None) -> Delta:
        """Run the action on a draft and commit it (no notification)."""
        session = DraftSession(spec.name)
        root = open_draft(self._root, session)
        self._executing = spec.name
        try:
            target = descend(root, spec.mount) if spec.mount else root
            result = spec.fn(target, **values) if body is None else body(target)
            if result is not None and inspect.isawaitable(result):
                _discard(result)
                raise StoreError(
                    f"action {spec.name!r} returned an awaitable; register it as `async def` "
                    "and use dispatch_async"
                )
            new_root: S = finalize(root)
        finally:
            self._executing = None
            session.close()
        spec.check_writes(session.written)
        if not session.changes:
            return Delta(self._seq, spec.name, values, (), self._clock())
        return self._commit(new_root, spec.name, values, tuple(session.changes), record=True)

    def _commit(
        self,
        new_root: S,
        action: str,
        payload: dict[str, Any],
        changes: tuple[Change, ...],
        *,
        record: bool,
    ) -> Delta:
        self._seq += 1
        delta = Delta(self._seq, action, payload, changes, self._clock())
        self._root = new_root
        if record:
            self._history.record(delta)
        return delta

    def _publish(self, delta: Delta) -> None:
        """Deliver ``delta``, then run and deliver what subscribers queued, in order."""
        if not delta.changes:
            return
        self._notifying = True
        try:
            self._deliver(delta)
            while self._queue:
                item = self._queue.popleft()
                try:
                    queued = self._execute(item.spec, item.values, item.body)
                except Exception as exc:
                    self._subscribers.report(SubscriberFailure(item.origin, item.during, exc))
                    continue
                if queued.changes:
                    self._deliver(queued)
        finally:
            self._notifying = False
            self._delivering = None
            self._queue.clear()

    def _deliver(self, delta: Delta) -> None:
        self._delivering = delta
        self._subscribers.notify(delta, self._running)

    def _ensure_not_in_action(self, what: str) -> None:
        if self._executing is not None:
            raise StoreError(
                f"{what!r} was called while action {self._executing!r} was running; an action "
                "is one atomic step and cannot dispatch (dispatch from a subscriber instead)"
            )

    def _ensure_idle(self, what: str) -> None:
        self._ensure_not_in_action(what)
        if self._notifying:
            raise StoreError(f"{what} cannot run from inside a subscriber")

    # -- subscribers ---------------------------------------------------------------------------
    def subscribe(self, callback: Subscriber, paths: Iterable[str] | None = None) -> Subscription:
        """Call ``callback(delta)`` after each commit that changes a path matching ``paths``.

        ``"agents.*"`` matches changes at ``agents.x``, below it, and at ``agents`` itself.
        Subscribers run synchronously, in subscription order; one that raises is reported and
        the others still run.
        """
        return self._subscribers.add(callback, paths)

    # -- history -------------------------------------------------------------------------------
    def undo(self) -> Delta | None:
        """Take back the last delta; subscribers get an ``"undo"`` delta. None if none left."""
        self._ensure_idle("undo")
        delta = self._history.take_undo()
        if delta is None:
            return None
        try:
            new_root = apply_changes(self._root, delta.inverted())
        except Exception:
            self._history.take_redo()
            raise
        return self._announce(new_root, "undo", delta.seq, delta.inverted())

    def redo(self) -> Delta | None:
        """Apply the last undone delta again (a ``"redo"`` delta). None if nothing to redo."""
        self._ensure_idle("redo")
        delta = self._history.take_redo()
        if delta is None:
            return None
        try:
            new_root = apply_changes(self._root, delta.changes)
        except Exception:
            self._history.take_undo()
            raise
        return self._announce(new_root, "redo", delta.seq, delta.changes)

    def restore(self, seq: int) -> Delta:
        """Go to the state right after delta ``seq`` (a ``"restore"`` delta); later deltas
        stay redoable. HistoryError if ``seq`` is not in the history."""
        self._ensure_idle("restore")
        undo, redo = self._history.path_to(seq)
        changes = tuple(
            [change for delta in undo for change in delta.inverted()]
            + [change for delta in redo for change in delta.changes]
        )
        if not changes:
            return Delta(self._seq, "restore", {"seq": seq}, (), self._clock())
        new_root = apply_changes(self._root, changes)
        self._history.move_to(seq)
        return self._announce(new_root, "restore", seq, changes)

    def _announce(self, new_root: S, action: str, seq: int, changes: tuple[Change, ...]) -> Delta:
        delta = self._commit(new_root, action, {"seq": seq}, changes, record=False)
        self._publish(delta)
        return delta

    # -- snapshots -----------------------------------------------------------------------------
    def snapshot(self) -> str:
        """The state as JSON (pydantic's encoding of the state type)."""
        return dump_state(self._root, self._state_type)

    def load_snapshot(self, text: str | bytes) -> Delta:
        """Replace the state by a snapshot; an undoable ``"load_snapshot"`` delta."""
        self._ensure_idle("load_snapshot")
        new_root = load_state(self._state_type, text)
        change = Change.at((), "set", self._root, new_root)
        delta = self._commit(new_root, "load_snapshot", {}, (change,), record=True)
        self._publish(delta)
        return delta

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
            f"Store({self._state_type.__name__}, seq={self._seq}, "
            f"actions={len(self._actions)}, subscribers={len(self._subscribers)})"
        )


def _discard(awaitable: Awaitable[Any]) -> None:
    close = getattr(awaitable, "close", None)
    if close is not None:
        close()  # a never-awaited coroutine would warn at garbage collection
