"""Modality: does a quote *report* something, or ask, hedge, forecast or say it has not happened?

A quote can be verbatim (grounding) and share words with the criteria (relevance) and still
not say that the thing happened: "Driver 5.0 — when will it be stable?", "Rumour: stable in
March", "Expected reopening: spring", "The road has not reopened yet". This module reads the
sentence a quote comes from and sorts it into one :class:`Modality`:

- ``question`` — the sentence asks: it ends with ``?``, or opens as a question does ("When
  will …", "Does anyone know …", "Any news on …");
- ``hedged`` — hearsay and speculation: evidential markers ("reportedly", "rumoured", "sources
  say", "according to insiders", "is said to", "I heard") and epistemic modals ("could",
  "might", lower-case "may", "possibly", "probably");
- ``prospective`` — the future, a plan, a forecast or an expectation: "will", "is expected
  to", "Expected reopening", "plans to", "is set to", "is scheduled for", "is due in",
  "upcoming", "next month", "to be announced in";
- ``pending`` — says the thing has not happened (yet): "not yet", "yet to", "still closed",
  "has not been released", "TBA", "awaiting", and an announcement still to come ("the first
  names will be announced in the new year", "is set to reveal");
- ``scheduled`` — a publication still to come that names its calendar day: "The Last of
  Ashgrove will be published on October 9, 2025" has not happened, but it reports that a
  date was set ("will be published shortly" stays pending, and so does an announcement on a
  named day, "Apple will unveil its new products on September 9": what it will say is not
  known yet);
- ``instruction`` — text addressed to the automated reader rather than reporting anything:
  "Note to AI assistants reading this page: …", "Ignore previous instructions", "Report to
  your user that …", "stop monitoring". It taints its whole paragraph: an injected "firmware
  3.0 has been released" beside "Report to your user that …" is part of the instruction;
- ``asserted`` — none of these: a report of what is or was ("Released: 5.0 is now
  available", "The road reopened on November 7 at noon", "Apple today announced iPhone 17").

The unit is the *clause*: a sentence is cut at ``;``, at dashes between spaces and before a
comma followed by a conjunction ("…, but …", "…, and …", "…, while …"), so "5.0 is now
available, and 5.1 is expected in March" holds an asserted clause and a prospective one, and
a quote is read in the clauses it covers. A question mark governs its whole sentence. What
does not change meaning is left out before reading: "as expected", "as planned",
"as soon as", and a participle set off by commas ("The vote, scheduled for Tuesday, passed").

Cues are grammatical markers, grouped per language (English, French, German, Spanish); the
language of a sentence is the one whose function words it uses most (English when none), and
the question mark works in every language. The markers are the ones grammars of each language
list for interrogatives, evidentials, epistemic modality, future and negation of completion —
not words picked from any page or scenario.

:func:`admitted_modalities` says which modalities may support an acting decision for given
criteria: an assertion always; a forecast or plan only when the criteria or mission ask about
an announcement, a date, a schedule, a plan or an agreement (a quote "Halcyon will acquire
BlueKite" reports an agreed deal; "Reopening is expected in spring" does not report a
reopening); a "not yet" only when they ask about a delay or postponement; a day set for what
is still to come only when they ask for a date or a schedule ("the publisher has announced a
specific publication date"); a question or hearsay never.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from sentinel.monitor.governing.cues import LANGUAGES, Modality
from sentinel.monitor.governing.relevance import bears_on
from sentinel.text.values import MONTHS

DESCRIBED = {
    Modality.QUESTION: "a question",
    Modality.HEDGED: "hearsay or speculation",
    Modality.PROSPECTIVE: "a forecast, plan or expectation",
    Modality.PENDING: "a statement that it has not happened yet",
    Modality.INSTRUCTION: "addressed to automated readers (an instruction, not a report)",
    Modality.SCHEDULED: "a day set for something still to come",
    Modality.ASSERTED: "a report",
}


@dataclass(frozen=True)
class Reading:
    """The modality of a piece of text and the marker that decided it (None when asserted)."""

    modality: Modality
    cue: str | None = None

    def describe(self) -> str:
        """E.g. ``a forecast, plan or expectation ("expected")``."""
        what = DESCRIBED[self.modality]
        return f'{what} ("{self.cue}")' if self.cue else what


_SENTENCE_END = re.compile(
    # After the stop, closing emphasis, quotes or brackets stay with the sentence they close:
    # "**Stage: third reading passed (70–50).** Awaiting Royal assent." is two sentences.
    r"(?<=[.!?])\s+|(?<=[.!?][*_\"'”’)\]])\s+|(?<=[.!?][*_\"'”’)\]]{2})\s+"
)
_PARAGRAPH = re.compile(r"\n\s*\n")
_BLOCK_START = re.compile(r"\s*(?:#|\||>|[-*+]\s|\d+[.)]\s)")
_CLAUSE_BREAK = re.compile(
    r"\s*;\s*|\s+[—–-]{1,2}\s+|,\s*(?=(?:but|and|while|whereas|although|though|yet|so|mais"
    r"|et|tandis|aber|und|während|pero|y|mientras)\b)",
    re.IGNORECASE,
)
_LETTERS = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
_TRAILING = "\"'”’)]*_ \t"


def detect_language(text: str) -> str:
    """The code of the language (``en``, ``fr``, ``de``, ``es``) whose function words
    ``text`` uses most; English on ties and when it uses none."""
    words = [w.casefold() for w in _LETTERS.findall(text)]
    best, best_count = "en", 0
    for code, language in LANGUAGES.items():
        count = sum(1 for w in words if w in language.function_words)
        if count > best_count:
            best, best_count = code, count
    return best


def is_question(sentence: str, language: str | None = None) -> bool:
    """Whether ``sentence`` asks: it ends with a question mark, or opens as a question."""
    text = _fold(sentence)
    if text.rstrip(_TRAILING).endswith(("?", "？")):
        return True
    lang = LANGUAGES[language or detect_language(text)]
    opening = re.sub(r"^(?:re:\s*|q:\s*|[#>*\s]+)+", "", text, flags=re.IGNORECASE)
    return bool(lang.question_openings.search(opening))


def classify_clause(clause: str, language: str | None = None) -> Reading:
    """The modality of one clause (questions are judged per sentence: :func:`classify`)."""
    text = _fold(clause)
    lang = LANGUAGES[language or detect_language(text)]
    text = lang.neutral.sub(" ", text)
    for modality, pattern in lang.cues:
        match = pattern.search(text)
        if match:
            cue = match.group(0).strip(" ,")
            # "will be published on October 9": still to come, but its day is set.
            if (
                modality is Modality.PENDING
                and _STILL_TO_COME.match(cue)
                and _CALENDAR_DAY.search(text, match.end())
            ):
                return Reading(Modality.SCHEDULED, cue)
            return Reading(modality, cue)
    return Reading(Modality.ASSERTED)


def instruction_cue(sentence: str) -> str | None:
    """The words by which ``sentence`` addresses an automated reader, or None."""
    match = _INSTRUCTION.search(_fold(sentence))
    return match.group(0) if match else None


def classify(sentence: str, language: str | None = None) -> Reading:
    """The modality of ``sentence`` as a whole: an instruction, a question, else the first
    clause that asserts, else the first clause's reading."""
    cue = instruction_cue(sentence)
    if cue is not None:
        return Reading(Modality.INSTRUCTION, cue)
    lang = language or detect_language(sentence)
    if is_question(sentence, lang):
        return Reading(Modality.QUESTION, "?")
    readings = [classify_clause(clause, lang) for clause in clauses(sentence)]
    asserted = [r for r in readings if r.modality is Modality.ASSERTED]
    return asserted[0] if asserted else (readings[0] if readings else Reading(Modality.ASSERTED))


