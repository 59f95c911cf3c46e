"""When a monitor runs next: bound the governor's ``next_check``, jitter it, explain it.

:func:`~sentinel.monitor.scheduling.next_check.parse_next_check` turns the governor's text into an
instant; :func:`bound_next_run` keeps it within the monitor's interval bounds; :func:`add_jitter`
spreads runs so monitors created together do not wake together; :func:`schedule_next` composes
the three and says why it chose what it chose.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, tzinfo
from typing import NamedTuple

from sentinel.errors import InvalidInput
from sentinel.monitor.scheduling.durations import format_duration
from sentinel.monitor.scheduling.next_check import (
    NextCheck,
    UnparseableNextCheck,
    interpret_next_check,
    parse_next_check,
    require_aware,
)

__all__ = [
    "ANCHORED_JITTER_CAP",
    "DEFAULT_INTERVAL",
    "MAX_INTERVAL",
    "MIN_INTERVAL",
    "NextCheck",
    "ScheduleBounds",
    "ScheduledRun",
    "UnparseableNextCheck",
    "add_jitter",
    "bound_next_run",
    "interpret_next_check",
    "parse_next_check",
    "schedule_next",
]

MIN_INTERVAL = timedelta(minutes=15)
MAX_INTERVAL = timedelta(days=30)
DEFAULT_INTERVAL = timedelta(hours=24)
# Calendar-anchored times are only ever jittered later, and by at most this much: a governor
# that says "Monday 9am" expects news at 9:00, so checking at 8:50 would miss it.
ANCHORED_JITTER_CAP = timedelta(minutes=5)


@dataclass(frozen=True)
class ScheduleBounds:
    """A monitor's scheduling limits: earliest and latest next run, fallback, jitter share."""

    min_interval: timedelta = MIN_INTERVAL
    max_interval: timedelta = MAX_INTERVAL
    default: timedelta = DEFAULT_INTERVAL
    jitter_fraction: float = 0.1

    def __post_init__(self) -> None:
        if self.min_interval < timedelta(0):
            raise InvalidInput("min_interval", self.min_interval, "must not be negative")
        if self.min_interval > self.max_interval:
            raise InvalidInput(
                "min_interval", self.min_interval, f"exceeds max_interval {self.max_interval}"
            )
        if not 0 <= self.jitter_fraction < 1:
            raise InvalidInput("jitter_fraction", self.jitter_fraction, "must be in [0, 1)")


class ScheduledRun(NamedTuple):
    """When the next run happens and, in one sentence, why then."""

    at: datetime
    explanation: str


def bound_next_run(
    target: datetime | None,
    *,
    now: datetime,
    min_interval: timedelta = MIN_INTERVAL,
    max_interval: timedelta = MAX_INTERVAL,
    default: timedelta = DEFAULT_INTERVAL,
) -> datetime:
    """``target`` (or ``now + default`` when None) clamped into ``[now + min, now + max]``.

    The result is never in the past, even for a target long gone.
    """
    require_aware(now)
    if min_interval > max_interval:
        raise InvalidInput("min_interval", min_interval, f"exceeds max_interval {max_interval}")
    earliest, latest = now + max(min_interval, timedelta(0)), now + max_interval
    if target is None:
        target = now + default
    return min(max(target, earliest), latest).astimezone(UTC)


def add_jitter(
    target: datetime,
    *,
    now: datetime,
    rng: random.Random,
    fraction: float = 0.1,
    min_interval: timedelta = MIN_INTERVAL,
    cap: timedelta | None = None,
    late_only: bool = False,
) -> datetime:
    """``target`` moved by a random share (up to ``fraction``) of its distance from ``now``.

    The shift is at most ``cap`` when given and only forwards when ``late_only``; the result
    is never before ``now + min_interval``. Deterministic for a seeded ``rng``.
    """
    require_aware(now)
    spread = max(target - now, timedelta(0)) * fraction
    if cap is not None:
        spread = min(spread, cap)
    low = 0.0 if late_only else -1.0
    shifted = target + spread * rng.uniform(low, 1.0)
    return max(shifted, now + min_interval).astimezone(UTC)


def schedule_next(
    next_check: str | None,
    now: datetime,
    bounds: ScheduleBounds,
    rng: random.Random,
    *,
    tz: tzinfo = UTC,
) -> ScheduledRun:
    """The next run for a governor's ``next_check``: parsed, bounded, jittered, explained.

    Missing or unparseable text falls back to ``bounds.default`` and the explanation says why.
    Relative times are jittered both ways; calendar times only later and by at most
    :data:`ANCHORED_JITTER_CAP`. The result always lies in ``[now + min, now + max]``.
    """
    require_aware(now)
    now = now.astimezone(UTC)
    anchored = False
    if next_check is None or not next_check.strip():
        target, reason = now + bounds.default, f"no next_check; default {_span(bounds.default)}"
    else:
        try:
            parsed = interpret_next_check(next_check, now=now, tz=tz)
        except UnparseableNextCheck as error:
            target = now + bounds.default
            reason = f"{error.problem} in {next_check!r}; default {_span(bounds.default)}"
        else:
            target, anchored = parsed.at, parsed.kind in ("calendar", "iso")
            reason = f"next_check {next_check!r}"
    bounded = _bounded(target, now, bounds)
    if bounded > target:
        reason += f", raised to the minimum interval {_span(bounds.min_interval)}"
    elif bounded < target:
        reason += f", lowered to the maximum interval {_span(bounds.max_interval)}"
    jittered = add_jitter(
        bounded,
        now=now,
        rng=rng,
        fraction=bounds.jitter_fraction,
        min_interval=bounds.min_interval,
        cap=ANCHORED_JITTER_CAP if anchored else None,
        late_only=anchored,
    )
    at = min(jittered, now + bounds.max_interval)
    return ScheduledRun(at, f"{reason} → {at:%Y-%m-%d %H:%M:%S} UTC (in {_span(at - now)})")


def _bounded(target: datetime, now: datetime, bounds: ScheduleBounds) -> datetime:
    return bound_next_run(
        target, now=now, min_interval=bounds.min_interval, max_interval=bounds.max_interval
    )


def _span(span: timedelta) -> str:
    return format_duration(span)
