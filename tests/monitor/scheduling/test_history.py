"""Reading the run history: retries, consecutive skips, the last cadence, pending decisions."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from sentinel.monitor.scheduling.history import RunHistory, read_history
from sentinel.storage import RunRecord, RunStatus
from tests.storage.helpers import run_record

T0 = datetime(2025, 9, 1, tzinfo=UTC)


SKIPPED, SUCCEEDED = RunStatus.SKIPPED_NO_CHANGE, RunStatus.SUCCEEDED


def run(status: RunStatus, *, retry_count: int = 0, interval_s: int | None = None) -> RunRecord:
    decision: dict[str, Any] | None = {"interval_s": interval_s} if interval_s else None
    return run_record(status, retry_count=retry_count, decision=decision)


def test_no_history_is_a_first_regular_run() -> None:
    assert read_history([]) == RunHistory()


def test_skips_since_the_last_governed_run_are_counted_with_its_interval() -> None:
    history = read_history(
        [run(SKIPPED), run(SKIPPED), run(SUCCEEDED, interval_s=3600), run(SKIPPED)]
    )

    assert history.consecutive_skips == 2
    assert history.last_interval == timedelta(hours=1)
    assert not history.decision_pending
    assert history.attempt == 0


def test_a_run_after_a_retrying_one_is_its_next_attempt() -> None:
    history = read_history([run(RunStatus.RETRYING, retry_count=1), run(SUCCEEDED)])

    assert history.attempt == 2
    assert history.decision_pending


def test_a_failed_run_behind_skips_still_leaves_its_decision_pending() -> None:
    history = read_history([run(SKIPPED), run(RunStatus.FAILED), run(SUCCEEDED, interval_s=60)])

    assert history.decision_pending
    assert history.attempt == 0
    assert history.last_interval == timedelta(minutes=1)