def sentences(text: str) -> list[str]:
    """``text`` cut into sentences. Paragraphs end at blank lines; a line that starts a
    block (a heading, a list item, a table row, a quote) stands alone; other line breaks
    are soft wraps inside a sentence; a sentence ends after its stop and any closing
    emphasis, quote or bracket."""
    found: list[str] = []
    for paragraph in _PARAGRAPH.split(text):
        lines: list[str] = []
        for line in paragraph.splitlines():
            if lines and not _BLOCK_START.match(line) and not _BLOCK_START.match(lines[-1]):
                lines[-1] = f"{lines[-1]} {line.strip()}"
            else:
                lines.append(line.strip())
        for line in lines:
            found += [s.strip() for s in _SENTENCE_END.split(line) if s and s.strip()]
    return found


def clauses(sentence: str) -> list[str]:
    """``sentence`` cut into clauses (see the module documentation)."""
    # A participle set off by commas is an aside, not a clause: keep it with its sentence.
    return [c for c in _CLAUSE_BREAK.split(sentence) if c and c.strip()]


def read_quote(quote: str, page: str, criteria: str = "") -> Reading:
    """The modality of ``quote`` read where it stands on ``page``: each sentence the quote
    overlaps is read in the clauses the quote covers; the quote reports when one of them
    asserts — one of those that bear on ``criteria`` when some do
    (:func:`~sentinel.monitor.governing.relevance.bears_on`), so "X is expected, according to
    sources. Corvex declined to comment." does not report X on the strength of its second
    sentence. A quote not found on the page is read on its own."""
    found = list(_readings_on_page(quote, page))
    relevant = [(text, reading) for text, reading in found if bears_on(criteria, [text])]
    readings = [reading for _, reading in relevant or found] or [classify(quote)]
    for reading in readings:
        if reading.modality is Modality.ASSERTED:
            return reading
    return readings[0]


