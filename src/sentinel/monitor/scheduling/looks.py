"""How often a monitor looks at its known pages between searches, and when it searches again.

A monitor whose miss is costly (:func:`sentinel.monitor.scheduling.lifetime.miss_bound`: a
``notify=always`` monitor, or criteria about a state that can hold briefly) and that knows the
pages carrying its state (:mod:`sentinel.monitor.known_pages`) looks at those pages often and
searches about daily (:data:`SEARCH_EVERY`): a look is a conditional request per page, a
search is the one paid request that costs what hundreds of page fetches do.

The wait between looks is a share (:data:`LOOKS_PER_LIFE`) of the state's likely life, within
:data:`LOOK_MIN` and :data:`LOOK_MAX`:

- before anything is known, a **prior by kind of state** (:func:`state_kind`): an outage or
  incident lasts about two hours, a freed slot or table about three, a restock or resale
  tickets about four, a price below a threshold about six;
- the **shortest state seen holding** (kept beyond the run history's window) shortens it;
- the **known pages' own change rate**: the mean time between changes of their relevant
  content, counted with the prior as one pseudo-change (so one early change does not halve the
  wait, and pages whose relevant content never changes drift to :data:`LOOK_MAX`); the pages
  that change most set it. A page's change is only evidence of a short life down to half the
  prior: relevant content that changes at every look is churn, not a state coming and going.

Monitors about lasting states (a decision, a release, a result) get no prior and keep the
cadence of :mod:`sentinel.monitor.scheduling.cadence`.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from sentinel.monitor.known_pages import KnownPages
from sentinel.monitor.scheduling.bounds import ScheduledRun
from sentinel.monitor.scheduling.cadence import only_miss_bounded
from sentinel.monitor.scheduling.durations import format_duration

SEARCH_EVERY = timedelta(hours=24)
"""How long a monitor that looks at its known pages goes between searches."""
LOOK_MIN = timedelta(hours=1)
LOOK_MAX = timedelta(hours=3)
LOOKS_PER_LIFE = 2
LOOK_JITTER = 0.1
"""A look is moved earlier by up to this share of its wait, never later."""


@dataclass(frozen=True)
class StateKind:
    """A kind of brief state and how long one lasts when nothing else is known."""

    name: str
    life: timedelta
    words: re.Pattern[str]


def _words(pattern: str) -> re.Pattern[str]:
    return re.compile(rf"\b(?:{pattern})\b", re.IGNORECASE)


STATE_KINDS = (
    StateKind(
        "outage",
        timedelta(hours=2),
        _words(r"outages?|incidents?|down(?:time)?|degraded|disrupt\w*|suspended"),
    ),
    StateKind(
        "slots",
        timedelta(hours=3),
        _words(
            r"slots?|appointments?|cancellations?|tables?|spots?|vacanc\w+|"
            r"campsites?|reservations?|bookable|openings?"
        ),
    ),
    StateKind(
        "stock",
        timedelta(hours=4),
        _words(
            r"(?:back\s+)?in\s+stock|restock\w*|sold\s+out|availab\w+|orderable|tickets?|"
            r"resale|listings?|listed|flash\s+sale"
        ),
    ),
    StateKind(
        "price",
        timedelta(hours=6),
        _words(r"below|under|less\s+than|cheaper|drops?|price[ds]?|fares?|rates?|discount\w*"),
    ),
)
"""Kinds of brief state, shortest first: the first whose words the mission or criteria use."""
ALWAYS_LIFE = timedelta(hours=6)
"""The prior of a ``notify=always`` monitor whose words name no kind of brief state."""


def state_kind(*texts: str | None) -> StateKind | None:
    """The kind of brief state the mission or criteria describe (the shortest-lived one whose
    words they use), or None for a lasting state (a decision, a release, a result)."""
    for kind in STATE_KINDS:
        if any(text and kind.words.search(text) for text in texts):
            return kind
    return None


def prior_life(*texts: str | None, notify_always: bool) -> timedelta | None:
    """How long the watched state lasts before anything is seen, or None for a lasting
    state of a ``notify=once`` monitor (it keeps the usual cadence)."""
    kind = state_kind(*texts)
    if kind is not None:
        return kind.life
    return ALWAYS_LIFE if notify_always else None


@dataclass(frozen=True)
class LookWait:
    """The wait until the next look at the known pages, and why."""

    wait: timedelta
    reason: str


def look_wait(prior: timedelta, known: KnownPages, *, now: datetime) -> LookWait:
    """The wait between looks (see the module documentation)."""
    life, why = prior, f"prior {format_duration(prior)}"
    held = known.shortest_held()
    if held is not None and held < life:
        life, why = held, f"shortest state seen {format_duration(held)}"
    paced = _change_interval(known, prior, now=now)
    # The change rate is an estimate with the prior in it: it replaces the prior, and only
    # shortens what a state seen holding says.
    if paced is not None and (held is None or paced < life):
        life, why = paced, f"relevant content changes every {format_duration(paced)}"
    wait = min(max(life / LOOKS_PER_LIFE, LOOK_MIN), LOOK_MAX)
    return LookWait(wait, f"look at known pages every {format_duration(wait)} ({why})")


def _change_interval(known: KnownPages, prior: timedelta, *, now: datetime) -> timedelta | None:
    """The known pages' shortest mean time between relevant changes, the prior counted as
    one change, never below half the prior; None without known pages."""
    intervals = []
    for page in known.pages:
        span = max(now - datetime.fromisoformat(page.first_seen), timedelta(0))
        intervals.append((span + prior) / (page.changes + 1))
    if not intervals:
        return None
    return max(min(intervals), prior / 2)


def search_due(known: KnownPages, *, now: datetime) -> bool:
    """Whether the monitor should search this run: it never did, it last did at least
    :data:`SEARCH_EVERY` ago, or its schedule set this run for a reason of its own
    (``full_at``: a moment its pages name)."""
    last = known.last_search()
    if last is None or now - last >= SEARCH_EVERY:
        return True
    return known.full_at is not None and now >= datetime.fromisoformat(known.full_at)


def with_look(
    planned: ScheduledRun, wait: LookWait, known: KnownPages, *, now: datetime, rng: random.Random
) -> tuple[ScheduledRun, KnownPages]:
    """The next run — ``planned`` or, when sooner, the next look (jittered only earlier) —
    and the known pages with ``full_at`` set when ``planned`` comes first for a reason of its
    own (a moment the pages name, a retry; not the miss bound alone, which the looks stand in
    for), so that run searches and reads in full."""
    early = wait.wait * LOOK_JITTER * rng.random()
    at = now + wait.wait - early
    if planned.at <= at and only_miss_bounded(planned):
        return planned, known
    if planned.at <= at:
        return planned, replace(known, full_at=planned.at.isoformat())
    return ScheduledRun(at, f"{wait.reason} → in {format_duration(at - now)}"), known
