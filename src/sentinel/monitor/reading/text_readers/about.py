"""The sentences of a page about the subject, and whether a clause of one reports.

A sentence is about the subject by its own words (title, section, line) or — never ranking
above those — because the page as a whole names the subject; one in an aside (reviews, related
products) or under a look-alike's heading is not. A clause *reports* when it asserts: not a
question (direct, or indirect: "many of you have asked whether 3.0 is out"), not a hedge, a
forecast or a "not yet" (:mod:`sentinel.monitor.governing.modality`). Every text reader reads
only what such sentences report.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from sentinel.monitor.governing.cues import Modality
from sentinel.monitor.governing.modality import classify_clause, clauses, is_question
from sentinel.monitor.reading.page_text import Sentence, sentences_of
from sentinel.monitor.reading.subject import SubjectMatcher
from sentinel.monitor.sensing.sources import PageRecord

PAGE_SHARE = 0.9
"""What a sentence that names nothing itself inherits of its page's score: a booking page
names the service in one block and lists the free times under a heading of their own."""


@dataclass(frozen=True)
class About:
    """A sentence about the subject: its score; whether its own words (title, section, line)
    name the subject, or it only inherits its page's; and whether they name the site."""

    sentence: Sentence
    score: float
    own: bool
    site: bool


def about_sentences(
    page: PageRecord, matcher: SubjectMatcher, *, threshold: float = 0.5
) -> Iterator[About]:
    """The sentences of ``page`` about the subject (not in an aside, not under a look-alike's
    heading): by their own words, or — never ranking above those — because the page as a
    whole names the subject (a booking page names the service in one block and lists the
    free times under a heading of their own)."""
    title = page.title or ""
    sentences = sentences_of(page)
    whole = "\n".join([title, *(s.text for s in sentences if not s.aside)])
    inherited = min(PAGE_SHARE * matcher.score(whole), threshold)
    for sentence in sentences:
        if sentence.aside:
            continue
        context = sentence.context(title)
        if matcher.lookalike(f"{sentence.section}\n{sentence.line}"):
            continue
        own = matcher.score(context)
        site = (
            bool(matcher.site) and matcher.site_score(f"{sentence.section}\n{sentence.line}") >= 0.5
        )
        if own >= threshold:
            yield About(sentence, own, True, site)
        elif inherited >= threshold:
            yield About(sentence, inherited, False, site)


_INDIRECT_QUESTION = re.compile(
    r"""\b(?:ask(?:s|ed|ing)?|wonder(?:s|ed|ing)?|want(?:s|ed)?\s+to\s+know|not\s+sure)\b
        [^.;!?]{0,80}?\b(?:whether|if)\b
      |\b(?:demand[ée]s?|demandent|demande)\b[^.;!?]{0,80}?\bsi\b
      |\b(?:gefragt|fragen|fragt|wissen\s+wollen)\b[^.;!?]{0,80}?\bob\b
      |\b(?:preguntad[oa]s?|preguntan|pregunta)\b[^.;!?]{0,80}?\bsi\b""",
    re.IGNORECASE | re.VERBOSE,
)
"""An indirect question before a value: "Many of you have asked whether 3.0 is out" asks;
it does not report 3.0 out (in the four languages)."""


def reports(sentence: str, start: int) -> bool:
    """Whether the clause of ``sentence`` holding position ``start`` reports (asserts)."""
    if is_question(sentence):
        return False
    if any(m.end() <= start for m in _INDIRECT_QUESTION.finditer(sentence)):
        return False
    offset = 0
    for clause in clauses(sentence):
        found = sentence.find(clause, offset)
        if found < 0:
            continue
        offset = found + len(clause)
        if found <= start < offset:
            return classify_clause(clause).modality is Modality.ASSERTED
    return classify_clause(sentence).modality is Modality.ASSERTED
