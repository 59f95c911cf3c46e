"""What a run learns of its monitor's watch set, and when it looks next.

A run that read pages (with or without a search) updates the monitor's watch set
(:func:`learn_watch`: which pages carry the state, whether their relevant content changed,
the shortest state seen holding), stores it with its outcome (:func:`watch_context`), and
brings its next run forward to the next look when that is sooner (:func:`next_with_look`:
the pace of :mod:`sentinel.monitor.scheduling.looks`, within the monitor's request budget).
The look itself is :mod:`sentinel.monitor.look`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import datetime, timedelta
from typing import Any

from sentinel.monitor.budget import monitor_requests_per_day
from sentinel.monitor.contract.model import Lifetime
from sentinel.monitor.recording import LoadedRun
from sentinel.monitor.scheduling.bounds import ScheduledRun
from sentinel.monitor.scheduling.looks import look_wait, with_look
from sentinel.monitor.sensing.result import SensorResult
from sentinel.monitor.sensing.sources import PageRecord
from sentinel.monitor.services import RunServices
from sentinel.monitor.watch_set import (
    Via,
    WatchSet,
    choose_watched,
    watch_set_context,
    watch_set_from_context,
)
from sentinel.storage import MonitorRecord
from sentinel.storage.monitor_fields import DEFAULT_MIN_INTERVAL_S


def look_held(held: Sequence[timedelta], watch: WatchSet | None) -> tuple[timedelta, ...]:
    """How long each state in which the criteria held lasted: the run history's ``held``,
    and the shortest one the watch set keeps beyond the history's window."""
    kept = watch.shortest_held() if watch is not None else None
    return (*held, *([kept] if kept is not None else []))


def held_spans(loaded: LoadedRun) -> tuple[timedelta, ...]:
    """:func:`look_held` of a loaded run and its monitor's stored watch set."""
    return look_held(loaded.history.held, watch_set_from_context(loaded.monitor.context))


def learn_watch(
    loaded: LoadedRun,
    sensed: SensorResult,
    previous: WatchSet | None,
    *,
    linked: Mapping[str, PageRecord] | None = None,
    sitemap: Mapping[str, PageRecord] | None = None,
    sitemaps_read: Mapping[str, str] | None = None,
    entered: Mapping[str, Via] | None = None,
) -> WatchSet:
    """The monitor's watch set after this run (see :mod:`sentinel.monitor.watch_set`):
    ``previous`` (the look's, whose history is the newest, else the stored one) with the
    pages this run read, the ``linked`` pages it reached by following their links and the
    ``sitemap`` pages it reached from their hosts' sitemaps; ``sitemaps_read``: when it
    last read each host's sitemap, after this run (None: as before); ``entered``: how the
    pages read that a look found (in a sitemap) entered."""
    monitor = loaded.monitor
    # The pages the state quotes: this run's, else the stored state's (a skipped run).
    if sensed.output is not None:
        cited = [item.url for item in sensed.output.evidence]
    else:
        stored = loaded.latest.evidence if loaded.latest else []
        cited = [str(item["url"]) for item in stored if item.get("url")]
    watch = choose_watched(
        sensed.pages,
        previous=previous,
        mission=monitor.original_query,
        criteria=monitor.action_criteria,
        now=loaded.now,
        searched=sensed.store.state.workspace.searched,
        cited=cited,
        linked=linked,
        sitemap=sitemap,
        entered=entered,
    )
    if sitemaps_read is not None:
        watch = replace(watch, sitemaps_read=dict(sitemaps_read))
    return watch.with_held(loaded.history.held)


def next_with_look(
    scheduled: ScheduledRun,
    watch: WatchSet | None,
    lifetime: Lifetime,
    *,
    services: RunServices,
    monitor: MonitorRecord,
    now: datetime,
) -> tuple[ScheduledRun, WatchSet | None]:
    """``scheduled``, or the next look when sooner (the pace of the state's ``lifetime``,
    the pages' history, the monitor's request budget and its own minimum interval); with the
    watch set to store (see :func:`sentinel.monitor.scheduling.looks.with_look`). A monitor
    with named pages looks at them at the same pace (it keeps no watch set)."""
    pages = len(monitor.urls) if monitor.urls else None
    if watch is None and pages is None:
        return scheduled, watch
    if watch is not None and not watch.pages:
        return scheduled, watch
    budget = monitor_requests_per_day(monitor.context, services.monitor_requests_per_day)
    own_min = monitor.min_interval_s != DEFAULT_MIN_INTERVAL_S
    wait = look_wait(
        lifetime,
        watch or WatchSet(),
        now=now,
        requests_per_day=budget,
        min_interval=timedelta(seconds=monitor.min_interval_s) if own_min else None,
        pages=pages,
    )
    planned, looked = with_look(scheduled, wait, watch or WatchSet(), now=now, rng=services.rng)
    return planned, looked if watch is not None else None


def watch_context(watch: WatchSet | None, context: Mapping[str, Any]) -> dict[str, Any] | None:
    """The monitor's ``context`` entries for its watch set, None when it keeps none."""
    return None if watch is None else watch_set_context(watch, context)
