"""The engine's loop: due ordering, sleeping, waking, concurrency, run_until, run_monitor."""

from __future__ import annotations

import asyncio
import time
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy.exc import OperationalError

import sentinel.engine.engine as engine_module
from sentinel.clock import VirtualClock
from sentinel.engine import (
    Engine,
    EngineError,
    MonitorBusy,
    MonitorNotActive,
    Runner,
    RunnerResult,
)
from sentinel.engine.claims import Claim, reap_and_claim
from sentinel.notify import (
    DeliveryRequest,
    DeliveryWorker,
    DrainReport,
)
from sentinel.storage import Database, MonitorState, RecordNotFound, RunStatus
from tests.engine.fakes import FakeRunner, Pause, succeed_in
from tests.engine.helpers import monitor_of, queue_notification, runs_of
from tests.storage.helpers import T0, at, make_monitor

HOUR = timedelta(hours=1)
DAY = timedelta(days=1)


async def wait_for(condition: object, timeout_s: float = 5.0) -> None:
    """Poll ``condition()`` (real time) until true; fail after ``timeout_s``."""
    assert callable(condition)
    deadline = time.monotonic() + timeout_s
    while not condition():
        assert time.monotonic() < deadline, "condition not met in time"
        await asyncio.sleep(0.01)


async def test_tick_runs_due_monitors_earliest_first_and_leaves_the_rest(
    db: Database, clock: VirtualClock
) -> None:
    late = await make_monitor(db, "late", first_run_at=at(-60))
    early = await make_monitor(db, "early", first_run_at=at(-3600))
    future = await make_monitor(db, "future", first_run_at=at(60))
    runner = FakeRunner(clock)
    report = await Engine(db, runner, clock, concurrency=1).tick()
    assert [call.monitor_id for call in runner.calls] == [early.id, late.id]
    assert report.by_status() == {"succeeded": 2}
    assert runner.runs_of(future.id) == []


async def test_success_records_the_run_and_schedules_what_the_runner_chose(
    db: Database, clock: VirtualClock
) -> None:
    created = await make_monitor(db)
    runner = FakeRunner(clock, default=succeed_in(6 * HOUR))
    report = await Engine(db, runner, clock).tick()
    stored = await monitor_of(db, created.id)
    assert stored.next_run_at == T0 + 6 * HOUR
    assert (stored.run_count, stored.lease_owner, stored.lease_expires_at) == (1, None, None)
    [run] = await runs_of(db, created.id)
    assert (run.status, run.retry_count, run.scheduled_at, run.finished_at) == (
        RunStatus.SUCCEEDED,
        0,
        T0,
        T0,
    )
    assert report.runs[0].next_run_at == T0 + 6 * HOUR


async def test_a_run_without_an_opinion_on_the_next_run_waits_a_day_within_bounds(
    db: Database, clock: VirtualClock
) -> None:
    daily = await make_monitor(db, "daily")
    hourly = await make_monitor(db, "hourly", min_interval_s=60, max_interval_s=3600)
    await Engine(db, FakeRunner(clock), clock).tick()
    assert (await monitor_of(db, daily.id)).next_run_at == T0 + DAY
    assert (await monitor_of(db, hourly.id)).next_run_at == T0 + HOUR


async def test_a_next_run_in_the_past_is_pushed_to_the_minimum_interval(
    db: Database, clock: VirtualClock
) -> None:
    created = await make_monitor(db, min_interval_s=600)
    runner = FakeRunner(clock, default=RunnerResult("succeeded", next_run_at=at(-5)))
    report = await Engine(db, runner, clock).tick()
    assert len(report.runs) == 1, "a past next_run_at must not loop within the tick"
    assert (await monitor_of(db, created.id)).next_run_at == at(600)


async def test_tick_with_nothing_due_claims_once_and_returns(
    db: Database, clock: VirtualClock
) -> None:
    await make_monitor(db, first_run_at=at(3600))
    engine = Engine(db, FakeRunner(clock), clock)
    report = await engine.tick()
    assert report.runs == []
    assert engine.stats.claim_rounds == 1


