"""Time as a dependency: the wall clock in production, a virtual clock in the simulated world.

Everything in Sentinel that reads the time or waits for it takes a :class:`Clock`. With a
:class:`VirtualClock` the simulated world, the scheduler and the monitors all share one notion
of "now", so months of monitoring can be replayed in seconds and every run is reproducible.

Auto-advance
------------
A :class:`VirtualClock` created with ``auto_advance=True`` moves time by itself: whenever every
task of the event loop is blocked on the clock (awaiting :meth:`VirtualClock.sleep_until` or
:meth:`VirtualClock.sleep`), it jumps to the earliest deadline and wakes the sleepers due then,
in the order they went to sleep. A task that is doing anything else (running, awaiting an HTTP
response, a database call, a model in a worker thread) holds time still, so a run that starts
at 09:00 sees 09:00 until it finishes, however long it takes in real time.

A task that waits for something only other tasks can cause (an ``asyncio.Event``, a queue, a
``gather`` of sleepers) must say so with ``with clock.idle():`` around that wait; otherwise it
holds time still forever. :func:`sleep_until_or_set` does this for the common "sleep until the
next deadline unless woken earlier" pattern of a scheduler.

A driver advances such a world by sleeping itself: ``await clock.sleep_until(end)`` lets every
other task run, jumping through their deadlines in order, and returns at ``end``.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Protocol, runtime_checkable

from sentinel.errors import InvalidInput

__all__ = ["Clock", "SystemClock", "VirtualClock", "ensure_utc", "sleep_until_or_set"]


def ensure_utc(moment: datetime, field_name: str = "time") -> datetime:
    """``moment`` converted to UTC; naive datetimes are rejected since their zone is unknown."""
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise InvalidInput(field_name, moment, "must be timezone-aware (e.g. ...T00:00:00Z)")
    return moment.astimezone(UTC)


@runtime_checkable
class Clock(Protocol):
    """Where Sentinel reads the current time and waits for a later one."""

    def now(self) -> datetime:
        """The current time, timezone-aware, in UTC."""
        ...

    async def sleep_until(self, deadline: datetime) -> None:
        """Return once ``now() >= deadline`` (immediately if it already is)."""
        ...

    async def sleep(self, seconds: float) -> None:
        """Return once ``seconds`` have passed on this clock."""
        ...


class SystemClock:
    """The real wall clock."""

    def now(self) -> datetime:
        """The current UTC time."""
        return datetime.now(UTC)

    async def sleep_until(self, deadline: datetime) -> None:
        """Sleep until the wall clock reaches ``deadline``."""
        deadline = ensure_utc(deadline, "deadline")
        # asyncio sleeps on the monotonic clock; re-check in case the wall clock was adjusted.
        remaining = (deadline - self.now()).total_seconds()
        while remaining > 0:
            await asyncio.sleep(remaining)
            remaining = (deadline - self.now()).total_seconds()

    async def sleep(self, seconds: float) -> None:
        """Sleep ``seconds`` of real time (negative counts as zero)."""
        await asyncio.sleep(max(0.0, seconds))


@dataclass(order=True)
class _Sleeper:
    deadline: datetime
    seq: int
    future: asyncio.Future[None] = field(compare=False)
    task: asyncio.Task[object] | None = field(compare=False)


class VirtualClock:
    """A clock whose time moves only when told to, or by itself when every task waits on it.

    ``advance`` and ``set`` move time forward by hand and wake the sleepers that became due;
    with ``auto_advance`` the clock also jumps to the earliest deadline whenever nothing else in
    the event loop can run (see the module documentation). Time never goes backwards.
    All sleepers must belong to one event loop; ``advance`` and ``set`` may be called from any
    thread (the simulated world's HTTP server runs in its own).
    """

    def __init__(self, start: datetime, *, auto_advance: bool = False) -> None:
        self._now = ensure_utc(start, "start")
        self._auto = auto_advance
        self._lock = threading.RLock()
        self._heap: list[_Sleeper] = []
        self._seq = itertools.count()
        self._sleeping: Counter[asyncio.Task[object]] = Counter()
        self._idle: Counter[asyncio.Task[object]] = Counter()
        self._watched: set[asyncio.Task[object]] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._check_scheduled = False

    def __repr__(self) -> str:
        mode = "auto" if self._auto else "manual"
        return f"VirtualClock({self._now.isoformat()}, {mode}, sleepers={self.sleepers})"

    # -- reading -------------------------------------------------------------------------

    def now(self) -> datetime:
        """The current virtual time (UTC)."""
        return self._now

    @property
    def auto_advance(self) -> bool:
        """Whether the clock jumps to the next deadline when every task is waiting on it."""
        return self._auto

    @auto_advance.setter
    def auto_advance(self, enabled: bool) -> None:
        self._auto = enabled
        if enabled and self._loop is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._schedule_check)

    @property
    def sleepers(self) -> int:
        """How many sleepers are waiting for a deadline."""
        with self._lock:
            return sum(1 for s in self._heap if not s.future.done())

    @property
    def next_deadline(self) -> datetime | None:
        """The earliest deadline anyone is waiting for, or None."""
        with self._lock:
            self._drop_finished()
            return self._heap[0].deadline if self._heap else None

    # -- moving time by hand -------------------------------------------------------------

    def advance(self, delta: timedelta) -> datetime:
        """Move time forward by ``delta``, wake the sleepers now due, return the new time."""
        if delta < timedelta(0):
            raise InvalidInput("delta", delta, "a clock cannot go backwards")
        return self.set(self._now + delta)

    def set(self, moment: datetime) -> datetime:
        """Move time forward to ``moment`` and wake the sleepers now due; never backwards."""
        moment = ensure_utc(moment, "moment")
        with self._lock:
            if moment < self._now:
                raise InvalidInput(
                    "moment", moment, f"is before the clock's current time {self._now.isoformat()}"
                )
            self._now = moment
            self._wake_due()
        return moment

    # -- waiting ---------------------------------------------------------------------------

    async def sleep(self, seconds: float) -> None:
        """Sleep ``seconds`` of virtual time."""
        await self.sleep_until(self._now + timedelta(seconds=max(0.0, seconds)))

    async def sleep_until(self, deadline: datetime) -> None:
        """Wait until virtual time reaches ``deadline``."""
        deadline = ensure_utc(deadline, "deadline")
        loop = asyncio.get_running_loop()
        task = asyncio.current_task()
        with self._lock:
            if deadline <= self._now:
                sleeper = None
            else:
                if self._loop is not loop:
                    if any(
                        not s.future.done() and not s.future.get_loop().is_closed()
                        for s in self._heap
                    ):
                        raise RuntimeError("a VirtualClock's sleepers must share one event loop")
                    self._loop = loop
                    self._watched.clear()
                sleeper = _Sleeper(deadline, next(self._seq), loop.create_future(), task)
                heapq.heappush(self._heap, sleeper)
                if task is not None:
                    self._sleeping[task] += 1
        if sleeper is None:
            # Still a checkpoint, so a loop that sleeps for zero time cannot starve the others.
            await asyncio.sleep(0)
            return
        self._schedule_check()
        try:
            await sleeper.future
        finally:
            with self._lock:
                sleeper.future.cancel()  # no-op once woken; marks a cancelled sleep as finished
                if sleeper.task is not None:  # cancelled before its deadline
                    self._forget(self._sleeping, sleeper.task)
                    sleeper.task = None
                if task is not None:
                    self._watch(task)

    @contextmanager
    def idle(self) -> Iterator[None]:
        """Declare that the current task, inside this block, waits only on other tasks.

        Auto-advance then treats it like a sleeper: it does not hold virtual time still.
        """
        task = asyncio.current_task()
        if task is None:
            raise RuntimeError("VirtualClock.idle() must be used inside an asyncio task")
        with self._lock:
            self._idle[task] += 1
        self._schedule_check()
        try:
            yield
        finally:
            with self._lock:
                self._forget(self._idle, task)
                self._watch(task)

    # -- internals -------------------------------------------------------------------------

    @staticmethod
    def _forget(counter: Counter[asyncio.Task[object]], task: asyncio.Task[object]) -> None:
        counter[task] -= 1
        if counter[task] <= 0:
            del counter[task]

    def _drop_finished(self) -> None:
        while self._heap and self._heap[0].future.done():
            heapq.heappop(self._heap)

    def _wake_due(self) -> None:
        """Wake every sleeper whose deadline has passed, earliest (then first asleep) first."""
        while self._heap and self._heap[0].deadline <= self._now:
            sleeper = heapq.heappop(self._heap)
            if sleeper.future.done():
                continue
            if sleeper.task is not None:
                # Counted as running from now on, even before the loop resumes it.
                self._forget(self._sleeping, sleeper.task)
            sleeper.task = None
            self._resolve(sleeper.future)

    @staticmethod
    def _resolve(future: asyncio.Future[None]) -> None:
        loop = future.get_loop()
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            future.set_result(None)
        elif not loop.is_closed():
            loop.call_soon_threadsafe(_set_if_pending, future)

    def _schedule_check(self) -> None:
        if not self._auto or self._check_scheduled or self._loop is None:
            return
        if self._loop.is_closed():
            return
        self._check_scheduled = True
        self._loop.call_soon_threadsafe(self._check)

    def _watch(self, task: asyncio.Task[object]) -> None:
        # A running task ends by sleeping again (which re-checks) or by finishing: re-check then.
        if self._auto and task not in self._watched and not task.done():
            self._watched.add(task)
            task.add_done_callback(self._on_task_done)

    def _on_task_done(self, task: asyncio.Task[object]) -> None:
        self._watched.discard(task)
        self._schedule_check()

    def _check(self) -> None:
        """Jump to the earliest deadline if every task of the loop is blocked on the clock."""
        self._check_scheduled = False
        if not self._auto or self._loop is None:
            return
        with self._lock:
            self._drop_finished()
            if not self._heap:
                return
            blocked = True
            for task in asyncio.all_tasks(self._loop):
                if task in self._sleeping or task in self._idle:
                    continue
                blocked = False
                self._watch(task)
            if blocked:
                self._now = max(self._now, self._heap[0].deadline)
                self._wake_due()


def _set_if_pending(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


async def sleep_until_or_set(clock: Clock, deadline: datetime, wake: asyncio.Event) -> bool:
    """Sleep until ``deadline`` or until ``wake`` is set, whichever comes first.

    Returns whether ``wake`` is set on return. Works with any clock; with an auto-advancing
    :class:`VirtualClock` the waiting on ``wake`` does not hold virtual time still.
    """
    if wake.is_set():
        return True
    virtual = clock if isinstance(clock, VirtualClock) else None

    async def wait_for_wake() -> None:
        if virtual is None:
            await wake.wait()
        else:
            with virtual.idle():
                await wake.wait()

    sleeper = asyncio.ensure_future(clock.sleep_until(deadline))
    waiter = asyncio.ensure_future(wait_for_wake())
    try:
        if virtual is None:
            await asyncio.wait({sleeper, waiter}, return_when=asyncio.FIRST_COMPLETED)
        else:
            with virtual.idle():
                await asyncio.wait({sleeper, waiter}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for pending in (sleeper, waiter):
            pending.cancel()
        await asyncio.gather(sleeper, waiter, return_exceptions=True)
    if sleeper.done() and not sleeper.cancelled():
        sleeper.result()  # re-raises what the clock raised, e.g. for a naive deadline
    return wake.is_set()
