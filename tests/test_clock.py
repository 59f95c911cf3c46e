"""The clocks: wall time, hand-moved virtual time, and auto-advancing virtual time."""

from __future__ import annotations

import asyncio
import threading
from datetime import UTC, datetime, timedelta, timezone

import pytest

from sentinel.clock import Clock, SystemClock, VirtualClock, ensure_utc, sleep_until_or_set
from sentinel.errors import InvalidInput

T0 = datetime(2025, 8, 1, tzinfo=UTC)
HOUR = timedelta(hours=1)


def test_both_clocks_satisfy_the_protocol() -> None:
    assert isinstance(SystemClock(), Clock)
    assert isinstance(VirtualClock(T0), Clock)


def test_system_clock_reads_aware_utc_time() -> None:
    now = SystemClock().now()
    assert now.tzinfo is UTC
    assert abs((now - datetime.now(UTC)).total_seconds()) < 5


async def test_system_clock_returns_at_once_for_a_past_deadline() -> None:
    clock = SystemClock()
    await asyncio.wait_for(clock.sleep_until(clock.now() - HOUR), timeout=1)


def test_ensure_utc_converts_offsets_and_rejects_naive_times() -> None:
    paris = datetime(2025, 8, 1, 2, tzinfo=timezone(timedelta(hours=2)))
    assert ensure_utc(paris) == T0
    assert ensure_utc(paris).tzinfo is UTC
    with pytest.raises(InvalidInput, match="timezone-aware"):
        ensure_utc(datetime(2025, 8, 1))


def test_virtual_clock_starts_at_its_start_and_moves_only_forward() -> None:
    clock = VirtualClock(T0)
    assert clock.now() == T0
    assert clock.advance(HOUR) == T0 + HOUR
    assert clock.set(T0 + 2 * HOUR) == T0 + 2 * HOUR
    with pytest.raises(InvalidInput, match="before the clock's current time"):
        clock.set(T0)
    with pytest.raises(InvalidInput, match="cannot go backwards"):
        clock.advance(-HOUR)
    assert clock.now() == T0 + 2 * HOUR


def test_virtual_clock_rejects_a_naive_start() -> None:
    with pytest.raises(InvalidInput, match="start"):
        VirtualClock(datetime(2025, 8, 1))


async def test_sleeper_wakes_only_once_time_reaches_its_deadline() -> None:
    clock = VirtualClock(T0)
    sleeper = asyncio.create_task(clock.sleep_until(T0 + HOUR))
    await asyncio.sleep(0)
    assert clock.sleepers == 1
    assert clock.next_deadline == T0 + HOUR
    clock.advance(timedelta(minutes=59))
    await asyncio.sleep(0)
    assert not sleeper.done()
    clock.advance(timedelta(minutes=1))  # exactly the deadline
    await asyncio.wait_for(sleeper, timeout=1)
    assert clock.sleepers == 0
    assert clock.next_deadline is None


async def test_sleep_until_a_past_deadline_returns_without_waiting() -> None:
    clock = VirtualClock(T0)
    await asyncio.wait_for(clock.sleep_until(T0 - HOUR), timeout=1)
    await asyncio.wait_for(clock.sleep(0), timeout=1)
    assert clock.sleepers == 0


async def test_sleepers_wake_earliest_deadline_first_then_in_order_of_sleeping() -> None:
    clock = VirtualClock(T0)
    woke: list[str] = []

    async def sleeper(name: str, deadline: datetime) -> None:
        await clock.sleep_until(deadline)
        woke.append(name)

    tasks = [
        asyncio.create_task(sleeper("late", T0 + 2 * HOUR)),
        asyncio.create_task(sleeper("first", T0 + HOUR)),
        asyncio.create_task(sleeper("second", T0 + HOUR)),
    ]
    await asyncio.sleep(0)
    clock.advance(3 * HOUR)
    await asyncio.gather(*tasks)
    assert woke == ["first", "second", "late"]


async def test_cancelled_sleeper_is_forgotten() -> None:
    clock = VirtualClock(T0)
    sleeper = asyncio.create_task(clock.sleep(3600))
    await asyncio.sleep(0)
    sleeper.cancel()
    with pytest.raises(asyncio.CancelledError):
        await sleeper
    assert clock.sleepers == 0
    assert clock.next_deadline is None


