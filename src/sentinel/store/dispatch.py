"""The commit cycle behind ``Store``: run an action on a draft, commit, tell subscribers.

``Dispatcher[S]`` owns what every commit changes — the committed root, the sequence number,
the undo history — and the rules of re-entrancy: an action is one atomic step and cannot
dispatch; a dispatch made by a subscriber is queued and runs (and is delivered) after the
delta being delivered, in order; undo, redo, restore and snapshot loads wait until no action
and no subscriber is running.
"""

from __future__ import annotations

import inspect
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Generic, TypeVar

from sentinel.store.actions import ActionSpec
from sentinel.store.delta import Change, Delta
from sentinel.store.draft import DraftSession, descend, finalize, open_draft
from sentinel.store.errors import StoreError
from sentinel.store.history import History
from sentinel.store.subscriptions import SubscriberFailure, Subscribers, Subscription

S = TypeVar("S")

Mutation = Callable[[Any], None]


@dataclass(frozen=True)
class _Queued:
    """A dispatch made while subscribers were running; it runs once they are done."""

    spec: ActionSpec
    values: dict[str, Any]
    body: Mutation | None
    origin: Subscription | None
    during: Delta


class Dispatcher(Generic[S]):
    """Commits deltas to the state ``root`` and delivers them to ``subscribers``."""

    def __init__(
        self,
        root: S,
        history: History,
        subscribers: Subscribers,
        clock: Callable[[], datetime],
    ) -> None:
        self.root = root
        self.seq = 0
        self.history = history
        self.subscribers = subscribers
        self.clock = clock
        self._executing: str | None = None
        self._notifying = False
        self._queue: deque[_Queued] = deque()
        self._running: list[Subscription | None] = [None]
        self._delivering: Delta | None = None

    def unchanged(self, action: str, payload: dict[str, Any]) -> Delta:
        """The delta of an action that changed nothing (it keeps the current ``seq``)."""
        return Delta(self.seq, action, payload, (), self.clock())

    def run(self, spec: ActionSpec, values: dict[str, Any], body: Mutation | None) -> Delta:
        """Run ``spec`` (or the mutation ``body`` an async action returned), commit, deliver.

        Called from a subscriber, the action is queued and a ``queued`` delta returned.
        """
        self.ensure_not_in_action(spec.name)
        if self._notifying and self._delivering is not None:
            self._queue.append(_Queued(spec, values, body, self._running[0], self._delivering))
            return Delta(self.seq, spec.name, values, (), self.clock(), queued=True)
        delta = self._execute(spec, values, body)
        self.publish(delta)
        return delta

    def read_view(self, spec: ActionSpec) -> Any:
        """A read-only view of the (mounted part of the) state, for an async action."""
        self.ensure_not_in_action(spec.name)
        return descend(open_draft(self.root, DraftSession(spec.name, readonly=True)), spec.mount)

    def _execute(self, spec: ActionSpec, values: dict[str, Any], body: Mutation | None) -> Delta:
        """Run the action on a draft and commit it (no notification)."""
        session = DraftSession(spec.name)
        root = open_draft(self.root, session)
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
            return self.unchanged(spec.name, values)
        return self._commit(new_root, spec.name, values, tuple(session.changes), record=True)

    def announce(
        self,
        new_root: S,
        action: str,
        payload: dict[str, Any],
        changes: tuple[Change, ...],
        *,
        record: bool,
    ) -> Delta:
        """Commit a new root made outside an action (undo, a snapshot…) and deliver it;
        ``record`` puts it in the undo history."""
        delta = self._commit(new_root, action, payload, changes, record=record)
        self.publish(delta)
        return delta

    def _commit(
        self,
        new_root: S,
        action: str,
        payload: dict[str, Any],
        changes: tuple[Change, ...],
        *,
        record: bool,
    ) -> Delta:
        self.seq += 1
        delta = Delta(self.seq, action, payload, changes, self.clock())
        self.root = new_root
        if record:
            self.history.record(delta)
        return delta

    def publish(self, delta: Delta) -> None:
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
                    self.subscribers.report(SubscriberFailure(item.origin, item.during, exc))
                    continue
                if queued.changes:
                    self._deliver(queued)
        finally:
            self._notifying = False
            self._delivering = None
            self._queue.clear()

    def _deliver(self, delta: Delta) -> None:
        self._delivering = delta
        self.subscribers.notify(delta, self._running)

    def ensure_not_in_action(self, what: str) -> None:
        """StoreError if an action is running (``what`` was called from inside it)."""
        if self._executing is not None:
            raise StoreError(
                f"{what!r} was called while action {self._executing!r} was running; an action "
                "is one atomic step and cannot dispatch (dispatch from a subscriber instead)"
            )

    def ensure_idle(self, what: str) -> None:
        """StoreError if an action or a subscriber is running."""
        self.ensure_not_in_action(what)
        if self._notifying:
            raise StoreError(f"{what} cannot run from inside a subscriber")


def _discard(awaitable: Awaitable[Any]) -> None:
    close = getattr(awaitable, "close", None)
    if close is not None:
        close()  # a never-awaited coroutine would warn at garbage collection
