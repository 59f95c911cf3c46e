"""What a run needs to know about the runs before it: retries, skips, the last cadence.

Read from the monitor's recent run records (newest first), so nothing here needs a column of
its own: the run history is the source of truth.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta

from sentinel.storage import RunRecord, RunStatus

HISTORY_DEPTH = 50
"""How many recent runs are read; back-off saturates long before this many skips."""

_FAILED = frozenset({RunStatus.FAILED, RunStatus.RETRYING})


@dataclass(frozen=True)
class RunHistory:
    """``attempt``: 0 for a regular run, n for the n-th retry of a failed one.
    ``consecutive_skips``: skipped-no-change runs since the last run that did something.
    ``last_interval``: the wait the last governed run chose (the back-off's base).
    ``decision_pending``: the last run that did something failed, so the state it may have
    saved was never governed: this run must sense and govern even if nothing changed."""

    attempt: int = 0
    consecutive_skips: int = 0
    last_interval: timedelta | None = None
    decision_pending: bool = False


def read_history(runs: Sequence[RunRecord]) -> RunHistory:
    """Summarize ``runs`` (newest first; the run about to start excluded)."""
    attempt = 0
    if runs and runs[0].status is RunStatus.RETRYING:
        attempt = runs[0].retry_count + 1
    skips = 0
    for run in runs:
        if run.status is not RunStatus.SKIPPED_NO_CHANGE:
            break
        skips += 1
    acted = next((run for run in runs if run.status is not RunStatus.SKIPPED_NO_CHANGE), None)
    pending = acted is not None and acted.status in _FAILED
    interval = None
    for run in runs:
        if run.status is RunStatus.SUCCEEDED and run.decision is not None:
            seconds = run.decision.get("interval_s")
            if isinstance(seconds, int | float) and seconds > 0:
                interval = timedelta(seconds=seconds)
            break
    return RunHistory(attempt, skips, interval, pending)
