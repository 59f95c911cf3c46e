"""Looks recorded compactly and by group commit (sentinel.storage.look_batch): the looks that
end together share one transaction of two statements, and each look's outcome is what it
would have been alone — a lost lease or a closed run is that look's answer only."""

from __future__ import annotations

import asyncio
import json
from datetime import timedelta

import pytest

from sentinel.errors import InvalidInput
from sentinel.storage import Database, LookEnding, MonitorRecord, RunEnding, RunStatus
from sentinel.storage.look_batch import LookWrite
from sentinel.storage.run_endings import is_look
from sentinel.storage.statements import StatementLog
from tests.storage.helpers import T0, at, make_monitor

OWNER = "worker-1"
NEXT = T0 + timedelta(minutes=15)


async def claimed_with_pending_runs(db: Database, count: int) -> list[tuple[MonitorRecord, int]]:
    """``count`` monitors due at T0, leased to OWNER, each with the engine's pending run."""
    for index in range(count):
        await make_monitor(db, name=f"shop-{index}", first_run_at=T0)
    async with db.transaction() as tx:
        claimed = await tx.monitors.claim_due(T0, OWNER, lease_s=300, limit=count)
        runs = await tx.runs.create_pending_many([(m.id, T0, 0) for m in claimed])
    return [(monitor, run.id) for monitor, run in zip(claimed, runs, strict=True)]


def look(monitor: MonitorRecord, run_id: int, saved: int = 1) -> LookWrite:
    return LookWrite(run_id, monitor.id, OWNER, LookEnding(("304",), saved), at(1), NEXT)


async def test_looks_that_end_together_are_one_transaction_of_two_statements(
    db: Database,
) -> None:
    claimed = await claimed_with_pending_runs(db, 3)

    with StatementLog(db) as log:
        scheduled = await asyncio.gather(*(db.looks.record(look(m, r)) for m, r in claimed))

    assert scheduled == [True, True, True]
    if db.backend == "sqlite":
        assert log.transactions == 1
        assert [(s.verb, s.many) for s in log.statements] == [("UPDATE", True), ("UPDATE", True)]
        assert db.looks.batches == 1
    else:  # asyncpg does not count an executemany's rows: each look on its own
        assert log.transactions == 3
        assert [s.verb for s in log.statements] == ["UPDATE"] * 6
    async with db.transaction() as tx:
        for monitor, run_id in claimed:
            run = await tx.runs.get(run_id)
            stored = await tx.monitors.get(monitor.id)
            assert run.status is RunStatus.SKIPPED_NO_CHANGE
            assert (run.started_at, run.finished_at) == (at(1), at(1))
            assert run.decision == {"skipped": "look: 304"}
            assert run.usage == {"calls_saved": 1}
            assert run.trace == []
            assert (stored.next_run_at, stored.last_run_at) == (NEXT, at(1))
            assert (stored.run_count, stored.lease_owner) == (monitor.run_count + 1, None)


async def test_a_look_whose_lease_was_lost_is_counted_but_not_scheduled_and_others_are(
    db: Database,
) -> None:
    claimed = await claimed_with_pending_runs(db, 3)
    lost, _ = claimed[1]
    async with db.transaction() as tx:  # e.g. paused meanwhile: the lease is given back
        await tx.monitors.release_lease(lost.id, OWNER)

    scheduled = await asyncio.gather(*(db.looks.record(look(m, r)) for m, r in claimed))

    assert scheduled == [True, False, True]
    assert db.looks.batches == 0  # rolled back, then each look on its own
    async with db.transaction() as tx:
        stored = await tx.monitors.get(lost.id)
        run = await tx.runs.get(claimed[1][1])
    assert stored.next_run_at == lost.next_run_at  # the schedule is not the look's to write
    assert stored.run_count == lost.run_count + 1  # the look happened
    assert run.status is RunStatus.SKIPPED_NO_CHANGE


async def test_a_look_whose_run_was_closed_fails_alone(db: Database) -> None:
    claimed = await claimed_with_pending_runs(db, 3)
    closed, closed_run = claimed[2]
    async with db.transaction() as tx:
        await tx.runs.finish(closed_run, RunEnding(RunStatus.FAILED), finished_at=at(1))

    results = await asyncio.gather(
        *(db.looks.record(look(m, r)) for m, r in claimed), return_exceptions=True
    )

    assert results[:2] == [True, True]
    assert isinstance(results[2], InvalidInput)
    async with db.transaction() as tx:
        assert (await tx.runs.get(closed_run)).status is RunStatus.FAILED
        assert (await tx.monitors.get(closed.id)).lease_owner == OWNER


async def test_a_single_look_is_one_transaction_of_two_updates(db: Database) -> None:
    [(monitor, run_id)] = await claimed_with_pending_runs(db, 1)

    with StatementLog(db) as log:
        assert await db.looks.record(look(monitor, run_id, saved=2))

    assert log.transactions == 1
    assert [s.verb for s in log.statements] == ["UPDATE", "UPDATE"]
    async with db.transaction() as tx:
        assert (await tx.runs.get(run_id)).usage == {"calls_saved": 2}


def test_a_look_ending_says_how_each_page_answered_in_a_few_bytes() -> None:
    ending = LookEnding(("304", "same fingerprint"), calls_saved=2)

    assert ending.decision() == {"skipped": "look: 304, same fingerprint"}
    assert is_look(ending.decision())
    assert not is_look({"skipped": "no change: every source unchanged"})
    assert not is_look(None)
    documents = json.dumps(ending.decision()) + json.dumps(ending.usage())
    assert len(documents) <= 64


def test_a_look_ending_needs_a_page_and_counts_no_negative_savings() -> None:
    with pytest.raises(InvalidInput):
        LookEnding(())
    with pytest.raises(InvalidInput):
        LookEnding(("304",), calls_saved=-1)


async def test_the_histories_of_several_monitors_are_read_in_one_statement(db: Database) -> None:
    first, second = await make_monitor(db, name="a"), await make_monitor(db, name="b")
    async with db.transaction() as tx:
        for minute in range(4):
            for monitor in (first, second):
                run = await tx.runs.start(monitor.id, scheduled_at=T0, started_at=at(minute))
                ending = RunEnding(RunStatus.SKIPPED_NO_CHANGE, decision={"skipped": "x"})
                await tx.runs.finish(run.id, ending, finished_at=at(minute))
        alone = {m.id: await tx.runs.summaries(m.id, limit=3) for m in (first, second)}
        pending = await tx.runs.create_pending_many([(first.id, T0, 0), (second.id, T0, 0)])
    async with db.reading() as tx:
        with StatementLog(db) as log:
            together = await tx.runs.summaries_of(
                [(first.id, pending[0].id), (second.id, pending[1].id)], limit=3
            )

    assert len(log.statements) == 1
    # Each monitor's newest three before its pending run, as read one monitor at a time.
    assert together == alone
