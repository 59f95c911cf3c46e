"""What a full run learns of its monitor's known pages, and how it schedules the next look.

A run that read pages (with or without a search) updates the monitor's known pages
(:func:`learn_known`: which pages carry the state, whether their relevant content changed,
the shortest state seen holding), stores them with its outcome (:func:`known_context`), and
brings its next run forward to the next look when that is sooner (:func:`next_with_look`).
The look itself is :mod:`sentinel.monitor.known_look`.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from typing import Any

from sentinel.monitor.known_look import KnownLook, watch_prior
from sentinel.monitor.known_pages import (
    KNOWN_PAGES,
    KnownPages,
    choose_known,
    known_from_context,
    known_to_json,
)
from sentinel.monitor.recording import LoadedRun
from sentinel.monitor.scheduling.bounds import ScheduledRun
from sentinel.monitor.scheduling.looks import look_wait, with_look
from sentinel.monitor.sensing.sensor import SensorResult
from sentinel.storage import MonitorRecord


def held_spans(loaded: LoadedRun) -> tuple[timedelta, ...]:
    """How long each state in which the criteria held lasted: the run history's, and the
    shortest one the monitor's known pages keep beyond the history's window."""
    known = known_from_context(loaded.monitor.context)
    kept = known.shortest_held() if known is not None else None
    return (*loaded.history.held, *([kept] if kept is not None else []))


def learn_known(
    loaded: LoadedRun, sensed: SensorResult, look: KnownLook | None
) -> KnownPages | None:
    """The monitor's known pages after this run (see :mod:`sentinel.monitor.known_pages`),
    or None when it does not look at known pages (a lasting state, named pages). ``look``:
    the look that made this run read its known pages, whose history is the newest."""
    monitor = loaded.monitor
    if watch_prior(monitor) is None:
        return None
    previous = look.known if look is not None else known_from_context(monitor.context)
    # The pages the state quotes: this run's, else the stored state's (a skipped run).
    if sensed.output is not None:
        cited = [item.url for item in sensed.output.evidence]
    else:
        stored = loaded.latest.evidence if loaded.latest else []
        cited = [str(item["url"]) for item in stored if item.get("url")]
    known = choose_known(
        sensed.pages,
        previous=previous,
        mission=monitor.original_query,
        criteria=monitor.action_criteria,
        now=loaded.now,
        searched=sensed.store.state.workspace.searched,
        cited=cited,
    )
    return known.with_held(loaded.history.held)


def next_with_look(
    scheduled: ScheduledRun,
    known: KnownPages | None,
    *,
    monitor: MonitorRecord,
    now: datetime,
    rng: random.Random,
) -> tuple[ScheduledRun, KnownPages | None]:
    """``scheduled``, or the next look at the known pages when sooner; with the known pages
    to store (see :func:`sentinel.monitor.scheduling.looks.with_look`)."""
    prior = watch_prior(monitor)
    if known is None or not known.pages or prior is None:
        return scheduled, known
    return with_look(scheduled, look_wait(prior, known, now=now), known, now=now, rng=rng)


def known_context(known: KnownPages | None) -> dict[str, Any] | None:
    """The monitor's ``context`` entry for its known pages, None when it keeps none."""
    return None if known is None else {KNOWN_PAGES: known_to_json(known)}
