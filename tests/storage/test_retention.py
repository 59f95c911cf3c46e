"""Retention: traces compacted, old runs deleted in batches, what must stay stays."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

from sqlalchemy import select, update

from sentinel.clock import VirtualClock
from sentinel.storage import Database, DeliveryStatus, RunEnding, RunStatus
from sentinel.storage.models import Delivery, Run
from sentinel.storage.retention import (
    RetentionPolicy,
    compact_trace,
    prune,
    prune_forever,
)
from tests.storage.helpers import T0, make_monitor

DAY = timedelta(days=1)
NOW = T0 + 100 * DAY
TRACE = [
    {"step": "load", "summary": "run 1", "at": "2026-01-01T12:00:00+00:00", "state_version": 1},
    {"step": "sensor", "summary": "read", "at": "x", "duration_s": 1.5, "output": "long " * 50},
]


async def finished_run(db: Database, monitor_id: int, days_ago: float) -> int:
    """A succeeded run of ``monitor_id`` that finished ``days_ago`` days before ``NOW``."""
    when = NOW - timedelta(days=days_ago)
    async with db.transaction() as tx:
        run = await tx.runs.start(monitor_id, scheduled_at=when, started_at=when)
        outcome = RunEnding(RunStatus.SUCCEEDED, trace=TRACE, raw_model_output="raw")
        await tx.runs.finish(run.id, outcome, finished_at=when)
    return run.id


async def delivery(db: Database, monitor_id: int, run_id: int, status: DeliveryStatus) -> None:
    async with db.transaction() as tx:
        row = await tx.outbox.enqueue(
            monitor_id=monitor_id,
            run_id=run_id,
            channel={"kind": "webhook", "url": "http://127.0.0.1:9/hook"},
            payload={"run": run_id},
            idempotency_key=f"run-{run_id}",
            now=NOW,
        )
        await tx.session.execute(
            update(Delivery).where(Delivery.id == row.id).values(status=status)
        )


async def run_ids(db: Database) -> set[int]:
    async with db.transaction() as tx:
        return set(await tx.session.scalars(select(Run.id)))


async def traces(db: Database) -> dict[int, tuple[Any, str | None]]:
    async with db.transaction() as tx:
        rows = await tx.session.execute(select(Run.id, Run.trace, Run.raw_model_output))
        return {run_id: (trace, raw) for run_id, trace, raw in rows}


def test_a_compacted_trace_keeps_the_timeline_only() -> None:
    assert compact_trace(TRACE) == [
        {"step": "load", "summary": "run 1"},
        {"step": "sensor", "summary": "read", "duration_s": 1.5},
    ]


async def test_old_runs_go_except_the_newest_and_those_with_a_pending_delivery(
    db: Database,
) -> None:
    busy = await make_monitor(db, "busy")
    quiet = await make_monitor(db, "quiet")
    old = [await finished_run(db, busy.id, 60 - i) for i in range(5)]
    recent = await finished_run(db, busy.id, 10)
    newest = await finished_run(db, busy.id, 1)
    only = await finished_run(db, quiet.id, 80)  # quiet's newest: kept however old
    await delivery(db, busy.id, old[0], DeliveryStatus.PENDING)
    await delivery(db, busy.id, old[1], DeliveryStatus.SENDING)
    await delivery(db, busy.id, old[2], DeliveryStatus.DELIVERED)
    async with db.transaction() as tx:
        state = await tx.states.append(busy.id, state={"a": 1}, now=NOW, run_id=old[3])
    policy = RetentionPolicy(trace_days=7, run_days=30, batch=2)

    dry = await prune(db, policy, now=NOW, dry_run=True)
    assert (dry.traces_compacted, dry.runs_deleted, dry.dry_run) == (7, 3, True)
    assert await run_ids(db) == {*old, recent, newest, only}

    report = await prune(db, policy, now=NOW)
    assert (report.traces_compacted, report.runs_deleted) == (7, 3)
    assert report.batches == 4 + 2  # 7 traces in batches of 2, then 3 runs in batches of 2
    assert await run_ids(db) == {old[0], old[1], recent, newest, only}
    async with db.transaction() as tx:
        kept = await tx.states.get(busy.id, state.version)
        statuses = set(await tx.session.scalars(select(Delivery.status)))
    assert kept.run_id is None  # the state stays; its run is gone
    assert statuses == {DeliveryStatus.PENDING, DeliveryStatus.SENDING}
    stored = await traces(db)
    assert stored[recent] == (compact_trace(TRACE), None)
    assert stored[newest] == (TRACE, "raw")

    again = await prune(db, policy, now=NOW)
    assert (again.traces_compacted, again.runs_deleted, again.batches) == (0, 0, 0)


async def test_zero_days_keeps_everything(db: Database) -> None:
    monitor = await make_monitor(db)
    ids = {await finished_run(db, monitor.id, days) for days in (400, 300)}
    report = await prune(db, RetentionPolicy(trace_days=0, run_days=0), now=NOW)
    assert (report.traces_compacted, report.runs_deleted) == (0, 0)
    assert await run_ids(db) == ids
    assert all(trace == TRACE for trace, _ in (await traces(db)).values())


async def test_compaction_resumes_where_it_stopped(db: Database) -> None:
    monitor = await make_monitor(db)
    first = await finished_run(db, monitor.id, 20)
    policy = RetentionPolicy(trace_days=7, run_days=0)
    assert (await prune(db, policy, now=NOW)).traces_compacted == 1
    second = await finished_run(db, monitor.id, 15)
    # A run already compacted is not read again: only the new one is counted.
    assert (await prune(db, policy, now=NOW, dry_run=True)).traces_compacted == 1
    assert (await prune(db, policy, now=NOW)).traces_compacted == 1
    stored = await traces(db)
    assert stored[first][0] == stored[second][0] == compact_trace(TRACE)


class StoppingClock(VirtualClock):
    """A virtual clock whose first sleep asks the pruning loop to stop."""

    def __init__(self, stop: asyncio.Event) -> None:
        super().__init__(NOW)
        self.stop = stop

    async def sleep(self, seconds: float) -> None:
        self.stop.set()
        await super().sleep(seconds)


async def test_the_worker_prunes_in_the_background_until_stopped(db: Database) -> None:
    monitor = await make_monitor(db)
    gone = await finished_run(db, monitor.id, 50)
    kept = await finished_run(db, monitor.id, 2)
    stop = asyncio.Event()
    passes = prune_forever(
        db, StoppingClock(stop), stop, policy=RetentionPolicy(), interval_s=60, pause_s=0
    )
    assert await asyncio.wait_for(passes, 10) == 1
    assert gone not in await run_ids(db)
    assert await run_ids(db) == {kept}