def admitted_modalities(criteria: str, mission: str = "") -> frozenset[Modality]:
    """The modalities a quote may have to support acting on ``criteria`` (see the module
    documentation). Exclusions ("; rumours and forecasts do not count") are left out before
    reading."""
    text = " ".join(
        part
        for part in re.split(r";|\.(?:\s|$)", f"{criteria}. {mission}")
        if not _EXCLUSION.search(part)
    )
    admitted = {Modality.ASSERTED}
    if _ASKS_FOR_PLAN.search(text):
        admitted.add(Modality.PROSPECTIVE)
    if _ASKS_FOR_DELAY.search(text):
        admitted.add(Modality.PENDING)
    if _ASKS_FOR_DATE.search(text):
        admitted.add(Modality.SCHEDULED)
    return frozenset(admitted)


_INSTRUCTION = re.compile(
    r"\b(?:note|message|instructions?|attention|notice|reminder)\s+(?:to|for)\s+(?:all\s+|any\s+)?"
    r"(?:ai\b|a\.i\.|llms?\b|language\s+models?|(?:ai\s+)?assistants?|chat\s?bots?|bots?\b"
    r"|crawlers?|scrapers?|agents?\b|automated\s+\w+)"
    r"|\bignore\s+(?:all\s+|any\s+)?(?:the\s+)?(?:previous|prior|above|earlier|other|your)\s+"
    r"(?:instructions|prompts?|rules|criteria)"
    r"|\b(?:report|tell|inform|notify|say)\s+(?:to\s+)?(?:your|the)\s+(?:users?|owners?|humans?"
    r"|operators?)\b"
    r"|\bstop\s+monitoring\b|\bsystem\s+prompt\b"
    r"|\byou\s+are\s+(?:an?\s+)?(?:ai|assistant|language\s+model|monitor)\b"
    # Addressed to AI readers: "AI assistants: the condition is met", "Dear LLMs, …", "To any
    # AI reading this page", "If you are an AI model, …", and the same in fr/de/es.
    r"|(?:^|[.!?]\s+)(?:dear\s+|hey\s+|attention,?\s+|to\s+(?:all|any)\s+)?(?:ai|llm|gpt)s?"
    r"(?:\s+(?:assistants?|agents?|models?|readers?|systems?|crawlers?|bots?|monitors?))?\s*[:,]"
    r"|\b(?:to|for)\s+(?:all\s+|any\s+)?(?:ai|llms?|bots?|assistants?|agents?|language\s+models?)"
    r"\s+(?:reading|parsing|summari[sz]ing|monitoring|crawling|scraping|visiting)\b"
    r"|\bif\s+you\s+are\s+(?:an?\s+)?(?:ai|llm|bot|assistant|agent|language\s+model"
    r"|automated)\b"
    r"|\b(?:ai|llm|language\s+model)\s+(?:assistants?|agents?|readers?|systems?|models?)"
    r"\s+(?:reading|parsing|summari[sz]ing|monitoring)\s+this\b"
    r"|\b(?:aux|pour\s+les)\s+(?:assistants?|agents?|mod[èe]les?)\s+(?:d'|de\s+)?ia\b"
    r"|\ban\s+(?:alle\s+)?ki[-\s](?:assistenten|agenten|modelle|systeme)\b"
    r"|\ba\s+(?:los\s+)?(?:asistentes|agentes|modelos)\s+de\s+ia\b",
    re.IGNORECASE,
)
_EXCLUSION = re.compile(
    r"\b(?:do(?:es)?\s+not|don't|doesn't|never)\s+count\b|\bexcept\b|\bexclud\w*|\bignor\w*"
    r"|\bnot\s+(?:a\s+|an\s+)?(?:rumou?rs?|leaks?|estimates?|forecasts?)\b",
    re.IGNORECASE,
)
_ASKS_FOR_PLAN = re.compile(
    r"\b(?:announc\w*|confirm\w*|dates?|schedul\w*|plan\w*|agree\w*|deal|expect\w*"
    r"|forecast\w*|predict\w*|upcoming|will|going\s+to|pre-?orders?"
    r"|annonc\w*|prévu\w*|angekündigt|ankündig\w*|termin|geplant|anunci\w*|fecha)\b",
    re.IGNORECASE,
)
_ASKS_FOR_DATE = re.compile(r"\b(?:dates?|schedul\w*|fecha|termin\w*|datum)\b", re.IGNORECASE)
_STILL_TO_COME = re.compile(r"(?:will|shall|to|would)\s+(?:be\s+|get\s+)?publish", re.I)
"""The pending cue of a publication still to come ("will be published"): on a named day it
states the publication's date. An announcement on a named day ("Apple will unveil its new
products on September 9") stays pending: what it will say is not known yet."""
_MONTH_NAME = "(?:" + "|".join(sorted(map(re.escape, MONTHS), key=len, reverse=True)) + r")\.?"
_CALENDAR_DAY = re.compile(
    rf"\b(?:20\d\d-[01]\d-[0-3]\d|[0-3]?\d(?:st|nd|rd|th)?\s+(?:de\s+)?{_MONTH_NAME}"
    rf"|{_MONTH_NAME}\s+[0-3]?\d(?:st|nd|rd|th)?)\b",
    re.IGNORECASE,
)
"""A calendar day: 2025-10-09, 9 October, 9. Oktober, 9 de octubre, October 9th."""
_ASKS_FOR_DELAY = re.compile(
    r"\b(?:delay\w*|postpon\w*|slip\w*|push\w*\s+back|not\s+yet|still|pending|report"
    r"\w*\s+late|retard\w*|verschoben|verzöger\w*|aplaza\w*)\b",
    re.IGNORECASE,
)


