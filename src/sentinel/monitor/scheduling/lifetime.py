"""How long a watched state is likely to last, and so the longest wait a miss of it allows.

A monitor that waits a day between looks loses nothing on a ruling or a release: once true,
they stay true, and a day late is a day late. It loses everything on a state that can end
before the next look: tickets in stock for three hours, a flash price for six, a status page
incident for two. So the wait is bounded by the state's likely life — at most
:data:`LOOKS_PER_LIFE`-th of it, so that a state lasting that long is seen — for

- every ``notify=always`` monitor (each new episode is news, and episodes come and go), and
- criteria that describe a state which can hold briefly (:func:`brief_criteria`: in stock,
  available, tickets, slots, below a price, an outage…).

The likely life is the shortest of what the monitor knows (:func:`miss_bound`):

- its own history: how long each state in which the criteria held lasted, from the first run
  that saw it to the first run that saw it gone (an over-estimate by at most one wait, so a
  state seen briefly shortens the bound step by step);
- the sensor's volatility judgement ("hours", "30 minutes", "daily"), which may only shorten
  it: a sensor guessing "weekly" about a page it read once does not slow a restock watch;
- otherwise :data:`BRIEF_LIFETIME`, what a state of that kind lasts when nothing else is
  known.

The bound never drops below :data:`MIN_BOUND` (a look costs a fetch and a search; a state
gone within the hour is a matter for the user's own ``min_interval``, not a default), nor
below the monitor's ``min_interval``. Nothing here reads anything but the monitor's words, its
run history and its sensor's reports.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta

from sentinel.monitor.scheduling.durations import (
    UnparseableDuration,
    format_duration,
    parse_duration,
)

__all__ = [
    "BRIEF_LIFETIME",
    "LOOKS_PER_LIFE",
    "MIN_BOUND",
    "MissBound",
    "brief_criteria",
    "hinted_lifetime",
    "miss_bound",
]

BRIEF_LIFETIME = timedelta(hours=24)
"""How long a brief state (a restock, a sale, a free slot) is taken to last with no evidence."""
LOOKS_PER_LIFE = 2
"""Looks per expected life of the state: the wait is at most this share of it."""
MIN_BOUND = timedelta(hours=2)
"""The shortest bound a default sets."""

# Words of criteria about states that come and go within hours or days. Matched on whole
# words of the monitor's mission and criteria.
_BRIEF = re.compile(
    r"\b(?:(?:back\s+)?in\s+stock|out\s+of\s+stock|restock\w*|sold\s+out|availab\w+|"
    r"orderable|bookable|tickets?|slots?|appointments?|spots?|vacanc\w+|"
    r"cancellations?|waitlist|waiting\s+list|listings?|listed|"
    r"below|under|less\s+than|cheaper|drops?|price[ds]?|fares?|rates?|discount\w*|"
    r"outages?|incidents?|down(?:time)?|degraded|suspended|cancel+ed|disrupt\w*|"
    r"advisor(?:y|ies))\b",
    re.IGNORECASE,
)

# How a sensor may word how soon things change, as the life of a state.
_PACES = {
    "minutes": timedelta(minutes=30),
    "hourly": timedelta(hours=1),
    "hours": timedelta(hours=3),
    "a few hours": timedelta(hours=3),
    "daily": timedelta(days=1),
    "days": timedelta(days=1),
}


@dataclass(frozen=True)
class MissBound:
    """The longest wait that does not risk missing the watched state, and why."""

    wait: timedelta
    reason: str


def brief_criteria(*texts: str | None) -> bool:
    """Whether the mission or criteria describe a state that can hold only briefly."""
    return any(text and _BRIEF.search(text) for text in texts)


def hinted_lifetime(hint: str | None) -> timedelta | None:
    """The life of a state a sensor's volatility hint names ("hours", "6 hours", "daily"),
    or None when it names none."""
    if not hint or not hint.strip():
        return None
    folded = " ".join(hint.casefold().split()).rstrip(".")
    if folded in _PACES:
        return _PACES[folded]
    try:
        span = parse_duration(folded)
    except UnparseableDuration:
        pass
    else:
        return span if span > timedelta(0) else None
    for words, pace in _PACES.items():
        if folded == words or folded.startswith(f"{words} ") or folded.endswith(f" {words}"):
            return pace
    return None


def miss_bound(
    *,
    notify_always: bool,
    criteria: Sequence[str | None],
    held: Sequence[timedelta] = (),
    hint: str | None = None,
    min_interval: timedelta = timedelta(0),
) -> MissBound | None:
    """The bound on the wait (see the module documentation), or None when a miss costs no
    more than a late notice (criteria about a lasting state, notify once)."""
    brief = brief_criteria(*criteria)
    if not (notify_always or brief):
        return None
    why = "notify=always" if notify_always else "the criteria can hold briefly"
    life, source = BRIEF_LIFETIME, f"a brief state lasts about {format_duration(BRIEF_LIFETIME)}"
    observed = [span for span in held if span > timedelta(0)]
    if observed and min(observed) < life:
        life = min(observed)
        source = f"the shortest state seen holding lasted {format_duration(life)}"
    hinted = hinted_lifetime(hint)
    if hinted is not None and hinted < life:
        life, source = hinted, f"the sensor judges it changes within {format_duration(hinted)}"
    wait = max(life / LOOKS_PER_LIFE, MIN_BOUND, min_interval)
    return MissBound(wait, f"{why}; {source}: at most {format_duration(wait)} between looks")
