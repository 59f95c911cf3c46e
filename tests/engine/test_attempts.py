"""Retry chains and permanent failures, read from the run history."""

from __future__ import annotations

from dataclasses import replace

from sentinel.engine.attempts import Attempt, consecutive_permanent_failures, next_attempt
from sentinel.storage import RunRecord, RunStatus
from tests.storage.helpers import run_record


def run(status: RunStatus, category: str | None = None, retry_count: int = 0) -> RunRecord:
    return run_record(status, error_category=category, retry_count=retry_count)


OK = run(RunStatus.SUCCEEDED)
SKIPPED = run(RunStatus.SKIPPED_NO_CHANGE)
PERMANENT = run(RunStatus.FAILED, "user")


def test_a_first_run_or_a_run_after_a_success_starts_a_fresh_chain() -> None:
    assert next_attempt(None) == Attempt(0, None)
    assert next_attempt(replace(OK, retry_count=3)) == Attempt(0, None)
    assert next_attempt(PERMANENT) == Attempt(0, None)


def test_a_run_after_a_retrying_one_continues_its_chain() -> None:
    assert next_attempt(run(RunStatus.RETRYING, "network", 1)) == Attempt(2, "network")


def test_a_run_after_an_abandoned_one_is_a_retry() -> None:
    assert next_attempt(run(RunStatus.FAILED, "abandoned", 0)) == Attempt(1, "abandoned")


def test_an_interrupted_run_is_redone_with_the_same_number() -> None:
    assert next_attempt(run(RunStatus.RETRYING, "interrupted", 2)) == Attempt(2, "interrupted")


def test_permanent_failures_are_counted_back_to_the_last_success() -> None:
    newest_first = [PERMANENT, PERMANENT, OK, PERMANENT]
    assert consecutive_permanent_failures(newest_first) == 2
    assert consecutive_permanent_failures([SKIPPED, PERMANENT]) == 0


def test_retry_links_and_worker_failures_do_not_count_as_permanent() -> None:
    newest_first = [
        PERMANENT,
        run(RunStatus.RETRYING, "network"),
        run(RunStatus.FAILED, "abandoned"),
        run(RunStatus.RETRYING, "interrupted"),
        PERMANENT,
        OK,
    ]
    assert consecutive_permanent_failures(newest_first) == 2
