"""One run from claim to schedule: retries by category, permanent failures, runner misbehaviour,
changes made to the monitor while it runs, heartbeats."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from itertools import pairwise

from sentinel.clock import VirtualClock
from sentinel.engine import CategoryBudget, Engine, RunnerResult, RunRetryPolicy
from sentinel.storage import Database, MonitorState, RunEnding, RunStatus
from tests.engine.fakes import FakeRunner, Pause, fail, succeed_in
from tests.engine.helpers import monitor_of, runs_of
from tests.storage.helpers import T0, make_monitor

EXACT = RunRetryPolicy(jitter=0.0)
DAY = timedelta(days=1)


async def run_due(engine: Engine, clock: VirtualClock, db: Database, monitor_id: int) -> None:
    """Move the clock to the monitor's next run and tick."""
    due = (await monitor_of(db, monitor_id)).next_run_at
    assert due is not None
    if due > clock.now():
        clock.set(due)
    await engine.tick()


async def test_a_rate_limited_run_backs_off_exponentially_until_its_budget_is_spent(
    db: Database, clock: VirtualClock
) -> None:
    created = await make_monitor(db)
    engine = Engine(db, FakeRunner(clock, default=fail("rate_limit", "429")), clock, policy=EXACT)
    for _ in range(6):
        await run_due(engine, clock, db, created.id)
    runs = await runs_of(db, created.id)
    assert [r.status for r in runs] == [RunStatus.RETRYING] * 5 + [RunStatus.FAILED]
    assert [r.retry_count for r in runs] == [0, 1, 2, 3, 4, 5]
    assert {r.error_category for r in runs} == {"rate_limit"}
    gaps = [(b.scheduled_at - a.scheduled_at).total_seconds() for a, b in pairwise(runs)]
    assert gaps == [60, 120, 240, 480, 960]
    stored = await monitor_of(db, created.id)
    assert stored.next_run_at == clock.now() + DAY, "given up: back to the normal schedule"
    assert stored.state is MonitorState.ACTIVE


async def test_a_user_error_is_not_retried_and_the_monitor_keeps_its_schedule(
    db: Database, clock: VirtualClock
) -> None:
    created = await make_monitor(db)
    later = T0 + timedelta(hours=6)
    answer = RunnerResult("failed", "user", "the query is not a question", next_run_at=later)
    report = await Engine(db, FakeRunner(clock, default=answer), clock, policy=EXACT).tick()
    [run] = await runs_of(db, created.id)
    assert (run.status, run.error_category, run.error_message) == (
        RunStatus.FAILED,
        "user",
        "the query is not a question",
    )
    assert (await monitor_of(db, created.id)).next_run_at == later
    assert report.runs[0].next_run_at == later


async def test_a_success_after_retries_starts_a_fresh_chain(
    db: Database, clock: VirtualClock
) -> None:
    created = await make_monitor(db)
    runner = FakeRunner(clock, default=succeed_in(DAY))
    runner.script(created.id, [fail("network"), fail("network")])
    engine = Engine(db, runner, clock, policy=EXACT)
    for _ in range(4):
        await run_due(engine, clock, db, created.id)
    runs = await runs_of(db, created.id)
    assert [(r.status, r.retry_count) for r in runs] == [
        (RunStatus.RETRYING, 0),
        (RunStatus.RETRYING, 1),
        (RunStatus.SUCCEEDED, 2),
        (RunStatus.SUCCEEDED, 0),
    ]


async def test_the_monitor_fails_after_n_permanent_failures_in_a_row(
    db: Database, clock: VirtualClock
) -> None:
    created = await make_monitor(db)
    runner = FakeRunner(clock, default=fail("user"))
    engine = Engine(db, runner, clock, policy=EXACT, failure_threshold=3)
    reports = []
    for _ in range(3):
        await run_due(engine, clock, db, created.id)
    stored = await monitor_of(db, created.id)
    assert (stored.state, stored.next_run_at) == (MonitorState.FAILED, None)
    clock.advance(30 * DAY)
    reports.append(await engine.tick())
    assert reports[-1].runs == [], "a failed monitor is not run"
    assert len(runner.calls) == 3


async def test_the_run_that_fails_the_monitor_says_so(db: Database, clock: VirtualClock) -> None:
    created = await make_monitor(db)
    engine = Engine(db, FakeRunner(clock, default=fail("user")), clock, failure_threshold=1)
    [run] = (await engine.tick()).runs
    assert run.monitor_failed
    assert run.next_run_at is None
    assert (await monitor_of(db, created.id)).state is MonitorState.FAILED


async def test_a_success_resets_the_permanent_failure_count(
    db: Database, clock: VirtualClock
) -> None:
    created = await make_monitor(db)
    runner = FakeRunner(clock)
    runner.script(created.id, [fail("user"), fail("user"), succeed_in(DAY)])
    runner.default = fail("user")
    engine = Engine(db, runner, clock, policy=EXACT, failure_threshold=3)
    for _ in range(5):
        await run_due(engine, clock, db, created.id)
    assert (await monitor_of(db, created.id)).state is MonitorState.ACTIVE