async def test_concurrency_is_bounded_and_every_due_monitor_runs(db: Database) -> None:
    clock = VirtualClock(T0, auto_advance=True)
    ids = [(await make_monitor(db, f"m{i}")).id for i in range(5)]
    runner = FakeRunner(clock, default=Pause(RunnerResult("succeeded"), seconds=600))
    engine = Engine(db, runner, clock, concurrency=2)
    with clock.idle():  # the test's own task must not hold virtual time still
        report = await asyncio.wait_for(engine.tick(), 10)
    assert sorted(call.monitor_id for call in runner.calls) == ids
    assert runner.max_running == 2
    assert engine.stats.max_in_flight == 2
    assert report.by_status() == {"succeeded": 5}


async def test_the_engine_sleeps_until_the_earliest_next_run_without_polling_the_database(
    db: Database, clock: VirtualClock
) -> None:
    created = await make_monitor(db, first_run_at=T0 + HOUR)
    runner = FakeRunner(clock)
    engine = Engine(db, runner, clock, poll_s=60)
    stop = asyncio.Event()
    serving = asyncio.ensure_future(engine.run_forever(stop))
    try:
        await wait_for(lambda: clock.sleepers >= 1)
        await asyncio.sleep(0.3)
        assert engine.stats.claim_rounds == 1, "the loop must sleep, not poll"
        assert engine.stats.wakeups == 0
        assert clock.next_deadline == T0 + HOUR
        clock.advance(HOUR)
        await wait_for(lambda: engine.stats.finished == 1)
        assert [call.at for call in runner.runs_of(created.id)] == [T0 + HOUR]
    finally:
        stop.set()
        await asyncio.wait_for(serving, 5)


async def test_wake_runs_a_new_monitor_at_once(db: Database, clock: VirtualClock) -> None:
    await make_monitor(db, "tomorrow", first_run_at=T0 + DAY)
    runner = FakeRunner(clock)
    engine = Engine(db, runner, clock, poll_s=60)
    stop = asyncio.Event()
    serving = asyncio.ensure_future(engine.run_forever(stop))
    try:
        await wait_for(lambda: clock.sleepers >= 1)
        fresh = await make_monitor(db, "now")
        engine.wake()
        await wait_for(lambda: engine.stats.finished == 1, timeout_s=2)
        assert [call.monitor_id for call in runner.calls] == [fresh.id]
        assert clock.now() == T0, "woken by the event, not by time passing"
    finally:
        stop.set()
        await asyncio.wait_for(serving, 5)


async def test_the_poll_finds_monitors_made_due_by_another_process(
    db: Database, clock: VirtualClock
) -> None:
    created = await make_monitor(db, first_run_at=T0 + DAY)
    runner = FakeRunner(clock)
    engine = Engine(db, runner, clock, poll_s=0.1)
    stop = asyncio.Event()
    serving = asyncio.ensure_future(engine.run_forever(stop))
    try:
        await wait_for(lambda: clock.sleepers >= 1)
        async with db.transaction() as tx:  # what `sentinel watch run` does, without a wake-up
            await tx.monitors.run_now(created.id, now=clock.now())
        await wait_for(lambda: engine.stats.finished == 1, timeout_s=3)
    finally:
        stop.set()
        await asyncio.wait_for(serving, 5)


async def test_run_until_passes_months_of_virtual_time_in_seconds(db: Database) -> None:
    clock = VirtualClock(T0, auto_advance=True)
    created = await make_monitor(db)
    runner = FakeRunner(clock, default=succeed_in(DAY))
    with clock.idle():  # the wait_for bound guards against a hang, not a speed target
        report = await asyncio.wait_for(Engine(db, runner, clock).run_until(T0 + 60 * DAY), 30)
    assert [call.at for call in runner.calls] == [T0 + i * DAY for i in range(61)]
    assert len(report.runs) == 61
    assert (await monitor_of(db, created.id)).run_count == 61


async def test_run_until_stops_claiming_at_the_deadline_and_finishes_runs_in_progress(
    db: Database,
) -> None:
    clock = VirtualClock(T0, auto_advance=True)
    created = await make_monitor(db)
    runner = FakeRunner(clock, default=Pause(RunnerResult("succeeded"), seconds=2 * 3600))
    with clock.idle():
        report = await asyncio.wait_for(Engine(db, runner, clock).run_until(T0 + HOUR), 10)
    assert report.by_status() == {"succeeded": 1}
    assert clock.now() == T0 + 2 * HOUR
    assert (await monitor_of(db, created.id)).lease_owner is None


