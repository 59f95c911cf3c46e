"""The loop's decisions, made in code: the models propose, the rules dispose.

The analyzer says FINISH or CONTINUE (with a query); the rules make sure a run neither stops
too early nor loops: no FINISH with fewer than ``min_domains`` distinct domains unless the
question is narrow, no query searched twice, and a finish once ``max_iters`` searches are done
or no new query is left to try. The planner's judgements are checked against the question too:
it may call a question narrow only if the question asks one thing, and set a time filter only
if the question speaks of a recent period.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from sentinel.research.reading import STOPWORDS
from sentinel.research.schemas import Status

_WORD = re.compile(r"\w+", re.UNICODE)
_ASKS = frozenset({"what", "where", "when", "who", "whom", "which", "why", "how"})
_OPEN = frozenset({"why", "how"})
_RECENT = re.compile(
    r"\b(latest|recent(ly)?|today|yesterday|now|currently|this (week|month|year)|"
    r"(last|past) (\d+ )?(days?|weeks?|months?|hours?))\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Route:
    """Where the loop goes next: ``FINISH``, or ``CONTINUE`` with ``query``; and why."""

    status: Status
    query: str
    reason: str


def same_query(a: str, b: str) -> bool:
    """Queries that differ only in case, spacing or punctuation search the same thing."""
    return _words(a) == _words(b)


def can_be_narrow(question: str) -> bool:
    """Whether one source may answer ``question``: not when it asks why or how, nor when it
    asks several things ("where..., how much... and how many...").

    A small planner calls nearly anything narrow; this keeps the domain rule for the questions
    it exists for.
    """
    words = [w.casefold() for w in _WORD.findall(question)]
    asked = [w for w in words if w in _ASKS]
    return not (_OPEN & set(asked)) and len(asked) <= 1


def mentions_recency(question: str) -> bool:
    """Whether the question itself is about a recent period (only then is a time filter
    on the search more than a guess)."""
    return _RECENT.search(question) is not None


def fallback_queries(question: str) -> list[str]:
    """Queries derived from the question itself, for when the model offers no new one."""
    keywords = " ".join(w for w in _WORD.findall(question) if w.casefold() not in STOPWORDS)
    return [q for q in dict.fromkeys([keywords, " ".join(question.split())]) if q]


def route(
    *,
    requested: Status,
    next_query: str,
    question: str,
    queries: Sequence[str],
    domains: int,
    min_domains: int,
    narrow: bool,
    iterations: int,
    max_iters: int,
) -> Route:
    """Apply the rules to the analyzer's proposal."""
    if iterations >= max_iters:
        return Route("FINISH", "", f"max-iters reached ({iterations} of {max_iters} searches)")
    if requested == "FINISH":
        if narrow or domains >= min_domains:
            return Route("FINISH", "", "the analyzer found the evidence sufficient")
        why = f"only {domains} domain(s), {min_domains} needed for a question that is not narrow"
    else:
        why = "the analyzer asked for more evidence"
    query = _new_query([next_query, *fallback_queries(question)], queries)
    if query is None:
        return Route("FINISH", "", f"{why}, but no new query is left to try")
    return Route("CONTINUE", query, why)


def _new_query(candidates: Sequence[str], tried: Sequence[str]) -> str | None:
    for candidate in candidates:
        text = " ".join(candidate.split())
        if _words(text) and not any(same_query(text, old) for old in tried):
            return text
    return None


def _words(text: str) -> tuple[str, ...]:
    return tuple(w.casefold() for w in _WORD.findall(text))
