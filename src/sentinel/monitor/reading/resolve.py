"""From a field's candidates to one value, by rules that read no model — or to a question.

The page's own data comes first: when its offers (or events, or software) of the subject
agree on a value, that is the reading. Otherwise the text's candidates decide when they agree
among the sentences most about the subject; a status page's status is its newest word (the
first on the page); a version is the highest released one (a pre-release only when nothing
final was released). When the candidates still disagree (two prices for the subject, one
sentence "in stock" and another "sold out"), the field is left to a model, which picks one
of the candidates (:mod:`sentinel.monitor.reading.ask`) — it never writes a value.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from packaging.version import InvalidVersion, Version

from sentinel.monitor.reading.readings import STRUCTURED_SOURCES, Candidate

_CLOSE = 0.05


@dataclass(frozen=True)
class Resolution:
    """The outcome for one field: a candidate chosen, candidates to ask about, or nothing."""

    chosen: Candidate | None = None
    ask: tuple[Candidate, ...] = ()
    note: str = ""


def _best(candidates: Sequence[Candidate]) -> list[Candidate]:
    """The candidates most about the subject: those whose own words name it (over those that
    only inherit their page's score), of those the ones naming the site the subject names,
    then the best ranked (within a small margin)."""
    if not candidates:
        return []
    pool = [c for c in candidates if c.own] or list(candidates)
    pool = [c for c in pool if c.site] or pool
    top = max(c.rank for c in pool)
    return [c for c in pool if c.rank >= top - _CLOSE]


def _distinct(candidates: Sequence[Candidate]) -> dict[Any, Candidate]:
    values: dict[Any, Candidate] = {}
    for candidate in sorted(candidates, key=lambda c: c.position):
        key = (
            (round(float(candidate.value), 2), candidate.currency)
            if isinstance(candidate.value, int | float) and not isinstance(candidate.value, bool)
            else candidate.value
        )
        values.setdefault(key, candidate)
    return values


def agreeing(candidates: Sequence[Candidate], what: str) -> Resolution:
    """One value when the best candidates agree on it (the labelled ones when there are
    any); else a question about them."""
    if not candidates:
        return Resolution(note=f"the page states no {what} for the subject")
    best = _best(labelled(candidates))
    values = _distinct(best)
    if len(values) == 1:
        return Resolution(chosen=next(iter(values.values())))
    return Resolution(ask=tuple(values.values()), note=f"the page states several {what}s")


def structured_first(
    candidates: Sequence[Candidate], what: str
) -> tuple[Resolution, list[Candidate]]:
    """:func:`agreeing` on the page's own data when it has any for the subject, else on the
    text; also returns the text's candidates (to check a structured value against)."""
    structured = [c for c in candidates if c.source in STRUCTURED_SOURCES]
    text = [c for c in candidates if c.source not in STRUCTURED_SOURCES]
    if structured:
        resolution = agreeing(structured, what)
        if resolution.chosen is not None or not text:
            return resolution, text
    return agreeing(text, what), text


def first_on_page(candidates: Sequence[Candidate], what: str) -> Resolution:
    """The first candidate in page order on the page that counts most: a status page lists
    its newest update first (every update of the incident is about it, the newest need not
    name it)."""
    if not candidates:
        return Resolution(note=f"the page states no {what} for the subject")
    top = max(c.page_weight for c in candidates)
    pool = labelled(c for c in candidates if c.page_weight >= top)
    pool = [c for c in pool if c.own] or pool
    return Resolution(chosen=min(pool, key=lambda c: (c.url, c.position)))


def labelled(candidates: Iterable[Candidate]) -> list[Candidate]:
    """The candidates a page states as a labelled value ("Decision status: Approved",
    "Status: Resolved", "Availability: In stock") when there are any, else all: a label is
    the page saying what the value is of."""
    pool = list(candidates)
    marked = [c for c in pool if c.labelled]
    return marked or pool


def _version(candidate: Candidate) -> Version | None:
    try:
        return Version(str(candidate.value))
    except InvalidVersion:
        return None


def highest_version(candidates: Sequence[Candidate]) -> Resolution:
    """The highest version released (final ones first; a pre-release only without any)."""
    usable = [(c, v) for c in candidates if (v := _version(c)) is not None]
    if not usable:
        return Resolution(note="the page states no released version for the subject")
    final = [(c, v) for c, v in usable if not c.prerelease and not v.is_prerelease]
    pool = final or usable
    structured = [(c, v) for c, v in pool if c.source in STRUCTURED_SOURCES]
    chosen = max(structured or pool, key=lambda item: item[1])[0]
    return Resolution(chosen=chosen)


def decision(candidates: Sequence[Candidate]) -> Resolution:
    """A final decision (approved, refused) when the page reports one, else pending."""
    final = [c for c in candidates if c.value in ("approved", "refused")]
    if final:
        return agreeing(final, "decision")
    return agreeing(candidates, "decision")


def any_true(candidates: Sequence[Candidate], what: str) -> Resolution:
    """True when the best candidates report it and none denies it; False when they only deny
    it; a question when they disagree."""
    return agreeing(candidates, what)
