"""Whether a source passage supports a sentence of a report, judged by the code.

A passage supports a sentence when the sentence says (near-)verbatim what the passage says:

- words: at least :data:`MIN_WORD_SHARE` of the sentence's content words (plurals folded) are
  in the passage or its source's title ("the 2025 heat pump grant" may name what the page is
  about), and the passage itself holds at least :data:`MIN_PASSAGE_SHARE` of them and at
  least :data:`MIN_SHARED_WORDS` (all, for a shorter sentence): a title alone supports
  nothing;
- values: every number, amount, percentage and date of the sentence is stated by the passage
  (or the title): "40% up to EUR 6,000" is not supported by "50% up to 6,000 euros";
- polarity: the sentence denies something exactly when the passage does ("renters can apply"
  is not supported by "renters cannot apply").

A sentence that joins two facts ("covers 40% ... and opens on 3 March") may rest on two
passages together, when each brings something the other lacks. Paraphrase beyond that is not
support: a sentence the check cannot tie to a passage is rewritten from one, or dropped.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from sentinel.research.citations import normalize_url
from sentinel.research.passages import Passage, stems
from sentinel.text.quotes import normalize_for_quote
from sentinel.text.values import Values, values_in

MIN_WORD_SHARE = 0.75
MIN_SHARED_WORDS = 3
MIN_PASSAGE_SHARE = 0.5
REWRITE_SHARE = 0.5
PAIR_CANDIDATES = 6
_NEGATION = re.compile(r"\b(?:not|no|never|none|neither|nor|cannot|without)\b|n't\b")


@dataclass(frozen=True)
class SentenceFacts:
    """What the check compares of a sentence: its content words, values and polarity."""

    text: str
    words: frozenset[str]
    values: Values
    negated: bool


@dataclass(frozen=True)
class Support:
    """The passages that support a sentence (one, or two that together do)."""

    passages: tuple[Passage, ...]
    share: float


def claim_of(text: str) -> SentenceFacts:
    """The parts of ``text`` the check compares."""
    folded = normalize_for_quote(text)
    return SentenceFacts(text, stems(text), values_in(text), bool(_NEGATION.search(folded)))


def share(claim: SentenceFacts, passages: Sequence[Passage]) -> float:
    """The share of the claim's content words found in ``passages`` (titles included)."""
    if not claim.words:
        return 0.0
    known: set[str] = set()
    for passage in passages:
        known |= passage.words | passage.title_words
    return len(claim.words & known) / len(claim.words)


def supports(claim: SentenceFacts, passages: Sequence[Passage]) -> bool:
    """Whether ``passages`` (one, or two together) support ``claim`` (see the module)."""
    if not claim.words or not passages:
        return False
    said: set[str] = set()
    titles: set[str] = set()
    values = Values(frozenset(), ())
    for passage in passages:
        said |= passage.words
        titles |= passage.title_words
        values = values | passage.context_values
    in_passages = len(claim.words & said)
    if in_passages < min(MIN_SHARED_WORDS, len(claim.words)):
        return False
    if in_passages < MIN_PASSAGE_SHARE * len(claim.words):
        return False
    if len(claim.words & (said | titles)) < MIN_WORD_SHARE * len(claim.words):
        return False
    if not claim.values.stated_by(values):
        return False
    return claim.negated == any(_NEGATION.search(passage.folded) for passage in passages)


def find_support(
    claim: SentenceFacts, passages: Sequence[Passage], cited: Sequence[str]
) -> Support | None:
    """The best support of ``claim`` among ``passages``: a passage of a ``cited`` source
    (URLs) first, then any other passage, then two passages together; None when none does."""
    wanted = {normalize_url(url) for url in cited}
    single = [p for p in passages if supports(claim, [p])]
    if single:
        best = max(
            single,
            key=lambda p: (normalize_url(p.url) in wanted, share(claim, [p]), -len(p.quote)),
        )
        return Support((best,), share(claim, [best]))
    ranked = sorted(passages, key=lambda p: -share(claim, [p]))[:PAIR_CANDIDATES]
    best_pair: Support | None = None
    for i, first in enumerate(ranked):
        for second in ranked[i + 1 :]:
            pair = (first, second)
            if not supports(claim, pair) or not _both_needed(claim, first, second):
                continue
            covered = share(claim, pair)
            if best_pair is None or covered > best_pair.share:
                best_pair = Support(pair, covered)
    return best_pair


def closest_passage(
    claim: SentenceFacts, passages: Sequence[Passage], used: set[tuple[str, int]]
) -> Passage | None:
    """The unused passage sharing most of the claim's words, when it shares at least
    :data:`REWRITE_SHARE` of them (the passage a rewrite of the claim quotes)."""
    candidates = [p for p in passages if p.key not in used]
    if not candidates or not claim.words:
        return None
    best = max(candidates, key=lambda p: (len(claim.words & p.words), -len(p.quote)))
    shared = len(claim.words & best.words)
    if shared < MIN_SHARED_WORDS or shared < REWRITE_SHARE * len(claim.words):
        return None
    return best


def _both_needed(claim: SentenceFacts, first: Passage, second: Passage) -> bool:
    """Each of two passages brings a value or a word the claim needs and the other lacks."""
    return _brings(claim, first, second) and _brings(claim, second, first)


def _brings(claim: SentenceFacts, passage: Passage, other: Passage) -> bool:
    words = (claim.words & passage.words) - other.words - other.title_words
    values = claim.values.numbers & passage.values.numbers - other.context_values.numbers
    days = [day for day in claim.values.days if any(day.agrees(d) for d in passage.values.days)]
    return bool(words or values or days)
