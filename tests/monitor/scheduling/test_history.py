"""Reading the run history: retries, consecutive skips, the last cadence, pending decisions."""

from __future__ import annotations

from dataclasses import replace
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


def governed(hours: float, acted: bool, facts: dict[str, Any] | None = None) -> RunRecord:
    at = T0 + timedelta(hours=hours)
    decision: dict[str, Any] = {"proposed_should_act": acted, "facts": facts or {}}
    return replace(
        run(SUCCEEDED),
        scheduled_at=at,
        started_at=at,
        decision=decision,
        sensor_output={"volatility_hint": f"hint at {hours} h"},
    )


def test_held_states_last_from_the_first_run_that_saw_them_to_the_first_that_saw_them_end() -> None:
    runs = [  # oldest first here; the history reads newest first
        governed(0, False),
        governed(10, True, {"price": 80}),
        governed(12, True, {"price": 80}),
        governed(13, True, {"price": 75}),  # facts changed: a new state
        governed(16, False),
        governed(40, True),  # still holding at the newest run: not over yet
    ]

    history = read_history([run(SKIPPED), *reversed(runs)])

    assert history.held == (timedelta(hours=3), timedelta(hours=3))
    assert history.volatility_hint == "hint at 40 h"


def test_a_state_holding_since_before_the_window_has_no_known_start() -> None:
    runs = [governed(0, True), governed(5, False), governed(9, True), governed(11, False)]

    assert read_history(list(reversed(runs))).held == (timedelta(hours=2),)


def test_skipped_runs_between_governed_ones_change_nothing() -> None:
    runs = [governed(0, False), governed(4, True), run(SKIPPED), governed(30, False)]

    assert read_history(list(reversed(runs))).held == (timedelta(hours=26),)
