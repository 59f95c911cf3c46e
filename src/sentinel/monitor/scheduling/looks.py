"""How often a monitor looks at its watch set between searches, and when it searches again.

A monitor that keeps a watch set (:mod:`sentinel.monitor.watch_set`) looks at those pages at
the pace its state needs and searches rarely: a look is a conditional request per page, a
search is the one paid request that costs what hundreds of page fetches do. It searches at
creation, when its watch set goes stale (no page left), at a moment its pages name, and
otherwise every :data:`SEARCH_EVERY`; between searches, its looks read the sitemaps of the
watched sites every :data:`SITEMAP_EVERY` for pages that did not exist at the last search.

The wait between looks comes from **how long the watched kind of state lasts**
(:func:`watch_lifetime`: the contract's ``lifetime``, else the words of the mission and
criteria), within that lifetime's :class:`LookPace`:

- ``minutes`` (a restock, a freed slot or table, an outage): every 5–15 minutes;
- ``hours`` (an incident's status, a price): every 30–60 minutes;
- ``days`` (a release, a ruling, a result — any state that, once there, stays): every hour.
  Such a state cannot be missed, so the pace is the delay a user waits, not the state's
  life: a look every hour finds it half an hour after it appears, on median, and costs a
  conditional request (a 304 when nothing changed).

Within the pace, the wait is a share (:data:`LOOKS_PER_LIFE`) of the shortest of the pace's
``life``, the shortest state seen holding, and the watched pages' **change history** (the mean
time between changes of their relevant content, the pace's life counted as one pseudo-change,
so one early change does not halve the wait and pages that never change stay at the slow end).

Two budgets stretch it, never shorten it (:mod:`sentinel.monitor.budget`): the monitor's
requests per day (its ``requests_per_day`` option, else ``SENTINEL_WATCH_MONITOR_REQUESTS_PER_DAY``)
spread over its pages, and, in the run itself, the process-wide budget.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from sentinel.monitor.contract.model import Lifetime
from sentinel.monitor.scheduling.anchors import INSTEAD_OF_THE_PLAN
from sentinel.monitor.scheduling.bounds import ScheduledRun
from sentinel.monitor.scheduling.cadence import only_miss_bounded
from sentinel.monitor.scheduling.durations import format_duration
from sentinel.monitor.watch_set import WatchSet

SEARCH_EVERY = timedelta(days=7)
"""How long a monitor whose watch set is healthy goes between searches."""
SITEMAP_EVERY = timedelta(hours=6)
"""How long a look goes between reads of a watched host's sitemap
(:mod:`sentinel.monitor.watch_sitemaps`): a page that appears on a watched site is found
within this, without a search."""
LOOKS_PER_LIFE = 2
LOOK_JITTER = 0.1
"""A look is moved earlier by up to this share of its wait, never later, and never before the
wait a budget or the user's minimum interval sets (:attr:`LookWait.least`)."""


@dataclass(frozen=True)
class LookPace:
    """The range of waits between looks for a kind of state, and the life assumed for it
    before anything is seen."""

    fastest: timedelta
    slowest: timedelta
    life: timedelta


PACES: dict[Lifetime, LookPace] = {
    "minutes": LookPace(timedelta(minutes=5), timedelta(minutes=15), timedelta(minutes=30)),
    "hours": LookPace(timedelta(minutes=30), timedelta(minutes=60), timedelta(hours=2)),
    "days": LookPace(timedelta(hours=1), timedelta(hours=1), timedelta(days=1)),
}
"""The look pace of each lifetime (see the module documentation)."""
LOOK_MIN = min(pace.fastest for pace in PACES.values())
LOOK_MAX = max(pace.slowest for pace in PACES.values())


@dataclass(frozen=True)
class StateKind:
    """A kind of brief state named by a mission's words, and its lifetime."""

    name: str
    lifetime: Lifetime
    words: re.Pattern[str]


def _words(pattern: str) -> re.Pattern[str]:
    return re.compile(rf"\b(?:{pattern})\b", re.IGNORECASE)


STATE_KINDS = (
    StateKind(
        "outage",
        "minutes",
        _words(r"outages?|incidents?|down(?:time)?|degraded|disrupt\w*|suspended"),
    ),
    StateKind(
        "slots",
        "minutes",
        _words(
            r"slots?|appointments?|cancellations?|tables?|spots?|vacanc\w+|"
            r"campsites?|reservations?|bookable|openings?"
        ),
    ),
    StateKind(
        "stock",
        "minutes",
        _words(
            r"(?:back\s+)?in\s+stock|restock\w*|sold\s+out|availab\w+|orderable|tickets?|"
            r"resale|listings?|listed|flash\s+sale"
        ),
    ),
    StateKind(
        "price",
        "hours",
        _words(r"below|under|less\s+than|cheaper|drops?|price[ds]?|fares?|rates?|discount\w*"),
    ),
)
"""Kinds of brief state, shortest first: the first whose words the mission or criteria use
gives a monitor without a contract its lifetime."""