async def test_run_monitor_runs_a_monitor_that_is_not_due(
    db: Database, clock: VirtualClock
) -> None:
    created = await make_monitor(db, first_run_at=T0 + DAY)
    report = await Engine(db, FakeRunner(clock), clock).run_monitor(created.id)
    [run] = report.runs
    assert (run.monitor_id, run.status) == (created.id, RunStatus.SUCCEEDED)
    assert (await runs_of(db, created.id))[0].scheduled_at == T0


async def test_run_monitor_refuses_paused_unknown_and_leased_monitors(
    db: Database, clock: VirtualClock
) -> None:
    paused = await make_monitor(db, "paused")
    leased = await make_monitor(db, "leased")
    async with db.transaction() as tx:
        await tx.monitors.transition(paused.id, MonitorState.PAUSED, now=T0)
        await tx.monitors.claim_due(T0, "someone-else", 300, 5)
    engine = Engine(db, FakeRunner(clock), clock)
    with pytest.raises(MonitorNotActive, match="paused"):
        await engine.run_monitor(paused.id)
    with pytest.raises(MonitorBusy, match="someone-else"):
        await engine.run_monitor(leased.id)
    with pytest.raises(RecordNotFound):
        await engine.run_monitor(9999)


async def test_one_tick_at_a_time(db: Database, clock: VirtualClock) -> None:
    gate = asyncio.Event()
    await make_monitor(db)
    runner = FakeRunner(clock, default=Pause(RunnerResult("succeeded"), until=gate))
    engine = Engine(db, runner, clock)
    ticking = asyncio.ensure_future(engine.tick())
    await wait_for(lambda: engine.in_flight)
    with pytest.raises(EngineError, match="already running"):
        await engine.tick()
    gate.set()
    await asyncio.wait_for(ticking, 5)


async def test_two_engines_never_run_the_same_monitor_twice(
    any_db: Database, clock: VirtualClock
) -> None:
    ids = [(await make_monitor(any_db, f"m{i}")).id for i in range(6)]
    first, second = FakeRunner(clock), FakeRunner(clock)
    await asyncio.gather(
        Engine(any_db, first, clock, owner="a", concurrency=2).tick(),
        Engine(any_db, second, clock, owner="b", concurrency=2).tick(),
    )
    ran = sorted(call.monitor_id for call in first.calls + second.calls)
    assert ran == ids


async def test_shutdown_lets_runs_in_progress_finish_within_the_grace_period(
    db: Database,
) -> None:
    clock = VirtualClock(T0, auto_advance=True)
    created = await make_monitor(db)
    runner = FakeRunner(clock, default=Pause(RunnerResult("succeeded"), seconds=10))
    engine = Engine(db, runner, clock, grace_s=60)
    stop = asyncio.Event()
    serving = asyncio.ensure_future(engine.run_forever(stop))
    await wait_for(lambda: runner.calls)  # real-time polling holds virtual time still
    stop.set()
    await asyncio.sleep(0.05)  # the engine sees the stop while virtual time stands still
    with clock.idle():
        await asyncio.wait_for(serving, 5)
    [run] = await runs_of(db, created.id)
    assert run.status is RunStatus.SUCCEEDED
    assert clock.now() == T0 + timedelta(seconds=10)


async def test_shutdown_cancels_runs_beyond_the_grace_period_and_they_run_again_later(
    db: Database,
) -> None:
    clock = VirtualClock(T0, auto_advance=True)
    created = await make_monitor(db)
    runner = FakeRunner(clock, default=Pause(RunnerResult("succeeded"), seconds=3600))
    engine = Engine(db, runner, clock, grace_s=30)
    stop = asyncio.Event()
    serving = asyncio.ensure_future(engine.run_forever(stop))
    await wait_for(lambda: runner.calls)
    stop.set()
    await asyncio.sleep(0.05)
    with clock.idle():
        await asyncio.wait_for(serving, 5)
    assert clock.now() == T0 + timedelta(seconds=30)
    assert engine.stats.interrupted == 1
    [run] = await runs_of(db, created.id)
    assert (run.status, run.error_category) == (RunStatus.RETRYING, "interrupted")
    stored = await monitor_of(db, created.id)
    assert (stored.lease_owner, stored.next_run_at) == (None, T0), "still due: not lost"

    clock.auto_advance = False
    report = await Engine(db, FakeRunner(clock), clock).tick()
    assert [(r.status, r.retry_count) for r in report.runs] == [(RunStatus.SUCCEEDED, 0)]


