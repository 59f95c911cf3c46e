"""Scoring one policy on one scenario: notifications matched to ground-truth events.

Definitions (the module docstring of :mod:`sentinel.bench.monitor` repeats them for users):

- A **true event** is a ground-truth event whose ``condition`` is true (the condition became
  true, or its facts changed while it stayed true). Its **window** runs from its time to the
  next event (or the end of the scenario).
- **Expected events**: with ``notify: always`` every true event; with ``notify: once`` one
  (when the scenario has any true event), since a once-monitor stops after notifying.
- A **notification** at time ``t`` falls in the window of the latest event at or before ``t``.
  It **detects** that event when the condition is true there and nothing has detected it
  yet (with ``once``: when nothing has been detected at all); its **delay** is ``t`` minus the
  event's time. Every other notification is a **false alert**: one sent while the condition
  is false (``false_condition``), or a **duplicate** for an event already detected (with
  ``once``: any notification after the first detection).
- **Recall** = detected / expected; **precision** = detected / notifications (1.0 when nothing
  was sent: no notification was wrong). Delays are pooled over scenarios; the **median** is
  the usual one (mean of the middle two), **p90** the nearest-rank 90th percentile
  (the smallest delay at least 90 % of delays are not above).
- An event is **reachable** when a monitor that only searches could have read it
  (:mod:`.reachability`). **Reachable expected**: with ``always`` the reachable true events;
  with ``once`` one when any true event is reachable. **Reachable detected**: the detected
  events that are reachable (``once``: the detection, when one is expected). **Recall of
  reachable events** = reachable detected / reachable expected.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Literal

from sentinel.bench.monitoring.costs import Usage
from sentinel.errors import InvalidInput
from sentinel.sim import Scenario

NotifyMode = Literal["once", "always"]


@dataclass(frozen=True)
class Timeline:
    """What scoring needs of a scenario: condition changes (time, value), the notify mode, and
    the end of the window."""

    changes: tuple[tuple[datetime, bool], ...]
    notify: NotifyMode
    end: datetime
    reachable: tuple[bool, ...] | None = None
    """Per change, whether a searching monitor could reach it; None: every change is."""

    @classmethod
    def of(cls, scenario: Scenario, reachable: Sequence[bool] | None = None) -> Timeline:
        """The timeline of a scenario's ground truth (``reachable``: per event)."""
        return cls(
            tuple((event.at, event.condition) for event in scenario.events),
            scenario.notify,
            scenario.end,
            None if reachable is None else tuple(reachable),
        )

    def __post_init__(self) -> None:
        times = [at for at, _ in self.changes]
        if times != sorted(times) or len(set(times)) != len(times):
            raise InvalidInput("events", times, "must be sorted by time without repeats")
        if self.reachable is not None and len(self.reachable) != len(self.changes):
            raise InvalidInput(
                "reachable", len(self.reachable), f"must have one flag per event ({len(times)})"
            )

    def is_reachable(self, index: int) -> bool:
        """Whether the change at ``index`` is reachable (see the module documentation)."""
        return self.reachable is None or self.reachable[index]

    @property
    def true_events(self) -> list[int]:
        """Indices of the changes whose condition is true."""
        return [i for i, (_, condition) in enumerate(self.changes) if condition]

    @property
    def expected(self) -> int:
        """How many events a perfect monitor notifies (see the module documentation)."""
        found = len(self.true_events)
        return min(found, 1) if self.notify == "once" else found

    @property
    def reachable_expected(self) -> int:
        """How many reachable events a perfect monitor notifies (see the module
        documentation)."""
        found = sum(1 for i in self.true_events if self.is_reachable(i))
        return min(found, 1) if self.notify == "once" else found

    def reachable_detected(self, detected: Iterable[int]) -> int:
        """Of the ``detected`` change indices, how many count against reachable events."""
        if self.notify == "once":
            return min(self.reachable_expected, len(list(detected)))
        return sum(1 for i in detected if self.is_reachable(i))

    def event_at(self, moment: datetime) -> int | None:
        """Index of the latest change at or before ``moment``; None before the first."""
        latest = None
        for i, (at, _) in enumerate(self.changes):
            if at > moment:
                break
            latest = i
        return latest


