"""The demo's summary: what each monitor did, scored against the scenario's ground truth.

The ground truth (the scenario's ``events``) is read here and only here, after the runs: the
pipeline never sees it. Scoring follows ``sentinel bench monitor``: a notification at ``t``
falls in the window of the latest event at or before ``t``; it *detects* that event when the
condition is true there and nothing detected it yet (with ``notify: once``, when nothing was
detected at all), with delay ``t`` minus the event's time. Any other notification is a *false
alert*.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from datetime import datetime, timedelta
from typing import Any

from sentinel.sim import Scenario
from sentinel.storage import SKIPPED_STATUSES, RunRecord, RunStatus


@dataclass(frozen=True)
class RunCounts:
    """What a monitor's runs cost: runs by outcome, model calls made and saved, model time."""

    runs: int = 0
    sensed: int = 0
    skipped: int = 0
    failed: int = 0
    model_calls: int = 0
    calls_saved: int = 0
    model_s: float = 0.0
    tokens: int = 0

    @classmethod
    def of(cls, runs: Sequence[RunRecord]) -> RunCounts:
        """Count finished runs (a retry is a run of its own)."""
        finished = [r for r in runs if r.status not in (RunStatus.PENDING, RunStatus.RUNNING)]
        usage = [r.usage for r in finished]
        return cls(
            runs=len(finished),
            sensed=sum(1 for r in finished if r.status is RunStatus.SUCCEEDED),
            skipped=sum(1 for r in finished if r.status in SKIPPED_STATUSES),
            failed=sum(1 for r in finished if r.status in (RunStatus.FAILED, RunStatus.RETRYING)),
            model_calls=sum(_int(u, "model_calls") for u in usage),
            calls_saved=sum(_int(u, "calls_saved") for u in usage),
            model_s=sum(_float(u, "model_s") for u in usage),
            tokens=sum(_int(u, "prompt_tokens") + _int(u, "completion_tokens") for u in usage),
        )


def _int(usage: dict[str, Any], key: str) -> int:
    value = usage.get(key)
    return value if isinstance(value, int) else 0


def _float(usage: dict[str, Any], key: str) -> float:
    value = usage.get(key)
    return float(value) if isinstance(value, int | float) else 0.0


@dataclass(frozen=True)
class Scoring:
    """Notifications matched to the ground truth of a window."""

    expected: int
    detections: tuple[tuple[datetime, datetime], ...]
    """(event time, notification time) of each detected event."""
    false_alerts: tuple[datetime, ...]

    @property
    def first_detection(self) -> tuple[datetime, datetime] | None:
        """The first detected event and when it was notified."""
        return self.detections[0] if self.detections else None


def score(
    scenario: Scenario, notified_at: Sequence[datetime], *, start: datetime, end: datetime
) -> Scoring:
    """Match ``notified_at`` to the events of ``scenario`` (see the module documentation).

    Only events inside the window ``[start, end)`` are expected; a condition already true at
    ``start`` (an earlier true event) counts as an event at ``start``.
    """
    changes = sorted((event.at, event.condition) for event in scenario.events)
    before = [condition for at, condition in changes if at < start]
    inside = [(at, condition) for at, condition in changes if start <= at < end]
    if before and before[-1]:
        inside.insert(0, (start, True))
    true_events = [i for i, (_, condition) in enumerate(inside) if condition]
    once = scenario.notify == "once"
    expected = min(len(true_events), 1) if once else len(true_events)
    detected: list[int] = []
    detections: list[tuple[datetime, datetime]] = []
    false_alerts: list[datetime] = []
    for moment in sorted(notified_at):
        index = next((i for i in reversed(range(len(inside))) if inside[i][0] <= moment), None)
        if index is None or not inside[index][1]:
            false_alerts.append(moment)
            continue
        if bool(detected) if once else index in detected:
            false_alerts.append(moment)
            continue
        detected.append(index)
        detections.append((inside[index][0], moment))
    return Scoring(expected, tuple(detections), tuple(false_alerts))


@dataclass(frozen=True)
class ScenarioSummary:
    """One row of the summary table."""

    scenario_id: str
    governor: str
    start: datetime
    end: datetime
    notifications: int
    first_event: datetime | None
    """The first ground-truth event in the window whose condition is true (None: none)."""
    detected_at: datetime | None
    counts: RunCounts
    scoring: Scoring

    @property
    def delay(self) -> timedelta | None:
        """From the first detected event to its notification."""
        first = self.scoring.first_detection
        return first[1] - first[0] if first else None

    @property
    def false_alerts(self) -> int:
        """Notifications that matched no event."""
        return len(self.scoring.false_alerts)

    @property
    def missed(self) -> int:
        """Expected events nobody was told about."""
        return self.scoring.expected - len(self.scoring.detections)


def summarize(
    scenario: Scenario,
    *,
    governor: str,
    start: datetime,
    end: datetime,
    runs: Sequence[RunRecord],
    notified_at: Sequence[datetime],
) -> ScenarioSummary:
    """The summary row of one demo monitor."""
    scoring = score(scenario, notified_at, start=start, end=end)
    first_event = next((e.at for e in scenario.events if e.condition and start <= e.at < end), None)
    if first_event is None and scoring.detections:
        first_event = scoring.detections[0][0]
    return ScenarioSummary(
        scenario_id=scenario.id,
        governor=governor,
        start=start,
        end=end,
        notifications=len(notified_at),
        first_event=first_event,
        detected_at=scoring.detections[0][1] if scoring.detections else None,
        counts=RunCounts.of(runs),
        scoring=scoring,
    )


def report_document(
    summaries: Sequence[ScenarioSummary], *, wall_s: float, load_s: float, model: str
) -> dict[str, Any]:
    """What the demo did, as JSON (``sentinel demo --report``; ``sentinel bench demo``
    keeps it): the wall time, the model's load and time, and per monitor its counts and
    how it scored against the ground truth."""
    monitors = [
        {
            "scenario": s.scenario_id,
            "governor": s.governor,
            "notifications": s.notifications,
            "expected": s.scoring.expected,
            "detected": len(s.scoring.detections),
            "false_alerts": s.false_alerts,
            "delay_s": None if s.delay is None else s.delay.total_seconds(),
            **asdict(s.counts),
        }
        for s in summaries
    ]
    return {
        "model": model,
        "wall_s": round(wall_s, 1),
        "model_load_s": round(load_s, 1),
        "runs": sum(s.counts.runs for s in summaries),
        "model_calls": sum(s.counts.model_calls for s in summaries),
        "model_s": round(sum(s.counts.model_s for s in summaries), 1),
        "tokens": sum(s.counts.tokens for s in summaries),
        "monitors": monitors,
    }
