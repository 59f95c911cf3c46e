"""Grounding: a notification must quote text found in a page fetched during this run.

Models paraphrase, merge sources and invent. A quote counts only when it appears verbatim in
the text of the page it cites, as fetched this run, after folding what does not change meaning:
Unicode compatibility forms (NFKC), curly quotes and dashes, markdown emphasis and link
syntax, case and whitespace. A quote may elide with "..." / "…" when every piece appears, in
order. Quotes shorter than :data:`MIN_QUOTE_CHARS` characters or :data:`MIN_QUOTE_WORDS` words
prove nothing ("yes", "$799") and do not count. An acting decision must also be *supported*:
the values its ``facts`` state must appear in a grounded quote or the paragraph of the cited
page around it (:mod:`sentinel.monitor.governing.support`): "Apple today announced iPhone 17, …
available beginning Friday, September 19" supports ``release_date: 2025-09-19``; "An advisory
will be published shortly" does not support an advisory naming ``fixed_version: 2.14.3``.
Facts are checked to their leaves, nested ones included; a decision that states no facts at
all rests on what changed in the state, which is checked the same way.

A grounded quote must also *report*: one that asks, hedges, forecasts or says the thing has
not happened yet ("Driver 5.0 — when will it be stable?", "Rumour: stable in March",
"Expected reopening: spring") does not show that the criteria are met
(:mod:`sentinel.monitor.governing.modality`, read in the sentence the quote stands in); a forecast
or
plan counts only when the criteria ask about an announcement, a date or a plan. Such quotes
are rejected with the reason, and the sentences of that kind are left out of the paragraph a
fact may be read in. And a quote must *affirm*: one that denies what the criteria ask for
("We are not currently accepting new adult patients", "Tickets are sold out" against
"tickets are available") is rejected (:mod:`sentinel.monitor.governing.polarity`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from sentinel.monitor.governing.cues import Modality
from sentinel.monitor.governing.modality import classify as classify_sentence
from sentinel.monitor.governing.modality import read_quote, sentences
from sentinel.monitor.governing.polarity import denial
from sentinel.monitor.governing.support import leaves
from sentinel.monitor.governing.values import canonical_url
from sentinel.monitor.models import Evidence, GovernorDecision
from sentinel.text.quotes import normalize_for_quote

MIN_QUOTE_CHARS = 12
MIN_QUOTE_WORDS = 3

_PARAGRAPH = re.compile(r"\n\s*\n")
_ELLIPSIS = re.compile(r"\s*\.\.\.+\s*|\s*\[\.\.\.\]\s*")


class RejectedEvidence(NamedTuple):
    """A quote that does not count, and why."""

    evidence: Evidence
    reason: str


@dataclass(frozen=True)
class GroundingResult:
    """Which quotes are grounded in this run's pages and which are not (with reasons)."""

    grounded: list[Evidence] = field(default_factory=list)
    rejected: list[RejectedEvidence] = field(default_factory=list)
    unsupported: list[str] = field(default_factory=list)
    off_topic: str | None = None

    @property
    def suppression_reason(self) -> str | None:
        """Why a notification resting on this evidence must be suppressed; None if it may go."""
        if self.grounded and self.off_topic:
            return self.off_topic
        if self.grounded and self.unsupported:
            return f"no grounded quote states {', '.join(self.unsupported[:3])}"
        if self.grounded:
            return None
        if not self.rejected:
            return "no evidence: a notification must quote a page fetched this run"
        reasons = "; ".join(f"{r.evidence.url}: {r.reason}" for r in self.rejected[:3])
        more = f" (and {len(self.rejected) - 3} more)" if len(self.rejected) > 3 else ""
        return f"no grounded quote: {reasons}{more}"


def check_grounding(evidence: list[Evidence], pages: Mapping[str, str]) -> GroundingResult:
    """Sort ``evidence`` into grounded and rejected against ``pages`` (URL → text fetched
    this run). A quote must be found on the page it cites, not merely on some page."""
    folded_pages: dict[str, str] = {}
    for url, text in pages.items():
        key = canonical_url(url)
        folded = normalize_for_quote(text)
        # Two fetches of one page (redirects, trailing slash) both count.
        folded_pages[key] = f"{folded_pages[key]}\n{folded}" if key in folded_pages else folded
    grounded: list[Evidence] = []
    rejected: list[RejectedEvidence] = []
    for item in evidence:
        reason = _rejection(item, folded_pages)
        if reason is None:
            grounded.append(item)
        else:
            rejected.append(RejectedEvidence(item, reason))
    return GroundingResult(grounded, rejected)