async def test_setting_time_from_another_thread_wakes_a_sleeper() -> None:
    clock = VirtualClock(T0)
    sleeper = asyncio.create_task(clock.sleep_until(T0 + HOUR))
    await asyncio.sleep(0)
    thread = threading.Thread(target=clock.set, args=(T0 + HOUR,))
    thread.start()
    thread.join()
    await asyncio.wait_for(sleeper, timeout=1)


async def test_auto_advance_jumps_a_lone_sleeper_to_its_deadline() -> None:
    clock = VirtualClock(T0, auto_advance=True)
    await clock.sleep_until(T0 + timedelta(days=90))
    assert clock.now() == T0 + timedelta(days=90)


async def test_auto_advance_runs_a_daily_scheduler_through_months_deterministically() -> None:
    clock = VirtualClock(T0, auto_advance=True)
    ticks: list[datetime] = []

    async def scheduler() -> None:
        while True:
            ticks.append(clock.now())
            await clock.sleep(timedelta(days=1).total_seconds())

    task = asyncio.create_task(scheduler())
    await clock.sleep_until(T0 + timedelta(days=60, hours=12))
    task.cancel()
    assert ticks == [T0 + timedelta(days=d) for d in range(61)]
    assert clock.now() == T0 + timedelta(days=60, hours=12)


async def test_auto_advance_holds_time_while_a_task_does_real_work() -> None:
    clock = VirtualClock(T0, auto_advance=True)
    seen: list[tuple[str, datetime]] = []

    async def slow_run() -> None:
        seen.append(("run started", clock.now()))
        await asyncio.sleep(0.05)  # real I/O: a fetch, a model call
        seen.append(("run finished", clock.now()))

    async def tick() -> None:
        await clock.sleep_until(T0 + HOUR)
        seen.append(("tick", clock.now()))

    tasks = [asyncio.create_task(slow_run()), asyncio.create_task(tick())]
    await clock.sleep_until(T0 + 2 * HOUR)
    await asyncio.gather(*tasks)
    assert seen == [("run started", T0), ("run finished", T0), ("tick", T0 + HOUR)]


async def test_auto_advance_waits_for_a_task_blocked_on_something_else() -> None:
    clock = VirtualClock(T0, auto_advance=True)
    release = asyncio.Event()

    async def waits_for_event() -> None:
        await release.wait()

    waiter = asyncio.create_task(waits_for_event())
    sleeper = asyncio.create_task(clock.sleep_until(T0 + HOUR))
    with clock.idle():
        await asyncio.sleep(0.05)
    assert clock.now() == T0  # the event waiter holds time still
    release.set()
    await waiter
    with clock.idle():
        await asyncio.wait_for(sleeper, timeout=1)
    assert clock.now() == T0 + HOUR


async def test_idle_declares_a_wait_that_must_not_hold_time() -> None:
    clock = VirtualClock(T0, auto_advance=True)
    sleepers = [asyncio.create_task(clock.sleep(h * 3600)) for h in (1, 2, 3)]
    with clock.idle():
        # wait_for runs its argument in a task of its own: the idle waiter must not hold it
        await asyncio.wait_for(asyncio.gather(*sleepers), timeout=1)
    assert clock.now() == T0 + 3 * HOUR


async def test_sleep_until_or_set_returns_false_when_the_deadline_comes_first() -> None:
    clock = VirtualClock(T0, auto_advance=True)
    woken = await sleep_until_or_set(clock, T0 + HOUR, asyncio.Event())
    assert woken is False
    assert clock.now() == T0 + HOUR


async def test_sleep_until_or_set_returns_true_when_woken_early() -> None:
    clock = VirtualClock(T0)
    wake = asyncio.Event()
    sleeping = asyncio.create_task(sleep_until_or_set(clock, T0 + HOUR, wake))
    await asyncio.sleep(0)
    wake.set()
    assert await asyncio.wait_for(sleeping, timeout=1) is True
    assert clock.now() == T0
    assert clock.sleepers == 0


async def test_sleep_until_or_set_works_on_the_system_clock() -> None:
    clock = SystemClock()
    wake = asyncio.Event()
    asyncio.get_running_loop().call_later(0.01, wake.set)
    assert await asyncio.wait_for(sleep_until_or_set(clock, clock.now() + HOUR, wake), 1)
    assert not await sleep_until_or_set(clock, clock.now(), asyncio.Event())
