"""The query-drift guard: the original query never changes; a refinement that drifts is refused.

A sensor may propose a better search query ("iPhone 17 launch event date" for "When will Apple
announce the iPhone 17?"). It may also be steered by a page it read ("ignore previous
instructions…") or wander off the subject ("Samsung Galaxy S25 release"). A refinement is
accepted when it keeps the original's key terms:

- every *marked* term: any token with a digit ("17", "3.14") and any capitalized word that is
  not capitalized merely for starting a sentence ("Apple", "iPhone", "NVIDIA");
- enough of the original's specific words (content words that are not generic monitoring
  vocabulary like "price", "release", "latest"). When marked terms exist they carry the subject
  and half the specific words suffice ("NVIDIA RTX 5090 price drop" may lose "drop"). In an
  all-lowercase query any word may be the subject ("cheap flights to lisbon"), so all but a
  quarter of them must stay, and "flights to paris" is drift.

It is refused when empty, longer than :data:`MAX_REFINED_CHARS`, multi-line, carrying a URL,
an e-mail address, markup or instruction-like phrases. Words match case-insensitively after
light stemming ("flights" keeps "flight"); a version keeps its prefix ("3.14.0" keeps "3.14").
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

MAX_REFINED_CHARS = 300
# Share of specific words to keep when marked terms (names, numbers) already pin the subject.
MARKED_KEPT_SHARE = 0.5
# Share of specific words that may be dropped from an all-lowercase query.
UNMARKED_DROPPABLE_SHARE = 0.25

_TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9.+#'’-]*")
_SENTENCE_END = re.compile(r"[.?!:]\s*$")
_URL = re.compile(r"\b(?:https?|ftp)://|\bwww\.", re.IGNORECASE)
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+\.[\w.-]+")
_MARKUP = re.compile(r"[<>{}]")
_INSTRUCTIONS = re.compile(
    r"\b(?:ignore|disregard|forget|override)\b.{0,40}"
    r"\b(?:instructions?|prompts?|rules?|context|messages?|directions?|above|previous)\b"
    r"|\bsystem\s+prompt\b|\byou\s+are\s+now\b|\bact\s+as\b|\bpretend\b|\bjailbreak\b"
    r"|\bnew\s+instructions?\b|\bfrom\s+now\s+on\b|^\s*(?:system|assistant|user)\s*:",
    re.IGNORECASE,
)


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_STOPWORDS = _words(
    """a about above after again against all am an and any are as at be because been before
    being below between both but by can could did do does doing down during each few for from
    further had has have having he her here hers him his how i if in into is it its itself just
    me more most my no nor not now of off on once only or other our out over own same she
    should so some such than that the their them then there these they this those through to
    too under until up very was we were what when where which while who whom why will with
    would you your yet get got let us vs via per"""
)
# Words any monitoring query may gain or lose without changing its subject.
_GENERIC = _words(
    """tell notify alert know check watch track monitor find show look search see inform
    new latest recent current today update news info information official officially announce
    announced announcement announcements release released releases date dates time day launch
    launched price cost cheap cheapest best available availability out come coming happen
    happens happened event change changes status report any anything something"""
)


@dataclass(frozen=True)
class DriftVerdict:
    """Whether a proposed query is accepted, why, the cleaned query when accepted, and the
    original's key terms it dropped."""

    accepted: bool
    reason: str
    query: str | None = None
    missing_terms: tuple[str, ...] = ()


def check_query_update(original: str, proposed: str | None) -> DriftVerdict:
    """Judge a sensor's proposed query against the monitor's original query."""
    cleaned = " ".join((proposed or "").split())
    if not cleaned:
        return DriftVerdict(False, "refused: the proposed query is empty")
    if len(cleaned) > MAX_REFINED_CHARS:
        return DriftVerdict(
            False, f"refused: {len(cleaned)} characters; the limit is {MAX_REFINED_CHARS}"
        )
    refusal = _unsafe(proposed or "")
    if refusal:
        return DriftVerdict(False, f"refused: {refusal}")
    if _fold(cleaned) == _fold(original):
        return DriftVerdict(True, "accepted: same as the original query", cleaned)
    marked, specific = _key_terms(original)
    offered = {_fold(token) for token, _ in _tokens(cleaned)}
    missing_marked = [term for term in marked if not _kept(term, offered)]
    if missing_marked:
        return DriftVerdict(
            False,
            "refused: drops the original's key terms " + ", ".join(map(repr, missing_marked)),
            missing_terms=tuple(missing_marked),
        )
    missing = [term for term in specific if not _kept(term, offered)]
    if marked:
        needed = math.floor(MARKED_KEPT_SHARE * len(specific))
    else:
        needed = len(specific) - math.floor(UNMARKED_DROPPABLE_SHARE * len(specific))
    if len(specific) - len(missing) < needed:
        kept = len(specific) - len(missing)
        return DriftVerdict(
            False,
            f"refused: keeps {kept} of the original's {len(specific)} subject words "
            f"(needs {needed}); missing " + ", ".join(map(repr, missing)),
            missing_terms=tuple(missing),
        )
    return DriftVerdict(True, "accepted: keeps the original's key terms", cleaned)


def _unsafe(proposed: str) -> str | None:
    if "\n" in proposed.strip() or any(ord(c) < 32 and c not in "\t\n" for c in proposed):
        return "a search query is one line of text"
    if _URL.search(proposed):
        return "contains a URL (a query searches; it does not point)"
    if _EMAIL.search(proposed):
        return "contains an e-mail address"
    if _MARKUP.search(proposed):
        return "contains markup characters"
    match = _INSTRUCTIONS.search(proposed)
    if match:
        return f"reads like an instruction ({match.group().strip()!r}), not a search"
    return None


def _tokens(text: str) -> list[tuple[str, bool]]:
    """Tokens of ``text`` with whether each starts a sentence."""
    result = []
    for match in _TOKEN.finditer(text):
        token = match.group().rstrip(".'’-")
        starts = match.start() == 0 or bool(_SENTENCE_END.search(text[: match.start()]))
        if token:
            result.append((token, starts))
    return result


def _fold(token: str) -> str:
    word = token.casefold().replace("’", "'")
    word = word.removesuffix("'s")
    if any(c.isdigit() for c in word):
        return word
    if len(word) > 4 and word.endswith("ies"):
        word = word[:-3] + "y"
    elif len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    return word.replace("-", "")


def _key_terms(original: str) -> tuple[list[str], list[str]]:
    marked: list[str] = []
    specific: list[str] = []
    for token, starts_sentence in _tokens(original):
        folded = _fold(token)
        if folded in _STOPWORDS or folded in _GENERIC or token.casefold() in _STOPWORDS:
            continue
        has_digit = any(c.isdigit() for c in token)
        inner_capital = any(c.isupper() for c in token[1:])
        capitalized = token[0].isupper() and not starts_sentence
        if has_digit or inner_capital or capitalized:
            marked.append(folded)
        elif folded not in specific and len(folded) > 1:
            specific.append(folded)
    return list(dict.fromkeys(marked)), specific


def _kept(term: str, offered: set[str]) -> bool:
    if term in offered:
        return True
    # A version keeps its prefix: "3.14" is kept by "3.14.0".
    return any(word.startswith(term + ".") for word in offered)
