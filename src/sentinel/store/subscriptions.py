"""Subscribers: callbacks run after each commit, filtered by path patterns, isolated on failure."""

from __future__ import annotations

import inspect
import logging
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from sentinel.store.delta import Delta
from sentinel.store.errors import StoreError
from sentinel.store.paths import Pattern, compile_pattern, segments, touches

logger = logging.getLogger("sentinel.store")

Subscriber = Callable[[Delta], object]


class Subscription:
    """A subscriber and its path patterns; ``unsubscribe()`` stops further calls."""

    def __init__(
        self,
        callback: Subscriber,
        paths: Iterable[str] | None,
        on_unsubscribe: Callable[[Subscription], None],
    ) -> None:
        if inspect.iscoroutinefunction(callback):
            raise StoreError(
                f"subscriber {callback!r} is async; subscribers run synchronously after each "
                "commit (start async work from them with asyncio.create_task)"
            )
        if isinstance(paths, str):
            raise StoreError(f"paths must be a list of patterns, not {paths!r}")
        self.callback = callback
        self.paths: tuple[str, ...] | None = None if paths is None else tuple(paths)
        try:
            self.patterns: tuple[Pattern, ...] | None = (
                None if self.paths is None else tuple(map(compile_pattern, self.paths))
            )
        except ValueError as exc:
            raise StoreError(f"subscription: {exc}") from exc
        self.active = True
        self._on_unsubscribe = on_unsubscribe

    @property
    def name(self) -> str:
        """The callback's qualified name, for reports."""
        return getattr(self.callback, "__qualname__", repr(self.callback))

    def wants(self, delta: Delta) -> bool:
        """Whether ``delta`` changed a path this subscription listens to."""
        if not delta.changes or not self.active:
            return False
        if self.patterns is None:
            return True
        for change in delta.changes:
            path = segments(change.location)
            if any(touches(pattern, path) for pattern in self.patterns):
                return True
        return False

    def unsubscribe(self) -> None:
        """Stop calling this subscriber (also for the delta being delivered, if not yet run)."""
        if self.active:
            self.active = False
            self._on_unsubscribe(self)

    def __repr__(self) -> str:
        return f"Subscription({self.name}, paths={list(self.paths or ['*'])})"


@dataclass(frozen=True)
class SubscriberFailure:
    """A subscriber raised (or an action it dispatched failed) while handling ``delta``.

    ``subscription`` is None when the failed action was dispatched from outside any subscriber
    (from the ``on_subscriber_error`` hook, for instance).
    """

    subscription: Subscription | None
    delta: Delta
    error: BaseException


FailureHook = Callable[[SubscriberFailure], None]


class Subscribers:
    """The store's subscribers, in subscription order, and the failures they reported."""

    def __init__(self, on_error: FailureHook | None = None, keep_failures: int = 100) -> None:
        self._items: list[Subscription] = []
        self.failures: deque[SubscriberFailure] = deque(maxlen=keep_failures)
        self._on_error = on_error

    def add(self, callback: Subscriber, paths: Iterable[str] | None) -> Subscription:
        """Subscribe ``callback``; it runs for deltas touching ``paths`` (all if None)."""
        subscription = Subscription(callback, paths, self._items.remove)
        self._items.append(subscription)
        return subscription

    def __len__(self) -> int:
        return len(self._items)

    def notify(self, delta: Delta, running: list[Subscription | None]) -> None:
        """Call each interested subscriber with ``delta``; ``running[0]`` names the one running
        (so an action it dispatches can be blamed on it)."""
        for subscription in list(self._items):
            if not subscription.wants(delta):
                continue
            running[0] = subscription
            try:
                subscription.callback(delta)
            except Exception as exc:
                self.report(SubscriberFailure(subscription, delta, exc))
            finally:
                running[0] = None

    def report(self, failure: SubscriberFailure) -> None:
        """Record ``failure``, log it, and pass it to the hook (whose own failure is logged)."""
        self.failures.append(failure)
        logger.warning(
            "subscriber %s failed on delta %d (%s): %r",
            "(none)" if failure.subscription is None else failure.subscription.name,
            failure.delta.seq,
            failure.delta.action,
            failure.error,
            exc_info=failure.error,
        )
        if self._on_error is not None:
            try:
                self._on_error(failure)
            except Exception:
                logger.exception("on_subscriber_error hook failed")