def _rejection(item: Evidence, folded_pages: Mapping[str, str]) -> str | None:
    quote = normalize_for_quote(item.quote).strip("\"' ")
    pieces = [piece for piece in _ELLIPSIS.split(quote) if piece]
    substance = " ".join(pieces)
    if len(substance) < MIN_QUOTE_CHARS or len(substance.split()) < MIN_QUOTE_WORDS:
        return (
            f"quote too short to prove anything (needs {MIN_QUOTE_CHARS} characters "
            f"and {MIN_QUOTE_WORDS} words)"
        )
    page = folded_pages.get(canonical_url(item.url))
    if page is None:
        return "page not fetched this run"
    if _found_in_order(pieces, page):
        return None
    elsewhere = [url for url, text in folded_pages.items() if _found_in_order(pieces, text)]
    if elsewhere:
        return f"quote not on the cited page (it is on {elsewhere[0]})"
    return "quote not found verbatim on the page"


def _found_in_order(pieces: list[str], page: str) -> bool:
    position = 0
    for piece in pieces:
        found = page.find(piece, position)
        if found < 0:
            return False
        position = found + len(piece)
    return True


def _cited_text(item: Evidence, pages: Mapping[str, str]) -> str:
    wanted = canonical_url(item.url)
    return "\n\n".join(text for url, text in pages.items() if canonical_url(url) == wanted)


def passage(item: Evidence, pages: Mapping[str, str], admitted: frozenset[Modality]) -> str:
    """The paragraph of the cited page that holds a grounded quote (the quote itself when it
    spans paragraphs), less its sentences that ask, hedge or forecast where ``admitted``
    does not allow it: what the quote says, read in its immediate context."""
    quote = normalize_for_quote(item.quote).strip("\"' ")
    first = next((piece for piece in _ELLIPSIS.split(quote) if piece), quote)
    for paragraph in _PARAGRAPH.split(_cited_text(item, pages)):
        if first in normalize_for_quote(paragraph):
            kept = [s for s in sentences(paragraph) if classify_sentence(s).modality in admitted]
            return "\n".join(kept) or item.quote
    return item.quote


def unreported(
    result: GroundingResult,
    pages: Mapping[str, str],
    admitted: frozenset[Modality],
    criteria: str = "",
) -> GroundingResult:
    """``result`` with the grounded quotes that do not report (see the module documentation)
    moved to the rejected ones; a quote's sentences that bear on ``criteria`` decide."""
    reporting: list[Evidence] = []
    rejected = list(result.rejected)
    for item in result.grounded:
        reading = read_quote(item.quote, _cited_text(item, pages), criteria)
        if reading.modality in admitted:
            reporting.append(item)
        else:
            reason = f"the quote is {reading.describe()}, not a report that the criteria are met"
            rejected.append(RejectedEvidence(item, reason))
    return replace(result, grounded=reporting, rejected=rejected)


def denying(result: GroundingResult, pages: Mapping[str, str], wanted: str) -> GroundingResult:
    """``result`` with the grounded quotes that deny ``wanted`` (the criteria) moved to the
    rejected ones (:mod:`sentinel.monitor.governing.polarity`)."""
    affirming: list[Evidence] = []
    rejected = list(result.rejected)
    for item in result.grounded:
        cue = denial(item.quote, _cited_text(item, pages), wanted)
        if cue is None:
            affirming.append(item)
        else:
            reason = f'the quote denies what the criteria ask for ("{cue}")'
            rejected.append(RejectedEvidence(item, reason))
    return replace(result, grounded=affirming, rejected=rejected)


def claimed_facts(
    decision: GovernorDecision,
    previous_state: Mapping[str, Any] | None,
    current_state: Mapping[str, Any] | None,
) -> dict[str, Any]:
    """What an acting decision claims: its facts; when it states none, the state's values
    that are new or changed since the previous state (all of them on a first run)."""
    if decision.facts or current_state is None:
        return dict(decision.facts)
    before = dict(leaves(previous_state or {}))
    return {path: value for path, value in leaves(current_state) if before.get(path) != value}
