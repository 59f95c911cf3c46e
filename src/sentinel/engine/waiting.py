"""Waiting without holding simulated time still, and without letting it run ahead.

On an auto-advancing :class:`~sentinel.clock.VirtualClock`, a task that waits for another task
(an event, a wall-clock poll) must say so with ``clock.idle()``, or virtual time stops for
everyone. The converse trap: the clock counts an idle task as idle until it actually resumes,
so when a wake-up reaches it through a chain of tasks (event → helper task → ``asyncio.wait``
→ the waiter), the clock may look in between, see everyone idle and jump to the next deadline
before the waiter had a chance to act. A check already queued by some other task's progress
can even run between ``event.set()`` and the waiter's resumption. Hence the shape used here:
the waiting task awaits one event directly, and whatever ends the wait (a deadline, a poll, a
finished run) sets it with :func:`signal`, which stays runnable for one more turn of the loop,
so that no check can find every task idle before the waiter has resumed.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from datetime import datetime

from sentinel.clock import Clock, VirtualClock


@contextmanager
def idle(clock: Clock) -> Iterator[None]:
    """Mark the current task as waiting on other tasks (a no-op on real clocks)."""
    with clock.idle() if isinstance(clock, VirtualClock) else nullcontext():
        yield


async def signal(event: asyncio.Event) -> None:
    """Set ``event`` and stay runnable until its waiters have resumed (see the module notes)."""
    event.set()
    await asyncio.sleep(0)


async def _set_at(clock: Clock, deadline: datetime, event: asyncio.Event) -> None:
    await clock.sleep_until(deadline)
    await signal(event)


async def _set_after(clock: Clock, seconds: float, event: asyncio.Event) -> None:
    with idle(clock):
        await asyncio.sleep(seconds)
    await signal(event)


async def wait_for_event(
    clock: Clock,
    event: asyncio.Event,
    *,
    deadline: datetime | None = None,
    poll_s: float | None = None,
) -> None:
    """Return when ``event`` is set, which also happens when the clock reaches ``deadline`` or
    ``poll_s`` seconds of real time pass.

    The poll is on the wall clock on purpose: it is the safety net for changes made by other
    processes, and on a simulated clock it must not wake the loop every few virtual seconds.
    """
    if event.is_set():
        await asyncio.sleep(0)
        return
    helpers: list[asyncio.Future[None]] = []
    if deadline is not None:
        helpers.append(asyncio.ensure_future(_set_at(clock, deadline, event)))
    if poll_s is not None:
        helpers.append(asyncio.ensure_future(_set_after(clock, poll_s, event)))
    try:
        with idle(clock):
            await event.wait()
    finally:
        for helper in helpers:
            helper.cancel()
        await asyncio.gather(*helpers, return_exceptions=True)
