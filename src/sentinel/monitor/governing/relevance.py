"""Relevance: whether a quote bears on what the criteria say must happen.

A weak model acts on quotes that are on the page and report something, but not the thing
asked ("Halcyon Air Group trades under the ticker HLCY" for "has confirmed an acquisition";
"Volunteers have finished clearing the line" for "passenger trains are running again"). A
quote bears on the criteria when it shares a word stem with the words of the criteria's first
clause that say what must happen (:func:`criteria_words`). The governor overrules an acting
decision none of whose cited quotes does; grounding asks again of the quotes that survive its
checks, since a decision may rest on a forecast that bears on the criteria and a report that
does not, and only the report is left once the forecast is rejected.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from sentinel.monitor.sensing.sources import query_terms

STEM_CHARS = 5
_WORD = re.compile(r"[^\W\d_]+")


def criteria_words(criteria: str) -> frozenset[str]:
    """The stems (first :data:`STEM_CHARS` letters) of the words of the criteria's first
    clause that say what must happen: names (capitalized words), numbers, short and common
    words left out. "Halcyon Air or BlueKite has officially confirmed an agreed acquisition"
    gives ``offic``, ``confi``, ``agree``, ``acqui``."""
    clause = criteria.split(";")[0]
    names = {w.casefold() for w in _WORD.findall(clause) if w[:1].isupper()}
    words = query_terms(clause) - names
    return frozenset(w[:STEM_CHARS] for w in words if len(w) >= 4 and w.isalpha())


def bears_on(criteria: str, quotes: Sequence[str]) -> bool:
    """Whether some quote shares a word stem with what the criteria say must happen (always
    true when the criteria name nothing but names)."""
    wanted = criteria_words(criteria)
    if not wanted:
        return True
    return any(
        wanted & {w.casefold()[:STEM_CHARS] for w in _WORD.findall(quote)} for quote in quotes
    )
