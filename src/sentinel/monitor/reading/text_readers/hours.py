"""The regular opening hours a page's text states for the subject.

Every week's schedule the page writes as a table, a list or a line ("Mon–Fri 9am–5pm",
:func:`sentinel.text.opening_hours.weekly_hours`) in a part of the page about the subject is a
candidate, its value the schedule's normal form (``Mon 09:00-20:00; …; Sun closed``), so the
same hours written another way, or a page whose markup churns, read the same. A schedule under
a heading that names opening hours is labelled (the page saying what it is); one under a
heading for a season or a holiday ("Christmas opening hours") is a candidate but not the
labelled regular week.

A place's own site rarely names the place beside its hours (a page titled "Opening hours" on
``riversidelibrary.example``): on a host whose name holds most of the subject's words
(:meth:`~sentinel.monitor.reading.subject.SubjectMatcher.host_score`), every schedule counts as
about the subject, at that share.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from sentinel.monitor.reading.page_text import sentences_of
from sentinel.monitor.reading.readings import Candidate
from sentinel.monitor.reading.subject import SubjectMatcher
from sentinel.monitor.reading.text_readers.about import About, about_sentences
from sentinel.monitor.sensing.sources import PageRecord
from sentinel.text.opening_hours import weekly_hours

OWN_SITE = 0.5
"""The share of the subject's words a host must hold to be the subject's own site."""
_HOURS_LABEL = re.compile(
    r"\b(?:opening\s+(?:hours|times)|hours|open|horaires?|heures\s+d'ouverture|ouverture"
    r"|[öo]ffnungszeiten|ge[öo]ffnet|horarios?|abierto)\b",
    re.IGNORECASE,
)
_NOT_REGULAR = re.compile(
    r"\b(?:holidays?|christmas|xmas|easter|new\s+year|summer|winter|seasonal|special|exceptional"
    r"|temporary|bank\s+holiday|feiertage?|weihnachten|ostern|sommer|sonder|f[ée]ri[ée]s?|no[ëe]l"
    r"|p[âa]ques|[ée]t[ée]|exceptionnel(?:le)?s?|festivos?|navidad|semana\s+santa|verano"
    r"|especial(?:es)?)\b",
    re.IGNORECASE,
)


def hours_candidates(page: PageRecord, matcher: SubjectMatcher) -> list[Candidate]:
    """The weekly schedules the page's text states in its parts about the subject."""
    lines = page.readable_text.split("\n")
    about: dict[str, About] = {}
    for item in about_sentences(page, matcher, threshold=0.34):
        best = about.get(item.sentence.line)
        if best is None or item.score > best.score:
            about[item.sentence.line] = item
    sentences = {sentence.line: sentence for sentence in sentences_of(page)}
    own_site = matcher.host_score(urlsplit(page.final_url or page.url).hostname or "")
    own_site = own_site if own_site >= OWN_SITE else 0.0
    found: list[Candidate] = []
    for schedule in weekly_hours(lines):
        block = lines[schedule.first : schedule.last + 1]
        items = [about[line] for line in block if line in about]
        stated = [sentences[line] for line in block if line in sentences]
        if not stated or not (items or own_site):
            continue
        best = max(items, key=lambda item: item.score) if items else None
        score = max(best.score if best else 0.0, own_site)
        sentence = best.sentence if best else stated[0]
        section = sentence.section
        regular = not _NOT_REGULAR.search(section)
        found.append(
            Candidate(
                schedule.text,
                "\n".join(block),
                page.url,
                "page",
                score,
                sentence.position,
                note=f"opening hours in the text: {len(schedule.days)} day(s)",
                labelled=regular and bool(_HOURS_LABEL.search(section)),
                own=any(item.own for item in items),
                site=any(item.site for item in items),
            )
        )
    return found
