"""When a monitor runs next after each kind of run: governed, skipped, or failed.

- governed: the governor's ``next_check``, parsed, bounded and jittered
  (:func:`sentinel.monitor.scheduling.schedule_next`);
- skipped (nothing changed): the last governed wait, backed off by
  :data:`SKIP_BACKOFF_FACTOR` per consecutive skip (:func:`~sentinel.monitor.prefilter
  .backoff_interval`), within the monitor's bounds;
- failed: the retry policy's delay when it retries, else the last governed wait (the monitor
  stays on its regular schedule).

Every result is at least a second after ``now``: nothing is ever scheduled in the past.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sentinel.monitor.durations import format_duration
from sentinel.monitor.prefilter import backoff_interval
from sentinel.monitor.scheduling import (
    DEFAULT_INTERVAL,
    ScheduleBounds,
    ScheduledRun,
    add_jitter,
    bound_next_run,
    schedule_next,
)
from sentinel.storage import MonitorRecord

SKIP_BACKOFF_FACTOR = 1.5
MIN_DELAY = timedelta(seconds=1)


def monitor_bounds(monitor: MonitorRecord) -> ScheduleBounds:
    """The monitor's interval bounds; the default wait is a day, kept within them."""
    low = timedelta(seconds=monitor.min_interval_s)
    high = timedelta(seconds=monitor.max_interval_s)
    return ScheduleBounds(
        min_interval=low, max_interval=high, default=min(max(DEFAULT_INTERVAL, low), high)
    )


def monitor_timezone(monitor: MonitorRecord) -> tzinfo:
    """The zone calendar phrases ("tomorrow 9am") are read in: ``context["timezone"]`` or UTC."""
    name = monitor.context.get("timezone")
    if isinstance(name, str):
        try:
            return ZoneInfo(name)
        except (ZoneInfoNotFoundError, ValueError):
            return UTC
    return UTC


def after_decision(
    next_check: str | None, *, now: datetime, monitor: MonitorRecord, rng: random.Random
) -> ScheduledRun:
    """The next run a governor's ``next_check`` asks for, bounded and explained."""
    return schedule_next(
        next_check, now, monitor_bounds(monitor), rng, tz=monitor_timezone(monitor)
    )


def after_skip(
    *,
    now: datetime,
    monitor: MonitorRecord,
    rng: random.Random,
    last_interval: timedelta | None,
    consecutive_skips: int,
) -> ScheduledRun:
    """The next run after a skipped one: the last wait, backed off per consecutive skip."""
    bounds = monitor_bounds(monitor)
    base = min(max(last_interval or bounds.default, bounds.min_interval), bounds.max_interval)
    wait = backoff_interval(
        consecutive_skips, base, bounds.max_interval, factor=SKIP_BACKOFF_FACTOR
    )
    return _spread(now + wait, now, bounds, rng, f"no change {consecutive_skips}x in a row")


def after_failure(
    *,
    now: datetime,
    monitor: MonitorRecord,
    rng: random.Random,
    retry_delay: timedelta | None,
    last_interval: timedelta | None,
) -> ScheduledRun:
    """The next run after a failure: the retry when there is one, else the regular wait."""
    if retry_delay is not None:
        at = now + max(retry_delay, MIN_DELAY)
        return ScheduledRun(at, f"retry in {format_duration(at - now)}")
    bounds = monitor_bounds(monitor)
    wait = last_interval or bounds.default
    return _spread(now + wait, now, bounds, rng, "not retried; regular schedule")


def _spread(
    target: datetime, now: datetime, bounds: ScheduleBounds, rng: random.Random, why: str
) -> ScheduledRun:
    bounded = bound_next_run(
        target, now=now, min_interval=bounds.min_interval, max_interval=bounds.max_interval
    )
    jittered = add_jitter(
        bounded,
        now=now,
        rng=rng,
        fraction=bounds.jitter_fraction,
        min_interval=max(bounds.min_interval, MIN_DELAY),
    )
    at = min(jittered, now + bounds.max_interval)
    return ScheduledRun(at, f"{why} → in {format_duration(at - now)}")
