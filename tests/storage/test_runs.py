"""RunRepository: a run is opened once and finished once, with its whole outcome."""

from __future__ import annotations

import pytest

from sentinel.errors import InvalidInput
from sentinel.storage import Database, RecordNotFound, RunEnding, RunStatus
from tests.storage.helpers import T0, at, make_monitor


async def test_a_run_records_its_outcome_trace_and_usage(db: Database) -> None:
    monitor = await make_monitor(db)
    async with db.transaction() as tx:
        run = await tx.runs.start(monitor.id, scheduled_at=T0, started_at=at(1))
        assert run.status is RunStatus.RUNNING
        await tx.runs.save_trace(run.id, [{"step": "search", "query": "iphone 17"}])
        assert (await tx.runs.get(run.id)).trace == [{"step": "search", "query": "iphone 17"}]
        finished = await tx.runs.finish(
            run.id,
            RunEnding(
                RunStatus.SUCCEEDED,
                sensor_output={"updated_state": "{}"},
                decision={"should_act": False, "next_check": "6 hours"},
                state_version=1,
                trace=[{"step": "search"}, {"step": "govern"}],
                usage={"prompt_tokens": 120, "completion_tokens": 30},
            ),
            finished_at=at(9),
        )
    assert finished.status is RunStatus.SUCCEEDED
    assert (finished.started_at, finished.finished_at) == (at(1), at(9))
    assert finished.decision == {"should_act": False, "next_check": "6 hours"}
    assert finished.usage["prompt_tokens"] == 120
    assert len(finished.trace) == 2


async def test_a_failed_run_keeps_the_raw_model_output(db: Database) -> None:
    monitor = await make_monitor(db)
    async with db.transaction() as tx:
        run = await tx.runs.create_pending(monitor.id, scheduled_at=T0, retry_count=2)
        running = await tx.runs.mark_running(run.id, started_at=at(1))
        failed = await tx.runs.finish(
            run.id,
            RunEnding(
                RunStatus.RETRYING,
                error_category="model_output",
                error_message="not JSON",
                raw_model_output="Sure! Here is",
            ),
            finished_at=at(2),
        )
    assert (run.status, running.status, failed.status) == (
        RunStatus.PENDING,
        RunStatus.RUNNING,
        RunStatus.RETRYING,
    )
    assert (failed.retry_count, failed.raw_model_output) == (2, "Sure! Here is")
    assert failed.sensor_output is None


async def test_a_run_is_finished_only_once(db: Database) -> None:
    monitor = await make_monitor(db)
    async with db.transaction() as tx:
        run = await tx.runs.start(monitor.id, scheduled_at=T0, started_at=T0)
        await tx.runs.finish(run.id, RunEnding(RunStatus.SKIPPED_NO_CHANGE), finished_at=at(1))
        with pytest.raises(InvalidInput, match="already skipped-no-change"):
            await tx.runs.finish(run.id, RunEnding(RunStatus.FAILED), finished_at=at(2))
        with pytest.raises(RecordNotFound):
            await tx.runs.finish(404, RunEnding(RunStatus.FAILED), finished_at=at(2))


def test_an_outcome_must_be_a_final_status() -> None:
    with pytest.raises(InvalidInput, match="a run ends as one of"):
        RunEnding(RunStatus.RUNNING)


async def test_runs_of_a_vanished_worker_are_closed_as_abandoned(db: Database) -> None:
    monitor = await make_monitor(db)
    other = await make_monitor(db, "other")
    async with db.transaction() as tx:
        orphan = await tx.runs.start(monitor.id, scheduled_at=T0, started_at=T0)
        alive = await tx.runs.start(other.id, scheduled_at=T0, started_at=T0)
        assert await tx.runs.abandon_running([monitor.id], now=at(60), message="lease expired") == 1
        assert await tx.runs.abandon_running([], now=at(60), message="nothing") == 0
        closed = await tx.runs.get(orphan.id)
        assert (await tx.runs.get(alive.id)).status is RunStatus.RUNNING
        history = await tx.runs.for_monitor(monitor.id)
    assert (closed.status, closed.error_category, closed.finished_at) == (
        RunStatus.FAILED,
        "abandoned",
        at(60),
    )
    assert [r.id for r in history] == [orphan.id]


async def test_summaries_are_the_newest_runs_without_their_traces(db: Database) -> None:
    monitor = await make_monitor(db)
    async with db.transaction() as tx:
        first = await tx.runs.start(monitor.id, scheduled_at=T0, started_at=at(1))
        await tx.runs.finish(
            first.id,
            RunEnding(
                RunStatus.SUCCEEDED,
                sensor_output={"volatility_hint": "daily"},
                decision={"interval_s": 3600},
                trace=[{"step": "search"}],
            ),
            finished_at=at(2),
        )
        pending = await tx.runs.create_pending(monitor.id, scheduled_at=at(3), retry_count=1)
    async with db.reading() as tx:
        summaries = await tx.runs.summaries(monitor.id, limit=5)
        assert len(await tx.runs.summaries(monitor.id, limit=1)) == 1
    assert [s.id for s in summaries] == [pending.id, first.id]
    newest, older = summaries
    assert (newest.status, newest.retry_count, newest.started_at) == (RunStatus.PENDING, 1, None)
    assert older.decision == {"interval_s": 3600}
    assert older.sensor_output == {"volatility_hint": "daily"}
    assert (older.scheduled_at, older.started_at) == (T0, at(1))


async def test_a_finish_may_stamp_the_start_of_a_pending_run(db: Database) -> None:
    monitor = await make_monitor(db)
    async with db.transaction() as tx:
        pending = await tx.runs.create_pending(monitor.id, scheduled_at=T0)
        done = await tx.runs.finish(
            pending.id,
            RunEnding(RunStatus.SKIPPED_NO_CHANGE),
            finished_at=at(2),
            started_at=at(2),
        )
    assert done.status is RunStatus.SKIPPED_NO_CHANGE
    assert (done.started_at, done.finished_at) == (at(2), at(2))
