"""Grounding: a notification must quote text found in a page fetched during this run.

Models paraphrase, merge sources and invent. A quote counts only when it appears verbatim in
the text of the page it cites, as fetched this run, after folding what does not change meaning:
Unicode compatibility forms (NFKC), curly quotes and dashes, markdown emphasis and link
syntax, case and whitespace. A quote may elide with "..." / "…" when every piece appears, in
order. Quotes shorter than :data:`MIN_QUOTE_CHARS` characters or :data:`MIN_QUOTE_WORDS` words
prove nothing ("yes", "$799") and do not count. An acting decision must also be *supported*:
the values its ``facts`` state must appear in a grounded quote or the paragraph of the cited
page around it (:mod:`sentinel.monitor.support`): "Apple today announced iPhone 17, …
available beginning Friday, September 19" supports ``release_date: 2025-09-19``; "An advisory
will be published shortly" does not support an advisory naming ``fixed_version: 2.14.3``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from sentinel.monitor.models import Evidence, GovernorDecision
from sentinel.monitor.support import unsupported_facts
from sentinel.monitor.values import canonical_url
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

    @property
    def suppression_reason(self) -> str | None:
        """Why a notification resting on this evidence must be suppressed; None if it may go."""
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


def _passage(item: Evidence, pages: Mapping[str, str]) -> str:
    """The paragraph of the cited page that holds a grounded quote (the quote itself when it
    spans paragraphs): what the quote says, read in its immediate context."""
    quote = normalize_for_quote(item.quote).strip("\"' ")
    first = next((piece for piece in _ELLIPSIS.split(quote) if piece), quote)
    wanted = canonical_url(item.url)
    for url, text in pages.items():
        if canonical_url(url) != wanted:
            continue
        for paragraph in _PARAGRAPH.split(text):
            if first in normalize_for_quote(paragraph):
                return paragraph
    return item.quote


def ground_decision(
    decision: GovernorDecision, pages: Mapping[str, str]
) -> tuple[GovernorDecision, GroundingResult]:
    """Keep only grounded evidence on an acting ``decision``; without any, turn it into a
    decision not to act whose reasoning records why. Non-acting decisions pass unchanged."""
    result = check_grounding(decision.evidence, pages)
    if not decision.should_act:
        return decision, result
    if result.grounded:
        passages = [_passage(item, pages) for item in result.grounded]
        result = replace(result, unsupported=unsupported_facts(decision.facts, passages))
    reason = result.suppression_reason
    if reason is None:
        return decision.model_copy(update={"evidence": result.grounded}), result
    reasoning = f"{decision.reasoning or ''}\nnotification suppressed: {reason}".strip()
    suppressed = decision.model_copy(
        update={"should_act": False, "action_type": "none", "evidence": [], "reasoning": reasoning}
    )
    return suppressed, result