async def test_abort_cuts_the_grace_period_short(db: Database, clock: VirtualClock) -> None:
    created = await make_monitor(db)
    never = asyncio.Event()
    runner = FakeRunner(clock, default=Pause(RunnerResult("succeeded"), until=never))
    engine = Engine(db, runner, clock, grace_s=86400)
    stop = asyncio.Event()
    serving = asyncio.ensure_future(engine.run_forever(stop))
    await wait_for(lambda: runner.calls)
    stop.set()
    await asyncio.sleep(0.05)
    assert not serving.done(), "waiting for the run, within the grace period"
    engine.abort()
    await asyncio.wait_for(serving, 5)
    [run] = await runs_of(db, created.id)
    assert run.error_category == "interrupted"


async def test_a_failing_claim_does_not_end_the_worker(
    db: Database, clock: VirtualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    created = await make_monitor(db)
    real_claim = reap_and_claim
    failures = iter([OperationalError("claim", {}, Exception("database is locked"))])

    async def flaky_claim(*args: Any, **kwargs: Any) -> Claim:
        for error in failures:
            raise error
        return await real_claim(*args, **kwargs)

    monkeypatch.setattr(engine_module, "reap_and_claim", flaky_claim)
    runner = FakeRunner(clock)
    engine = Engine(db, runner, clock, poll_s=0.05)
    stop = asyncio.Event()
    serving = asyncio.ensure_future(engine.run_forever(stop))
    try:
        await wait_for(lambda: engine.stats.finished == 1, timeout_s=3)
        assert [call.monitor_id for call in runner.calls] == [created.id]
    finally:
        stop.set()
        await asyncio.wait_for(serving, 5)


class RecordingChannel:
    """A webhook channel that remembers what it was asked to send."""

    kind = "webhook"

    def __init__(self) -> None:
        self.sent: list[DeliveryRequest] = []

    async def send(self, request: DeliveryRequest) -> None:
        self.sent.append(request)


def notifying(db: Database) -> Runner:
    """A runner that queues one notification with its run, as a real run does."""

    async def runner(monitor_id: int, run_id: int) -> RunnerResult:
        async with db.transaction() as tx:
            await queue_notification(tx, monitor_id, run_id, message="It happened.", now=T0)
        return RunnerResult("succeeded", notified=True)

    return runner


WEBHOOK = {"kind": "webhook", "url": "https://hooks.example/x"}


async def test_tick_delivers_the_notifications_its_runs_queued(
    db: Database, clock: VirtualClock
) -> None:
    await make_monitor(db, channels=[WEBHOOK])
    channel = RecordingChannel()
    delivery = DeliveryWorker(db, {"webhook": channel}, clock)
    report = await Engine(db, notifying(db), clock, delivery=delivery).tick()
    assert report.deliveries is not None
    assert report.deliveries.delivered == 1
    assert [request.payload["message"] for request in channel.sent] == ["It happened."]


async def test_a_running_engine_wakes_its_delivery_worker_and_survives_its_failures(
    db: Database, clock: VirtualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    await make_monitor(db, channels=[WEBHOOK])
    channel = RecordingChannel()
    delivery = DeliveryWorker(db, {"webhook": channel}, clock, poll_s=86400)
    real_drain = delivery.drain
    failures = iter([OperationalError("drain", {}, Exception("database is locked"))])

    async def flaky_drain() -> DrainReport:
        for error in failures:
            raise error
        return await real_drain()

    monkeypatch.setattr(delivery, "drain", flaky_drain)
    engine = Engine(db, notifying(db), clock, delivery=delivery, poll_s=0.05)
    stop = asyncio.Event()
    serving = asyncio.ensure_future(engine.run_forever(stop))
    try:
        await wait_for(lambda: len(channel.sent) == 1, timeout_s=3)
    finally:
        stop.set()
        await asyncio.wait_for(serving, 5)
