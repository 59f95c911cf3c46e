"""What a run needs to know about the runs before it: retries, skips, the last cadence, how
long the watched state held each time it did, and the sensor's last volatility judgement.

Read from the monitor's recent run records (newest first), so nothing here needs a column of
its own: the run history is the source of truth.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sentinel.storage import SKIPPED_STATUSES, RunRecord, RunStatus, RunSummary

HISTORY_DEPTH = 50
"""How many recent runs are read; back-off saturates long before this many skips."""

_FAILED = frozenset({RunStatus.FAILED, RunStatus.RETRYING})

PastRun = RunRecord | RunSummary
"""A run as the history reads it: a whole record, or the summary a run loads."""


@dataclass(frozen=True)
class RunHistory:
    """``attempt``: 0 for a regular run, n for the n-th retry of a failed one.
    ``consecutive_skips``: skipped runs (no change, or nothing to read) since the last run that
    did something.
    ``last_interval``: the wait the last governed run chose (the back-off's base).
    ``decision_pending``: the last run that did something failed, so the state it may have
    saved was never governed: this run must sense and govern even if nothing changed.
    ``held``: how long each state in which the criteria held lasted (newest first), from the
    first run that saw it to the first that saw it end — it ends when the governor finds the
    criteria unmet or their facts change; only states whose start and end were both seen.
    ``volatility_hint``: the sensor's judgement of how soon things change, at the last run
    that sensed."""

    attempt: int = 0
    consecutive_skips: int = 0
    last_interval: timedelta | None = None
    decision_pending: bool = False
    held: tuple[timedelta, ...] = ()
    volatility_hint: str | None = None


def read_history(runs: Sequence[PastRun]) -> RunHistory:
    """Summarize ``runs`` (newest first; the run about to start excluded)."""
    attempt = 0
    if runs and runs[0].status is RunStatus.RETRYING:
        attempt = runs[0].retry_count + 1
    skips = 0
    for run in runs:
        if run.status not in SKIPPED_STATUSES:
            break
        skips += 1
    acted = next((run for run in runs if run.status not in SKIPPED_STATUSES), None)
    pending = acted is not None and acted.status in _FAILED
    interval = None
    for run in runs:
        if run.status is RunStatus.SUCCEEDED and run.decision is not None:
            seconds = run.decision.get("interval_s")
            if isinstance(seconds, int | float) and seconds > 0:
                interval = timedelta(seconds=seconds)
            break
    governed = [run for run in runs if run.status is RunStatus.SUCCEEDED and run.decision]
    return RunHistory(attempt, skips, interval, pending, held_spans(governed), _last_hint(governed))


def held_spans(governed: Sequence[PastRun]) -> tuple[timedelta, ...]:
    """How long each state in which the criteria held lasted, newest first (see
    :class:`RunHistory`); ``governed`` are the governed runs, newest first."""
    spans: list[timedelta] = []
    previous: str | None = None
    began: datetime | None = None
    for index, run in enumerate(reversed(governed)):
        key, at = _held_key(run.decision or {}), run.started_at or run.scheduled_at
        if index and key == previous:
            continue
        if previous is not None and began is not None:
            spans.append(at - began)
        # The first state in the window may have begun long before: its start is unseen.
        began = at if key is not None and index else None
        previous = key
    return tuple(reversed(spans))


def _held_key(decision: dict[str, object]) -> str | None:
    """The state a governed run saw, when the criteria held: their facts; None otherwise."""
    if not decision.get("proposed_should_act", decision.get("should_act")):
        return None
    return json.dumps(decision.get("facts") or {}, sort_keys=True, default=str)


def _last_hint(governed: Sequence[PastRun]) -> str | None:
    for run in governed:
        hint = (run.sensor_output or {}).get("volatility_hint")
        if isinstance(hint, str) and hint.strip():
            return hint.strip()
    return None
