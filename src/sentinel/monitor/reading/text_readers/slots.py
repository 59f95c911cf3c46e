"""Whether a page's text says a slot is free: a table, an appointment, a ticket.

Free and fully-booked wording are cues (:mod:`~sentinel.monitor.reading.text_readers.cues`);
a booking page that lists free times under the day they are on ("## Saturday 16 January" then
"- 15:45 with Jordan") says so too. Only what is said of the subject's day counts, and not what
a sentence puts at another place than the one the subject names ("Available times at Hendon"
for Mill Hill). A free slot's quote goes on with the lines that list what is free.
"""

from __future__ import annotations

import re
from dataclasses import replace

from sentinel.monitor.reading import lexicon
from sentinel.monitor.reading.page_text import Sentence, sentences_of
from sentinel.monitor.reading.readings import Candidate
from sentinel.monitor.reading.subject import SubjectMatcher, atoms
from sentinel.monitor.reading.text_readers.cues import cue_candidates
from sentinel.monitor.reading.text_readers.days import (
    named_days,
    on_the_subjects_day,
    on_wanted_day,
    stated_days,
)
from sentinel.monitor.sensing.sources import PageRecord

# "at Hendon", "in Leeds", "bei Mitte": a place a sentence puts what it says at.
_PLACE = re.compile(
    r"\b(?:at|in|bei|im|à|au|en)\s+(?:the\s+)?(?P<place>[A-ZÀ-Ý][\w'-]+(?:\s+[A-ZÀ-Ý][\w'-]+){0,3})"
)
DETAIL_LINES = 6
DETAIL_CHARS = 200


def slot_candidates(page: PageRecord, matcher: SubjectMatcher) -> list[Candidate]:
    """Whether the text says a slot (table, appointment…) is free, sentence by sentence; a
    free one's quote goes on with the lines that list what is free ("Freie Termine am
    23.02.2027 - 08:15 Uhr - 10:30 Uhr"), and a sentence that puts the slots at another place
    than the one the subject names ("Available times at Hendon" for Mill Hill) is not one."""
    cues: list[tuple[object, re.Pattern[str]]] = [(False, lexicon.NO_SLOTS), (True, lexicon.SLOTS)]
    sentences = sentences_of(page)
    candidates = [
        candidate
        for candidate in cue_candidates(page, matcher, cues, what="availability")
        + _time_list_candidates(page, matcher)
        if not _elsewhere(candidate.quote, matcher)
    ]
    candidates = on_the_subjects_day(candidates, matcher)
    found: list[Candidate] = []
    for candidate in candidates:
        if candidate.value is True and not candidate.note.startswith("times listed"):
            detail = _detail_after(sentences, candidate.position)
            if detail:
                candidate = replace(candidate, quote=f"{candidate.quote} {detail}")
        found.append(candidate)
    return found


_CLOCK = re.compile(r"\b(?:[01]?\d|2[0-3])[:.h][0-5]\d\b")


def _time_list_candidates(page: PageRecord, matcher: SubjectMatcher) -> list[Candidate]:
    """Free times a booking page lists under the day they are on ("## Saturday 16 January"
    then "- 15:45 with Jordan"): the heading and its first times, as the page writes them."""
    wanted = named_days(f"{matcher.when} {matcher.name}")
    sentences = sentences_of(page)
    found = []
    for index, sentence in enumerate(sentences):
        if not sentence.heading or sentence.aside:
            continue
        days = stated_days(sentence.text)
        if not days or (wanted and not on_wanted_day(sentence.text, wanted)):
            continue
        times: list[str] = []
        for item in sentences[index + 1 : index + 1 + 2 * DETAIL_LINES]:
            if item.heading or not _CLOCK.search(item.text):
                break
            if item.line not in times:
                times.append(item.line)
        if times:
            quote = f"{sentence.text} {' '.join(times)}"
            found.append(
                Candidate(
                    True,
                    quote,
                    page.url,
                    "page",
                    1.0,
                    sentence.position,
                    note=f"times listed under {sentence.text!r}",
                    labelled=True,
                )
            )
    return found


def _elsewhere(text: str, matcher: SubjectMatcher) -> bool:
    """Whether ``text`` puts what it says at a place the subject does not name."""
    named = atoms(f"{matcher.name} {matcher.site or ''}")
    for match in _PLACE.finditer(text):
        place = atoms(match["place"])
        if place and not place & named:
            return True
    return False


def _detail_after(sentences: tuple[Sentence, ...], position: int) -> str:
    """The lines that follow the sentence at ``position`` in its section, as the page writes
    them (list items, table rows, short lines), up to a few."""
    start = next((i for i, s in enumerate(sentences) if s.position == position), None)
    if start is None:
        return ""
    section, own_line = sentences[start].section, sentences[start].line
    if own_line.startswith("|"):
        return ""  # a table cell says what it says; its row is no list of it
    lines: list[str] = []
    for sentence in sentences[start + 1 : start + 1 + DETAIL_LINES + 8]:
        if sentence.heading or sentence.section != section:
            break
        if sentence.line == own_line or (lines and lines[-1] == sentence.line):
            continue  # the rest of its own paragraph is not a list of what is free
        lines.append(sentence.line)
        if sum(len(line) for line in lines) > DETAIL_CHARS:
            break
    return " ".join(lines)
