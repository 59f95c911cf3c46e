"""The days a page's text states: the dates it announces, and the subject's day.

:func:`date_candidates` reads the days a page announces for the subject — not a posting or
sale date, not one still "to be announced", not before today, and in the year the subject names
if it names one. :func:`on_the_subjects_day` keeps, of what a page states, what it states of the
day the subject is for ("a table for two on Friday 9 April"), numeric days ("Fri 4/9",
"23.02.2027") read both ways.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import UTC, date, datetime

from sentinel.monitor.governing.cues import Modality
from sentinel.monitor.governing.modality import classify
from sentinel.monitor.reading.readings import Candidate
from sentinel.monitor.reading.subject import SubjectMatcher
from sentinel.monitor.reading.text_readers.about import about_sentences, reports
from sentinel.monitor.sensing.sources import PageRecord
from sentinel.text.values import Day, values_in

_EVENT_DATE_NOISE = re.compile(
    r"\b(?:updated|posted|published|modified|copyright|©|sale|on\s+sale|tickets?|registration"
    r"|register|deadline|submit|call\s+for|early[\s-]bird|newsletter|mis\s+[àa]\s+jour|publi[ée]"
    r"|aktualisiert|ver[öo]ffentlicht|vorverkauf|anmeld|actualizado|publicado|inscripci[óo]n"
    r"|entradas)\b",
    re.IGNORECASE,
)
_TBA = re.compile(
    r"\b(?:tba|tbc|to\s+be\s+(?:announced|confirmed)|dates?\s+(?:coming\s+soon|to\s+follow)"
    r"|[àa]\s+venir|[àa]\s+confirmer|bekanntgegeben\s+werden|folgt|por\s+confirmar|por\s+anunciar)\b",
    re.IGNORECASE,
)


def on_the_subjects_day(candidates: list[Candidate], matcher: SubjectMatcher) -> list[Candidate]:
    """When the subject is for a day and the page dates what it states, only what it states
    of that day ("Reservations open five months in advance" says nothing of 9 April; the
    calendar's "sam. 13 févr. à partir de 109 €" is the night of the 13th)."""
    wanted = named_days(f"{matcher.when} {matcher.name} {matcher.site or ''}")
    if not wanted or not any(stated_days(c.quote) for c in candidates):
        return candidates
    return [
        replace(c, labelled=True)
        for c in candidates
        if stated_days(c.quote) and on_wanted_day(c.quote, wanted)
    ]


_NUMERIC_DAY = re.compile(r"(?<![\d/.])(\d{1,2})[/.](\d{1,2})(?:[/.](\d{2,4}))?(?![\d/])")


def named_days(text: str) -> list[Day]:
    """The days ``text`` names with a day of the month ("Friday 9 April 2027", "14 June")."""
    return [day for day in values_in(text).days if day.day is not None]


def stated_days(text: str) -> list[Day]:
    """The days ``text`` states, numeric ones ("Fri 4/9", "23.02.2027") read both ways."""
    days = list(named_days(text))
    for match in _NUMERIC_DAY.finditer(text):
        first, second = int(match[1]), int(match[2])
        year = int(match[3]) if match[3] and len(match[3]) == 4 else None
        for month, day in ((first, second), (second, first)):
            if 1 <= month <= 12 and 1 <= day <= 31:
                days.append(Day(year, month, day))
    return days


def on_wanted_day(text: str, wanted: list[Day]) -> bool:
    """Whether ``text`` is about one of the ``wanted`` days: it states one of them, or no day
    at all (then it is about the page's, as "3 slots available" under the day's heading)."""
    stated = stated_days(text)
    return not stated or any(day.agrees(want) for day in stated for want in wanted)


def date_candidates(
    page: PageRecord, matcher: SubjectMatcher, *, now: datetime | None = None
) -> list[Candidate]:
    """The days the text announces for the subject: stated in a reporting clause or as the
    day a publication is set for ("will be published on 12 March 2027", the ``scheduled``
    modality), not a posting or sale date, not before today, and in the year the subject
    names if it names one."""
    today = (now or datetime.now(UTC)).astimezone(UTC).date()
    wanted_years = {int(y) for y in re.findall(r"\b(20\d\d)\b", matcher.name)}
    found: list[Candidate] = []
    for about in about_sentences(page, matcher, threshold=0.34):
        sentence, score = about.sentence, about.score
        text = sentence.text
        sets_a_day = _sets_a_day(text)
        # "Published 3 March" dates the page; "will be published on 12 March" sets a day.
        if (_EVENT_DATE_NOISE.search(text) and not sets_a_day) or _TBA.search(text):
            continue
        for day in values_in(text).days:
            if day.day is None:
                continue
            year = day.year or today.year
            if wanted_years and year not in wanted_years:
                continue
            try:
                moment = date(year, day.month, day.day)
            except ValueError:
                continue
            if moment < today or not (reports(text, 0) or sets_a_day):
                continue
            found.append(
                Candidate(
                    moment.isoformat(),
                    text,
                    page.url,
                    "page",
                    score,
                    sentence.position,
                    note=f"date {moment.isoformat()}",
                )
            )
    return found


def _sets_a_day(sentence: str) -> bool:
    """Whether ``sentence`` sets the day of a publication still to come."""
    return classify(sentence).modality is Modality.SCHEDULED
