"""When a monitor runs next after each kind of run: governed, skipped, or failed.

- governed: the governor's ``next_check``, parsed, bounded and jittered
  (:func:`sentinel.monitor.scheduling.bounds.schedule_next`);
- skipped (nothing changed): the last governed wait, backed off by
  :data:`SKIP_BACKOFF_FACTOR` per consecutive skip (:func:`~sentinel.monitor.sensing.prefilter
  .backoff_interval`) up to :data:`SKIP_BACKOFF_CEILING` (or the governed wait, when that was
  longer), within the monitor's bounds. Silence is not news: pages that stayed the same for a
  week say little about tomorrow, so back-off alone never stretches the wait past a day and a
  bit — only a governor's explicit ``next_check`` (or the monitor's maximum) can;
- failed: the retry policy's delay when it retries, else the last governed wait (the monitor
  stays on its regular schedule).

Governed and skipped runs are then brought forward around what the pages name — the pages
read this run, their search snippets, and the dated lines carried from the last full read of
pages a probe left unread: a day and a time in one sentence ("on sale Friday 24 January at
10:00 GMT") is looked at a quarter of an hour after
(:func:`sentinel.monitor.scheduling.anchors.appointment_run`); a day alone (a release date, a
vote, a reopening) is looked at every few hours
(:func:`~sentinel.monitor.scheduling.anchors.anchored_run`); a long wait is moved to a time of
day they name (:func:`~sentinel.monitor.scheduling.anchors.aligned_run`): "the store restocks
at 10:00 UTC". A skipped run in which a source could not be fetched looks again within
:data:`FAILED_SOURCE_RETRY`: a change may hide behind the outage.

Two limits hold for governed and skipped runs alike (:func:`monitor_bounds`):

- a monitor whose user gave no maximum interval (the stored maximum is the product's default,
  :data:`~sentinel.storage.monitor_fields.DEFAULT_MAX_INTERVAL_S`) never waits longer than
  :data:`DEFAULT_CEILING`, a daily check: an explicit "check again in two weeks" from a
  governor cannot make a default monitor slower than the daily check a user would set up;
- what a miss costs (:mod:`sentinel.monitor.scheduling.lifetime`): for ``notify=always``
  and criteria that can hold briefly (in stock, available, below a price), the wait is at
  most half the state's likely life, from the monitor's own history of how long the state
  held and the sensor's volatility judgement.

Every result is at least a second after ``now``: nothing is ever scheduled in the past.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sentinel.monitor.scheduling.anchors import (
    aligned_run,
    anchor_days,
    anchored_run,
    appointment_run,
    appointments,
    times_of_day,
)
from sentinel.monitor.scheduling.bounds import (
    DEFAULT_INTERVAL,
    ScheduleBounds,
    ScheduledRun,
    add_jitter,
    bound_next_run,
    schedule_next,
)
from sentinel.monitor.scheduling.durations import format_duration
from sentinel.monitor.scheduling.lifetime import MissBound, miss_bound
from sentinel.monitor.sensing.prefilter import backoff_interval
from sentinel.storage import MonitorRecord
from sentinel.storage.monitor_fields import DEFAULT_MAX_INTERVAL_S

SKIP_BACKOFF_FACTOR = 1.5
SKIP_BACKOFF_CEILING = timedelta(hours=32)
FAILED_SOURCE_RETRY = timedelta(hours=1)
MIN_DELAY = timedelta(seconds=1)
DEFAULT_CEILING = timedelta(hours=24)
"""The longest wait of a monitor whose user gave no maximum interval."""


def monitor_bounds(monitor: MonitorRecord, miss: MissBound | None = None) -> ScheduleBounds:
    """The monitor's interval bounds: its own, with :data:`DEFAULT_CEILING` as the maximum
    when the user gave none, and ``miss``'s wait as the maximum when shorter; the default wait
    is a day, kept within them."""
    low = timedelta(seconds=monitor.min_interval_s)
    high = timedelta(seconds=monitor.max_interval_s)
    if monitor.max_interval_s == DEFAULT_MAX_INTERVAL_S:
        high = max(min(high, DEFAULT_CEILING), low)
    if miss is not None:
        high = max(min(high, miss.wait), low)
    return ScheduleBounds(
        min_interval=low, max_interval=high, default=min(max(DEFAULT_INTERVAL, low), high)
    )


def monitor_miss_bound(
    monitor: MonitorRecord, *, held: Sequence[timedelta] = (), hint: str | None = None
) -> MissBound | None:
    """The bound what a miss costs puts on ``monitor``'s wait (see
    :func:`sentinel.monitor.scheduling.lifetime.miss_bound`), or None; ``held`` and ``hint`` are its
    history's state lives and the sensor's latest volatility judgement."""
    return miss_bound(
        notify_always=monitor.notify_behavior.value == "always",
        criteria=(monitor.original_query, monitor.action_criteria),
        held=held,
        hint=hint,
        min_interval=timedelta(seconds=monitor.min_interval_s),
    )


def _within_miss_bound(
    planned: ScheduledRun,
    miss: MissBound | None,
    pages: Sequence[str],
    *,
    now: datetime,
    monitor: MonitorRecord,
    rng: random.Random,
) -> ScheduledRun:
    """``planned`` when it comes within the miss bound; else the bound's wait, jittered only
    earlier, or a time of day the pages name within it (a store that restocks "at 10:00" is
    looked at 10:15 rather than at a random hour before the bound runs out)."""
    if miss is None or planned.at - now <= miss.wait:
        return planned
    bounds = monitor_bounds(monitor, miss)
    why = f"{MISS_BOUNDED}{miss.reason}"
    limit = ScheduledRun(now + bounds.max_interval, why)
    if pages:
        tz, mission = monitor_timezone(monitor), monitor.original_query
        times = times_of_day(pages, mission, now=now, tz=tz)
        aligned = aligned_run(limit, times, now=now, bounds=bounds)
        if aligned != limit:
            return ScheduledRun(aligned.at, f"{why}; {aligned.explanation}")
    early = bounds.max_interval * bounds.jitter_fraction * rng.random()
    at = max(limit.at - early, now + max(bounds.min_interval, MIN_DELAY))
    return ScheduledRun(at, f"{why} → in {format_duration(at - now)}")


MISS_BOUNDED = "bounded: "
"""How the explanation of a run set by the miss bound alone begins."""


def only_miss_bounded(run: ScheduledRun) -> bool:
    """Whether ``run`` is where the miss bound alone put it (no moment the pages name):
    a look at a known page may stand in for it."""
    return run.explanation.startswith(MISS_BOUNDED) and "; " not in run.explanation


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
    next_check: str | None,
    *,
    now: datetime,
    monitor: MonitorRecord,
    rng: random.Random,
    pages: Sequence[str] = (),
    held: Sequence[timedelta] = (),
    hint: str | None = None,
) -> ScheduledRun:
    """The next run a governor's ``next_check`` asks for, bounded (by the monitor's bounds
    and what a miss costs: ``held``, ``hint``, see :func:`monitor_miss_bound`), brought
    forward around the days ``pages`` name (the texts the run schedules from: its pages,
    search snippets and carried dated lines), and explained."""
    bounds, tz = monitor_bounds(monitor), monitor_timezone(monitor)
    planned = schedule_next(next_check, now, bounds, rng, tz=tz)
    planned = _around_anchors(planned, pages, now=now, monitor=monitor, bounds=bounds)
    miss = monitor_miss_bound(monitor, held=held, hint=hint)
    return _within_miss_bound(planned, miss, pages, now=now, monitor=monitor, rng=rng)


def after_skip(
    *,
    now: datetime,
    monitor: MonitorRecord,
    rng: random.Random,
    last_interval: timedelta | None,
    consecutive_skips: int,
    pages: Sequence[str] = (),
    source_failed: bool = False,
    held: Sequence[timedelta] = (),
    hint: str | None = None,
) -> ScheduledRun:
    """The next run after a skipped one: the last wait, backed off per consecutive skip up
    to a day (see the module documentation) and bounded by what a miss costs (``held``,
    ``hint``), brought forward around the days ``pages`` name."""
    bounds = monitor_bounds(monitor)
    base = min(max(last_interval or bounds.default, bounds.min_interval), bounds.max_interval)
    ceiling = min(max(base, SKIP_BACKOFF_CEILING), bounds.max_interval)
    wait = backoff_interval(consecutive_skips, base, ceiling, factor=SKIP_BACKOFF_FACTOR)
    why = f"no change {consecutive_skips}x in a row"
    if source_failed:
        wait, why = min(wait, FAILED_SOURCE_RETRY), f"{why}, but a source could not be fetched"
    planned = _spread(now + wait, now, bounds, rng, why)
    planned = _around_anchors(planned, pages, now=now, monitor=monitor, bounds=bounds)
    miss = monitor_miss_bound(monitor, held=held, hint=hint)
    return _within_miss_bound(planned, miss, pages, now=now, monitor=monitor, rng=rng)


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


def _around_anchors(
    planned: ScheduledRun,
    pages: Sequence[str],
    *,
    now: datetime,
    monitor: MonitorRecord,
    bounds: ScheduleBounds,
) -> ScheduledRun:
    if not pages:
        return planned
    tz, mission = monitor_timezone(monitor), monitor.original_query
    moments = appointments(pages, mission, now=now, tz=tz)
    appointed = appointment_run(planned, moments, now=now, bounds=bounds)
    if appointed != planned:
        return appointed
    days = anchor_days(pages, mission, now=now, tz=tz)
    anchored = anchored_run(planned, days, now=now, bounds=bounds, tz=tz)
    if anchored != planned:
        return anchored
    times = times_of_day(pages, mission, now=now, tz=tz)
    return aligned_run(planned, times, now=now, bounds=bounds)


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