FalseKind = Literal["false_condition", "duplicate"]


@dataclass(frozen=True)
class Matching:
    """How a scenario's notifications matched its events."""

    expected: int
    detected: tuple[int, ...] = ()
    delays_s: tuple[float, ...] = ()
    false_alerts: tuple[tuple[datetime, FalseKind], ...] = ()
    reachable_expected: int | None = None
    reachable_detected: int | None = None
    """Reachable expected and detected events; None when the run did not mark events."""

    @property
    def duplicates(self) -> int:
        """False alerts that repeated an event already detected."""
        return sum(1 for _, kind in self.false_alerts if kind == "duplicate")

    @property
    def notifications(self) -> int:
        """Every notification sent."""
        return len(self.detected) + len(self.false_alerts)


def match_notifications(timeline: Timeline, notifications: Iterable[datetime]) -> Matching:
    """Match ``notifications`` (any order) to ``timeline``'s events (see module docs)."""
    detected: list[int] = []
    delays: list[float] = []
    false_alerts: list[tuple[datetime, FalseKind]] = []
    for moment in sorted(notifications):
        index = timeline.event_at(moment)
        if index is None or not timeline.changes[index][1]:
            false_alerts.append((moment, "false_condition"))
            continue
        already = bool(detected) if timeline.notify == "once" else index in detected
        if already:
            false_alerts.append((moment, "duplicate"))
            continue
        detected.append(index)
        delays.append((moment - timeline.changes[index][0]).total_seconds())
    marked = timeline.reachable is not None
    return Matching(
        timeline.expected,
        tuple(detected),
        tuple(delays),
        tuple(false_alerts),
        timeline.reachable_expected if marked else None,
        timeline.reachable_detected(detected) if marked else None,
    )


def median(values: Sequence[float]) -> float | None:
    """The median of ``values``, None when there are none."""
    return float(statistics.median(values)) if values else None


def percentile(values: Sequence[float], share: float) -> float | None:
    """Nearest-rank percentile: the smallest value that at least ``share`` of the values do
    not exceed; None when there are no values."""
    if not 0 < share <= 1:
        raise InvalidInput("share", share, "must be in (0, 1]")
    if not values:
        return None
    ordered = sorted(values)
    return float(ordered[math.ceil(share * len(ordered)) - 1])


@dataclass
class Totals:
    """Counts summed over scenarios for one policy, and the derived rates."""

    expected: int = 0
    detected: int = 0
    reachable_expected: int = 0
    reachable_detected: int = 0
    marked: bool = False
    """Whether the scenarios' events were marked reachable or not (runs since issue 33)."""
    false_alerts: int = 0
    duplicates: int = 0
    delays_s: list[float] = field(default_factory=list)
    checks: int = 0
    searches: int = 0
    full_fetches: int = 0
    not_modified: int = 0
    model_calls: int = 0
    tokens: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    monitored: timedelta = timedelta(0)
    wall_s: float = 0.0

    @property
    def usage(self) -> Usage:
        """What the policy spent, in the units users pay for (:mod:`.costs`)."""
        return Usage(
            searches=self.searches,
            full_fetches=self.full_fetches,
            not_modified=self.not_modified,
            model_calls=self.model_calls,
            prompt_tokens=self.prompt_tokens,
            completion_tokens=self.completion_tokens,
        )

    @property
    def recall(self) -> float:
        """Detected over expected events (1.0 when none were expected)."""
        return self.detected / self.expected if self.expected else 1.0

    @property
    def reachable_recall(self) -> float | None:
        """Detected over expected reachable events (1.0 when none were expected); None when
        the events were not marked."""
        if not self.marked:
            return None
        return self.reachable_detected / self.reachable_expected if self.reachable_expected else 1.0

    @property
    def precision(self) -> float:
        """Detections over notifications (1.0 when nothing was sent)."""
        sent = self.detected + self.false_alerts
        return self.detected / sent if sent else 1.0

    def per_event(self, value: float) -> float | None:
        """``value`` per expected event; None when no event was expected."""
        return value / self.expected if self.expected else None