def state_kind(*texts: str | None) -> StateKind | None:
    """The kind of brief state the mission or criteria describe (the shortest-lived one whose
    words they use), or None for a lasting state (a decision, a release, a result)."""
    for kind in STATE_KINDS:
        if any(text and kind.words.search(text) for text in texts):
            return kind
    return None


def watch_lifetime(
    contract_lifetime: Lifetime | None, *texts: str | None, notify_always: bool
) -> Lifetime:
    """How long the watched kind of state lasts: the contract's ``lifetime`` when the monitor
    has one; else the kind of brief state its words name; else ``hours`` for a
    ``notify=always`` monitor (episodes come and go); else ``days`` (a lasting state: a
    decision, a release, a result)."""
    if contract_lifetime is not None:
        return contract_lifetime
    kind = state_kind(*texts)
    if kind is not None:
        return kind.lifetime
    return "hours" if notify_always else "days"


@dataclass(frozen=True)
class LookWait:
    """The wait until the next look at the watch set, and why; ``least``: the shortest wait
    the jitter may bring it to (the request budget's or the user's minimum interval)."""

    wait: timedelta
    reason: str
    least: timedelta = timedelta(0)


def look_wait(
    lifetime: Lifetime,
    watch: WatchSet,
    *,
    now: datetime,
    requests_per_day: int | None = None,
    min_interval: timedelta | None = None,
    pages: int | None = None,
) -> LookWait:
    """The wait between looks (see the module documentation); ``requests_per_day``: the
    monitor's budget, spread over its watched pages; ``min_interval``: the user's own
    shortest interval, when they set one (the product's default is for full runs);
    ``pages``: the pages each look asks (default: the watch set's)."""
    count = len(watch.pages) if pages is None else pages
    pace = PACES[lifetime]
    life, why = pace.life, f"a state that lasts {lifetime}"
    held = watch.shortest_held()
    if held is not None and held < life:
        life, why = held, f"shortest state seen {format_duration(held)}"
    paced = _change_interval(watch, pace.life, now=now)
    if paced is not None and paced < life:
        life, why = paced, f"relevant content changes every {format_duration(paced)}"
    wait = min(max(life / LOOKS_PER_LIFE, pace.fastest), pace.slowest)
    least = timedelta(0)
    floor = budget_floor(requests_per_day, count)
    if floor is not None:
        least = floor
        if floor > wait:
            wait, why = floor, f"{why}; {requests_per_day} requests a day for {count} page(s)"
    if min_interval is not None:
        least = max(least, min_interval)
        if min_interval > wait:
            wait, why = min_interval, f"{why}; the monitor's minimum interval"
    every = format_duration(wait)
    return LookWait(wait, f"look at {count} page(s) every {every} ({why})", least)


def budget_floor(requests_per_day: int | None, pages: int) -> timedelta | None:
    """The shortest wait between looks at ``pages`` pages that keeps to ``requests_per_day``
    (None: no budget, or no page)."""
    if requests_per_day is None or pages <= 0:
        return None
    return timedelta(days=1) * pages / max(requests_per_day, 1)


def _change_interval(watch: WatchSet, prior: timedelta, *, now: datetime) -> timedelta | None:
    """The watched pages' shortest mean time between relevant changes, ``prior`` counted as
    one change, never below half of it; None without a page that changed."""
    intervals = []
    for page in watch.pages:
        if page.changes == 0:
            continue
        span = max(now - datetime.fromisoformat(page.first_seen), timedelta(0))
        intervals.append((span + prior) / (page.changes + 1))
    if not intervals:
        return None
    return max(min(intervals), prior / 2)


def search_due(watch: WatchSet, *, now: datetime) -> bool:
    """Whether the monitor should search this run: it never did, its watch set is stale, it
    last searched at least :data:`SEARCH_EVERY` ago, or its schedule set this run for a
    reason of its own (``full_at``: a moment its pages name)."""
    if watch.stale:
        return True
    known = watch
    last = known.last_search()
    if last is None or now - last >= SEARCH_EVERY:
        return True
    return known.full_at is not None and now >= datetime.fromisoformat(known.full_at)


def with_look(
    planned: ScheduledRun, wait: LookWait, known: WatchSet, *, now: datetime, rng: random.Random
) -> tuple[ScheduledRun, WatchSet]:
    """The next run — ``planned`` or, when sooner, the next look (jittered only earlier) —
    and the watch set with ``full_at`` set when ``planned`` is for a reason of its own (a
    moment the pages name, a retry; not the miss bound alone, which the looks stand in for)
    and comes before the look after next: that run searches and reads in full."""
    early = min(wait.wait * LOOK_JITTER * rng.random(), max(wait.wait - wait.least, timedelta(0)))
    at = now + wait.wait - early
    if planned.at <= at and only_miss_bounded(planned):
        return planned, known
    # A moment due before the look after next is run at its time, skipping the look before
    # it: a look a minute before "on sale at 10:00" would leave the sale to the next search.
    moment = planned.explanation.endswith(INSTEAD_OF_THE_PLAN)
    if planned.at <= at or (moment and planned.at <= at + wait.wait):
        return planned, replace(known, full_at=planned.at.isoformat())
    return ScheduledRun(at, f"{wait.reason} → in {format_duration(at - now)}"), known