async def test_a_retry_chain_counts_once_toward_failing_the_monitor(
    db: Database, clock: VirtualClock
) -> None:
    created = await make_monitor(db)
    policy = RunRetryPolicy(budgets={"network": CategoryBudget(retries=1, base_s=30)}, jitter=0)
    engine = Engine(
        db, FakeRunner(clock, default=fail("network")), clock, policy=policy, failure_threshold=2
    )
    for _ in range(3):
        await run_due(engine, clock, db, created.id)
    assert (await monitor_of(db, created.id)).state is MonitorState.ACTIVE
    await run_due(engine, clock, db, created.id)
    assert (await monitor_of(db, created.id)).state is MonitorState.FAILED


async def test_a_runner_that_raises_is_recorded_as_an_internal_failure(
    db: Database, clock: VirtualClock
) -> None:
    created = await make_monitor(db)
    runner = FakeRunner(clock, default=RuntimeError("bug in the sensor"))
    report = await Engine(db, runner, clock, policy=EXACT).tick()
    [run] = await runs_of(db, created.id)
    assert (run.status, run.error_category) == (RunStatus.RETRYING, "internal")
    assert "bug in the sensor" in (run.error_message or "")
    assert report.runs[0].next_run_at == T0 + timedelta(minutes=5)


async def test_a_hanging_runner_times_out_as_a_network_failure(
    db: Database, clock: VirtualClock
) -> None:
    created = await make_monitor(db)
    never = asyncio.Event()
    runner = FakeRunner(clock, default=Pause(RunnerResult("succeeded"), until=never))
    await Engine(db, runner, clock, run_timeout_s=0.2).tick()
    [run] = await runs_of(db, created.id)
    assert (run.status, run.error_category) == (RunStatus.RETRYING, "network")
    assert "did not finish within 0.2 s" in (run.error_message or "")


async def test_an_unknown_status_is_an_internal_failure(db: Database, clock: VirtualClock) -> None:
    created = await make_monitor(db)
    await Engine(db, FakeRunner(clock, default=RunnerResult("done!")), clock).tick()
    [run] = await runs_of(db, created.id)
    assert run.error_category == "internal"
    assert "unknown status 'done!'" in (run.error_message or "")


async def test_a_record_the_runner_finished_itself_is_kept(
    db: Database, clock: VirtualClock
) -> None:
    created = await make_monitor(db)

    async def runner(monitor_id: int, run_id: int) -> RunnerResult:
        async with db.transaction() as tx:
            outcome = RunEnding(RunStatus.SUCCEEDED, decision={"should_act": False})
            await tx.runs.finish(run_id, outcome, finished_at=clock.now())
        return RunnerResult("succeeded", next_run_at=clock.now() + DAY)

    await Engine(db, runner, clock).tick()
    [run] = await runs_of(db, created.id)
    assert (run.status, run.decision) == (RunStatus.SUCCEEDED, {"should_act": False})
    assert (await monitor_of(db, created.id)).next_run_at == T0 + DAY


async def test_pausing_a_monitor_mid_run_leaves_its_schedule_to_the_pause(
    db: Database, clock: VirtualClock
) -> None:
    created = await make_monitor(db)

    async def runner(monitor_id: int, run_id: int) -> RunnerResult:
        async with db.transaction() as tx:
            await tx.monitors.transition(monitor_id, MonitorState.PAUSED, now=clock.now())
        return RunnerResult("succeeded", next_run_at=clock.now() + DAY)

    [report] = (await Engine(db, runner, clock).tick()).runs
    stored = await monitor_of(db, created.id)
    assert (stored.state, stored.next_run_at, stored.run_count) == (MonitorState.PAUSED, T0, 1)
    assert report.status is RunStatus.SUCCEEDED
    assert report.next_run_at is None


async def test_deleting_a_monitor_mid_run_is_harmless(db: Database, clock: VirtualClock) -> None:
    created = await make_monitor(db)

    async def runner(monitor_id: int, run_id: int) -> RunnerResult:
        async with db.transaction() as tx:
            await tx.monitors.delete(monitor_id)
        return RunnerResult("succeeded")

    [report] = (await Engine(db, runner, clock).tick()).runs
    assert (report.monitor_id, report.next_run_at) == (created.id, None)


async def test_heartbeats_keep_a_long_run_from_being_reaped(db: Database) -> None:
    clock = VirtualClock(T0, auto_advance=True)
    created = await make_monitor(db)
    slow = FakeRunner(clock, default=Pause(RunnerResult("succeeded"), seconds=600))
    other = FakeRunner(clock)
    first = Engine(db, slow, clock, owner="first", lease_s=60)
    second = Engine(db, other, clock, owner="second", lease_s=60)

    async def meanwhile() -> None:
        await clock.sleep(300)  # half-way through the slow run, well past its first lease
        report = await second.tick()
        assert report.runs == []
        assert report.reaped == []

    with clock.idle():
        await asyncio.wait_for(asyncio.gather(first.tick(), meanwhile()), 10)
    assert other.calls == []
    [run] = await runs_of(db, created.id)
    assert run.status is RunStatus.SUCCEEDED