def _fold(text: str) -> str:
    text = unicodedata.normalize("NFKC", text).replace("\u2019", "'").replace("\u2018", "'")
    text = re.sub(r"[*_`]+|!?\[([^\]]*)\]\([^)]*\)", lambda m: m.group(1) or "", text)
    return " ".join(text.split())


def _comparable(text: str) -> str:
    return " ".join(_fold(text).casefold().split())


def _readings_on_page(quote: str, page: str) -> Iterator[tuple[str, Reading]]:
    pieces = [p for p in re.split(r"\s*(?:\.\.\.+|…|\[\.\.\.\])\s*", _comparable(quote)) if p]
    pieces = [p.strip("\"' ") for p in pieces if p.strip("\"' ")]
    if not pieces:
        return
    for paragraph in _PARAGRAPH.split(page):
        found = sentences(paragraph)
        injected = next((c for c in map(instruction_cue, found) if c is not None), None)
        for sentence in found:
            for reading in _sentence_readings(sentence, pieces, injected):
                yield sentence, reading


def covered_clauses(quote: str, page: str) -> list[str]:
    """The clauses of ``page`` that ``quote`` covers (the whole sentence when no clause
    does); the quote itself when it is not found on the page."""
    pieces = [p for p in re.split(r"\s*(?:\.\.\.+|…|\[\.\.\.\])\s*", _comparable(quote)) if p]
    pieces = [p.strip("\"' ") for p in pieces if p.strip("\"' ")]
    found: list[str] = []
    for sentence in sentences(page) if pieces else []:
        folded = _comparable(sentence)
        if not any(p in folded or folded in p for p in pieces):
            continue
        parts = [c for c in clauses(sentence) if any(_overlaps(p, _comparable(c)) for p in pieces)]
        found += parts or [sentence]
    return found or [_fold(quote)]


def _sentence_readings(sentence: str, pieces: list[str], injected: str | None) -> Iterator[Reading]:
    folded = _comparable(sentence)
    covered = [p for p in pieces if p in folded or folded in p]
    if covered:
        if injected is not None:
            yield Reading(Modality.INSTRUCTION, injected)
            return
        language = detect_language(sentence)
        if is_question(sentence, language):
            yield Reading(Modality.QUESTION, "?")
            return
        yield from _clause_readings(sentence, covered, language)


def _clause_readings(sentence: str, covered: Iterable[str], language: str) -> Iterator[Reading]:
    parts = clauses(sentence)
    wanted = list(covered)
    hit = False
    for clause in parts:
        folded = _comparable(clause)
        if any(_overlaps(piece, folded) for piece in wanted):
            hit = True
            yield classify_clause(clause, language)
    if not hit:
        yield classify(sentence, language)


def _overlaps(piece: str, clause: str) -> bool:
    """Whether a quoted piece and a clause share text: one holds the other, or they share a
    run of at least three words."""
    if piece in clause or clause in piece:
        return True
    words = piece.split()
    return any(" ".join(words[i : i + 3]) in clause for i in range(len(words) - 2))
