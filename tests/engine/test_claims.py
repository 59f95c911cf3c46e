"""Reaping the runs of vanished workers, and giving up on monitors that keep killing theirs."""

from __future__ import annotations

from datetime import timedelta

from sentinel.clock import VirtualClock
from sentinel.engine import Engine
from sentinel.storage import Database, RunStatus
from tests.engine.fakes import FakeRunner
from tests.engine.helpers import monitor_of, runs_of
from tests.storage.helpers import T0, make_monitor

LEASE = timedelta(seconds=60)


async def start_and_vanish(db: Database, clock: VirtualClock, retry_count: int = 0) -> None:
    """What a worker killed mid-run leaves behind: a lease and an open run."""
    now = clock.now()
    async with db.transaction() as tx:
        [monitor] = await tx.monitors.claim_due(now, "dead-worker", LEASE.total_seconds(), 1)
        await tx.runs.start(monitor.id, scheduled_at=now, started_at=now, retry_count=retry_count)


async def test_the_run_of_a_vanished_worker_is_reaped_and_retried_once(
    any_db: Database, clock: VirtualClock
) -> None:
    db = any_db  # SQLite and PostgreSQL
    created = await make_monitor(db)
    await start_and_vanish(db, clock)
    clock.advance(LEASE)
    runner = FakeRunner(clock)
    report = await Engine(db, runner, clock).tick()
    assert report.reaped == [created.id]
    assert len(runner.calls) == 1, "retried once: not lost, not doubled"
    abandoned, retried = await runs_of(db, created.id)
    assert (abandoned.status, abandoned.error_category) == (RunStatus.FAILED, "abandoned")
    assert (retried.status, retried.retry_count) == (RunStatus.SUCCEEDED, 1)


async def test_a_live_lease_is_neither_reaped_nor_claimed(
    any_db: Database, clock: VirtualClock
) -> None:
    db = any_db  # SQLite and PostgreSQL
    created = await make_monitor(db)
    await start_and_vanish(db, clock)
    clock.advance(LEASE - timedelta(seconds=1))
    runner = FakeRunner(clock)
    report = await Engine(db, runner, clock).tick()
    assert (report.reaped, runner.calls) == ([], [])
    [run] = await runs_of(db, created.id)
    assert run.status is RunStatus.RUNNING


async def test_the_engine_sleeps_until_a_dead_workers_lease_ends(
    any_db: Database, clock: VirtualClock
) -> None:
    db = any_db  # SQLite and PostgreSQL
    await make_monitor(db)
    await start_and_vanish(db, clock)
    async with db.transaction() as tx:
        assert await tx.monitors.earliest_next_run_at() == T0 + LEASE


async def test_a_monitor_whose_runs_keep_killing_their_workers_is_given_up(
    any_db: Database, clock: VirtualClock
) -> None:
    db = any_db  # SQLite and PostgreSQL
    created = await make_monitor(db)
    for retry_count in range(4):  # the first attempt and the abandoned budget's three retries
        await start_and_vanish(db, clock, retry_count)
        clock.advance(LEASE)
        async with db.transaction() as tx:
            reaped = await tx.monitors.reap_expired_leases(clock.now())
            await tx.runs.abandon_running(reaped, now=clock.now(), message="killed")
    runner = FakeRunner(clock)
    [report] = (await Engine(db, runner, clock).tick()).runs
    assert runner.calls == [], "not run a fifth time"
    assert (report.status, report.error_category) == (RunStatus.FAILED, "crash_loop")
    assert (await monitor_of(db, created.id)).next_run_at == clock.now() + timedelta(days=1)
