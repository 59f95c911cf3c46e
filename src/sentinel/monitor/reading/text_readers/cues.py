"""Candidates from cue words: stock, status, decision and cancellation, sentence by sentence.

Each reader gives :func:`cue_candidates` its cues in order (sold-out wording before in-stock
wording, so "back in stock soon" is not "in stock"; "not cancelled" before "cancelled"), and
gets one candidate per sentence about the subject: the value of the first cue found in a
reporting clause. A value under a label saying what it is of ("Decision status: approved") is
marked labelled. The cue words themselves are :mod:`sentinel.monitor.reading.lexicon`.
"""

from __future__ import annotations

import re

from sentinel.monitor.reading import lexicon
from sentinel.monitor.reading.readings import Candidate
from sentinel.monitor.reading.subject import SubjectMatcher
from sentinel.monitor.reading.text_readers.about import about_sentences, reports
from sentinel.monitor.sensing.sources import PageRecord

# "Decision status: …", "Status – …", "Availability: …": a value under a label saying what
# it is of (the label's words in the four languages).
_LABEL = re.compile(
    r"^\W*(?:[\w ]{0,30}\b)?(?:decision|status|outcome|result|verdict|availability|stock|state"
    r"|d[ée]cision|statut|[ée]tat|disponibilit[ée]|r[ée]sultat|entscheidung|beschluss|status"
    r"|verf[üu]gbarkeit|ergebnis|decisi[óo]n|estado|disponibilidad|resultado)\b[^:\n]{0,20}"
    r"[:\-–][^\n]{0,25}$",
    re.IGNORECASE,
)


def cue_candidates(
    page: PageRecord,
    matcher: SubjectMatcher,
    cues: list[tuple[object, re.Pattern[str]]],
    *,
    what: str,
    past: re.Pattern[str] | None = None,
) -> list[Candidate]:
    """One candidate per sentence about the subject: the value of the first cue (in the order
    of ``cues``) found in a reporting clause; earlier cues mask the text they match."""
    found: list[Candidate] = []
    for about in about_sentences(page, matcher):
        sentence, score = about.sentence, about.score
        text = sentence.text
        if past is not None and past.search(text):
            continue
        masked = text
        for value, pattern in cues:
            match = pattern.search(masked)
            if match is None:
                continue
            if reports(text, match.start()):
                found.append(
                    Candidate(
                        value,
                        text,
                        page.url,
                        "page",
                        score,
                        sentence.position,
                        note=f'{what}: "{match.group().strip()}"',
                        labelled=bool(_LABEL.match(text[: match.start()])),
                        own=about.own,
                        site=about.site,
                    )
                )
                break
            masked = masked[: match.start()] + " " * len(match.group()) + masked[match.end() :]
    return found


def stock_candidates(page: PageRecord, matcher: SubjectMatcher) -> list[Candidate]:
    """Whether the text says the subject is in stock, sentence by sentence."""
    cues: list[tuple[object, re.Pattern[str]]] = [
        (False, lexicon.OUT_OF_STOCK),
        (True, lexicon.IN_STOCK),
    ]
    return cue_candidates(page, matcher, cues, what="stock", past=lexicon.PAST_STOCK)


def status_candidates(page: PageRecord, matcher: SubjectMatcher) -> list[Candidate]:
    """The status words the text gives the subject (a status page lists newest first)."""
    cues: list[tuple[object, re.Pattern[str]]] = list(lexicon.STATUS_CUES)
    return cue_candidates(page, matcher, cues, what="status")


def decision_candidates(page: PageRecord, matcher: SubjectMatcher) -> list[Candidate]:
    """The decisions the text reports on the subject."""
    cues: list[tuple[object, re.Pattern[str]]] = list(lexicon.DECISION_CUES)
    return cue_candidates(page, matcher, cues, what="decision")


def cancelled_candidates(page: PageRecord, matcher: SubjectMatcher) -> list[Candidate]:
    """Whether the text reports the subject cancelled (or going ahead)."""
    cues: list[tuple[object, re.Pattern[str]]] = [
        (False, lexicon.NOT_CANCELLED),
        (True, lexicon.CANCELLED),
    ]
    return cue_candidates(page, matcher, cues, what="cancellation")
