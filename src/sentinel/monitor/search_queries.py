"""What a monitor searches for: its query, worded another way while searches find nothing.

A monitor searches with its query (the mission as the user wrote it, or the sensor's
refinement of it). The mission is a request — "Warn me every time trains between Dunmore and
Port Ellis are suspended" — and a search engine matches it against what pages say. When a
search leaves the watch set empty (no page read names a word of the criteria;
:attr:`sentinel.monitor.watch_set.WatchSet.fruitless` counts such searches in a row), the
next one words it another way, taking turns (:func:`search_queries`):

1. the query itself;
2. the criteria, when the user gave them: what the page will say, in the page's terms ("the
   rail operator's service page says trains … are suspended or cancelled" finds the operator's
   "Service updates" page, which between suspensions says only "Good service on all lines");
3. the content words of both, without the request's framing ("warn me every time", "the
   page says").

A search that finds a page to watch resets the turn, so a monitor whose first query works
never searches any other way.
"""

from __future__ import annotations

import re

from sentinel.monitor.sensing.sources import query_terms

MAX_KEYWORDS = 12
"""The most words the keyword query keeps (engines weigh a short query's words more)."""

_FRAMING = frozenset(
    {
        *("warn", "alert", "alerts", "ping", "email", "message", "tell", "notify", "let"),
        *("know", "me", "us", "every", "time", "times", "page", "pages", "say", "says"),
        *("said", "show", "shows", "state", "states", "does", "did"),
    }
)
"""Words of a request's framing, not of what a page says."""
_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9.$%'-]*")


def search_queries(query: str, criteria: str | None) -> tuple[str, ...]:
    """The ways a monitor's search is worded, in turn (see the module documentation);
    distinct, the first always ``query``."""
    keywords = _keywords(query, criteria or "")
    found = [" ".join(query.split())]
    for candidate in (" ".join((criteria or "").split()), keywords):
        if candidate and candidate.casefold() not in {seen.casefold() for seen in found}:
            found.append(candidate)
    return tuple(found)


def search_query(query: str, criteria: str | None, fruitless: int) -> str:
    """The query of a search after ``fruitless`` searches in a row that found no page to
    watch: the turn's wording of :func:`search_queries`."""
    wordings = search_queries(query, criteria)
    return wordings[max(fruitless, 0) % len(wordings)]


def _keywords(*texts: str) -> str:
    content = {word.removesuffix("'s") for word in query_terms(*texts)}
    words: dict[str, None] = {}
    for text in texts:
        for match in _WORD.finditer(text):
            word = match.group().strip(".'-")
            key = word.casefold().removesuffix("'s")
            if key in content and key not in _FRAMING and key not in words:
                words[key] = None
    return " ".join(list(words)[:MAX_KEYWORDS])
