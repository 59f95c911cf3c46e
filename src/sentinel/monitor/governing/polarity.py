"""Polarity: a quote must affirm what the criteria ask for, not deny it.

Grounding proves a quote is on the page, modality that it reports rather than asks, hedges or
forecasts. Neither sees that "We are **not currently accepting** new adult patients, and our
waiting list is now closed" reports the opposite of "the clinic is accepting new adult
patients": every word of the criteria is there. Here a quote is read, in the clauses of the
page it covers (:func:`~sentinel.monitor.governing.modality.covered_clauses`), cut further at
commas into segments, and a segment *denies* the criteria when

- a negator ("not", "no", "never", "no longer", "n't"; "ne … pas", "aucun"; "nicht", "kein";
  "no", "ya no", "ningún") stands within :data:`SCOPE_WORDS` words before a word of the
  criteria (its first :data:`STEM` letters) or a state they ask
  for ("No tickets available", "nehmen keine neuen Patienten auf"), or
- it names the opposite of a state the criteria ask for: "sold out", "out of stock",
  "unavailable" against "available" / "in stock"; "closed", "full", "suspended" against
  "open" / "accepting" / "running" (and their French, German and Spanish forms, see
  :data:`~sentinel.monitor.governing.cues.POLARITY`),

unless the two cancel ("no longer sold out", "nicht mehr geschlossen"). A quote denies when
every segment of it that bears on the criteria denies them (when none bears, every segment);
one affirming segment is enough ("Friday is sold out, Saturday tickets are available").

Criteria that themselves ask for a negative state ("when it sells out", "if the line is
suspended", "no longer listed") are not checked: there the "negative" words are the news.
Phrases that negate nothing ("not only", "no later than", "No. 5") are left out first. The
cues are grammatical negation and antonym pairs per language, not words from any page.
"""

from __future__ import annotations

import re

from sentinel.monitor.governing.cues import POLARITY, Polarity
from sentinel.monitor.governing.modality import (
    clauses,
    covered_clauses,
    detect_language,
    sentences,
)
from sentinel.monitor.sensing.sources import query_terms

STEM = 4
"""Words match on their first this-many letters ("Patienten" and "patient")."""
SCOPE_WORDS = 6
"""How many words after a negator it denies."""
CANCEL_CHARS = 25
"""A negator this close before an opposite state cancels it ("no longer sold out")."""

_SEGMENT = re.compile(r"\s*,\s*|\s*;\s*|\s+[—–-]{1,2}\s+|\s*:\s+")
_WORD = re.compile(r"[^\W\d_]+")
_ASIDE = re.compile(r"\([^)]*\)")
_EXCLUSION = re.compile(
    r"\b(?:do(?:es)?\s+not|don't|doesn't|never)\s+count\b|\bexcept\b|\bexclud\w*|\bignor\w*"
    r"|\bnot\s+(?:a\s+|an\s+|just\s+|only\s+)?(?:rumou?rs?|leaks?|estimates?|forecasts?|resale)\b",
    re.IGNORECASE,
)


def seeks_negative(criteria: str) -> bool:
    """Whether ``criteria`` ask for a negative state themselves ("sells out", "is closed",
    "no longer listed"): then no quote is refused for denying. Asides in parentheses and
    exclusions ("rumours do not count") are left out first."""
    text = _ASIDE.sub(" ", criteria)
    parts = [p for p in re.split(r";|\.(?:\s|$)", text) if not _EXCLUSION.search(p)]
    wanted = " ".join(parts)
    for polarity in POLARITY.values():
        plain = polarity.not_negating.sub(" ", wanted)
        if polarity.negators.search(plain):
            return True
        if any(negative.search(plain) for _, negative in polarity.opposites):
            return True
    return False


def wanted_states(criteria: str) -> frozenset[int]:
    """Which opposite pairs (by index in each language's table) the criteria ask for the
    wanted side of: ``0`` availability, ``1`` open/accepting/running."""
    return frozenset(
        index
        for polarity in POLARITY.values()
        for index, (wanted, _) in enumerate(polarity.opposites)
        if wanted.search(criteria)
    )


def denial(quote: str, page: str, criteria: str) -> str | None:
    """The cue by which ``quote`` (read on ``page``) denies ``criteria``, or None when it
    affirms them or the check does not apply (see the module documentation)."""
    if not criteria.strip() or seeks_negative(criteria):
        return None
    return _clauses_denial(covered_clauses(quote, page), criteria)


def text_denies(text: str, wanted: str) -> str | None:
    """Like :func:`denial` for a text read on its own: whether ``text`` denies ``wanted``
    (a fact's value, e.g. ``"accepting new patients"``)."""
    if not wanted.strip() or seeks_negative(wanted):
        return None
    return _clauses_denial([c for s in sentences(text) for c in clauses(s)] or [text], wanted)


def _clauses_denial(clauses: list[str], criteria: str) -> str | None:
    stems = _stems(criteria)
    states = wanted_states(criteria)
    bearing: list[str | None] = []
    other: list[str | None] = []
    for clause in clauses:
        first = detect_language(clause)
        # The detected language first, then the others: short sentences share function words
        # ("la piscina está cerrada" reads as French).
        tables = [POLARITY[first], *(p for code, p in POLARITY.items() if code != first)]
        for segment in _SEGMENT.split(clause):
            if not segment.strip():
                continue
            cues = (_segment_denial(segment, table, stems, states) for table in tables)
            cue = next((c for c in cues if c is not None), None)
            (bearing if _bears(segment, stems, states) else other).append(cue)
    judged = bearing or other
    if not judged or any(cue is None for cue in judged):
        return None
    return next(cue for cue in judged if cue is not None)


def _stems(criteria: str) -> frozenset[str]:
    """The first :data:`STEM` letters of the criteria's words of four letters or more (their
    names too: a German noun is capitalized), common words left out."""
    return frozenset(w[:STEM] for w in query_terms(criteria) if len(w) >= 4 and w.isalpha())


def _bears(segment: str, stems: frozenset[str], states: frozenset[int]) -> bool:
    words = {w.casefold()[:STEM] for w in _WORD.findall(segment)}
    if words & stems:
        return True
    return any(
        wanted.search(segment) or negative.search(segment)
        for polarity in POLARITY.values()
        for index, (wanted, negative) in enumerate(polarity.opposites)
        if index in states
    )


def _segment_denial(
    segment: str, polarity: Polarity, stems: frozenset[str], states: frozenset[int]
) -> str | None:
    text = polarity.not_negating.sub(lambda m: " " * len(m.group()), segment)
    opposites = [
        match
        for index, (_, negative) in enumerate(polarity.opposites)
        if index in states
        for match in negative.finditer(text)
    ]
    negators = [
        match
        for match in polarity.negators.finditer(text)
        if not any(o.start() <= match.start() < o.end() for o in opposites)
    ]
    cancelled: set[int] = set()
    for negator in negators:
        for opposite in opposites:
            if 0 <= opposite.start() - negator.end() <= CANCEL_CHARS:
                cancelled |= {id(negator), id(opposite)}
    for opposite in opposites:
        if id(opposite) not in cancelled:
            return opposite.group().strip()
    for negator in negators:
        if id(negator) in cancelled:
            continue
        scope = text[negator.end() :]
        words = _WORD.findall(scope)[:SCOPE_WORDS]
        if {w.casefold()[:STEM] for w in words} & stems:
            return negator.group().strip()
        window = " ".join(words)
        if any(polarity.opposites[i][0].search(window) for i in states):
            return negator.group().strip()
    return None
