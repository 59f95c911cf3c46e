"""How far a research report can be trusted, sentence by sentence: the benchmark's measures.

- **claim support (checker)**: the report's sentences, read back from its prose, that a
  passage of a source they cite supports, judged by the product's own check
  (``sentinel.research.support``), over all its sentences;
- **claim support (independent)**: the same sentences judged by a different rule that the
  product does not use: at least :data:`MIN_BIGRAM_SHARE` of the sentence's word pairs
  (every word counts, in order) appear in the passages it quotes, and every digit group of
  the sentence appears in them. It checks the checker on all sentences (the sample is all);
- **citation precision**: the citations whose quote is verbatim in the cited source at its
  span and, by the independent rule, supports the sentence (or, for a sentence citing two
  passages, brings a word pair or digit group the other lacks);
- **fact recall**: ground-truth facts stated in a sentence the checker finds supported;
- **repetition rate**: sentences that repeat an earlier one of the report (the same words,
  or nearly);
- **readability**: sentences that are well formed (``sentinel.research.form``: prose, whole,
  with a verb, not a torn-out piece of the question), as a reader meets them;
- **right subject**: sentences that state none of the world's ``lookalikes`` (phrases only
  text about a look-alike of the question's subject states), over the worlds that have some.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sentinel.research.citations import normalize_url
from sentinel.research.claims import NO_MORE, is_fragment, repeats
from sentinel.research.form import well_formed
from sentinel.research.passages import SourceText, all_passages, stems
from sentinel.research.schemas import Claim, FinalReport
from sentinel.research.sentences import sentence_key, split_sentences
from sentinel.research.support import claim_of, find_support

MIN_BIGRAM_SHARE = 0.5
_WORD = re.compile(r"[^\W_]+(?:[.,:][0-9]+)*", re.UNICODE)
_DIGITS = re.compile(r"\d+")


@dataclass(frozen=True)
class ClaimScores:
    """The counts behind one report's trust measures."""

    sentences: int
    supported: int
    independent: int
    citations: int
    precise: int
    repeated: int
    supported_texts: tuple[str, ...]
    well_formed: int = 0
    texts: tuple[str, ...] = ()


def _tokens(text: str) -> list[str]:
    return [w.replace(",", "") for w in _WORD.findall(text.casefold())]


def _bigrams(text: str) -> set[tuple[str, str]]:
    words = _tokens(text)
    return set(itertools.pairwise(words))


def _digit_groups(text: str) -> set[str]:
    return set(_DIGITS.findall(" ".join(_tokens(text))))


def independently_supported(sentence: str, quotes: Sequence[str]) -> bool:
    """The independent rule: word pairs shared and digit groups all stated (see module)."""
    pairs = _bigrams(sentence)
    if not pairs or not quotes:
        return False
    joined = " ".join(quotes)
    if not _digit_groups(sentence) <= _digit_groups(joined):
        return False
    return len(pairs & _bigrams(joined)) >= MIN_BIGRAM_SHARE * len(pairs)


def score_claims(
    report: FinalReport, read: Sequence[SourceText], question: str = ""
) -> ClaimScores:
    """The trust measures of ``report`` against the sources its run read."""
    texts = {normalize_url(source.url): source for source in read}
    urls = [source.url for source in report.sources]
    parts = [report.executive_summary, *(s.content for s in report.sections)]
    # The check's own note for a report with nothing more to say is not a claim.
    sentences = [
        sentence for part in parts for sentence in split_sentences(part) if sentence.text != NO_MORE
    ]
    supported: list[str] = []
    seen: list[tuple[str, frozenset[str]]] = []
    repeated = 0
    for sentence in sentences:
        cited = [urls[n - 1] for n in sentence.cited if 1 <= n <= len(urls)]
        sources = [texts[normalize_url(u)] for u in cited if normalize_url(u) in texts]
        facts = claim_of(sentence.text.rstrip(".!?"))
        cited_passages = all_passages(sources)
        fragment = is_fragment(sentence.text, sentence.cut_off, cited_passages)
        if not fragment and find_support(facts, cited_passages, cited):
            supported.append(sentence.text)
        if repeats(sentence.text, seen):
            repeated += 1
        seen.append((sentence_key(sentence.text), stems(sentence.text)))
    claims = [*report.summary_claims, *(c for s in report.sections for c in s.claims)]
    independent = sum(
        independently_supported(c.text, [x.quote for x in c.citations]) for c in claims
    )
    citations, precise = _citation_precision(claims, urls, texts)
    return ClaimScores(
        sentences=len(sentences),
        supported=len(supported),
        independent=independent,
        citations=citations,
        precise=precise,
        repeated=repeated,
        supported_texts=tuple(supported),
        well_formed=sum(well_formed(s.text, question) for s in sentences),
        texts=tuple(s.text for s in sentences),
    )


def off_subject(texts: Sequence[str], lookalikes: Sequence[str]) -> int:
    """How many of ``texts`` state one of ``lookalikes`` (case and spacing aside)."""
    folded = [" ".join(marker.casefold().split()) for marker in lookalikes]
    return sum(
        any(marker in " ".join(text.casefold().split()) for marker in folded) for text in texts
    )


def _citation_precision(
    claims: Sequence[Claim], urls: Sequence[str], texts: dict[str, SourceText]
) -> tuple[int, int]:
    total = precise = 0
    for claim in claims:
        for citation in claim.citations:
            total += 1
            if not 1 <= citation.source <= len(urls):
                continue
            source = texts.get(normalize_url(urls[citation.source - 1]))
            if source is None or source.text[citation.start : citation.end] != citation.quote:
                continue
            others = [c.quote for c in claim.citations if c is not citation]
            if independently_supported(claim.text, [citation.quote]) or (
                others and _brings(claim.text, citation.quote, others)
            ):
                precise += 1
    return total, precise


def _brings(sentence: str, quote: str, others: Sequence[str]) -> bool:
    rest = " ".join(others)
    pairs = (_bigrams(sentence) & _bigrams(quote)) - _bigrams(rest)
    digits = (_digit_groups(sentence) & _digit_groups(quote)) - _digit_groups(rest)
    return bool(pairs or digits)


def facts_cited(
    facts: dict[str, Any], supported: Sequence[str], found: Callable[[Any, str], bool]
) -> list[str]:
    """The names of ``facts`` stated in one of the ``supported`` sentences."""
    return [name for name, value in facts.items() if any(found(value, s) for s in supported)]
