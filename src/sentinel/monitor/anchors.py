"""Days the watched pages name: look closer around them.

Pages announce when things will happen ("the vote is on Wednesday, 8 October", "the Q3 2025
earnings call — Thursday, October 23, 2025", "reopening is now expected on November 7",
"Plenary session, 6–9 October 2025"). A monitor that waits a day between looks reads about
such a day and then misses most of it; one that looks every few hours on that day catches the
news hours earlier, for a few extra checks on a handful of days.

:func:`anchor_days` finds explicit calendar dates in page text — ``2025-10-23``, ``October 23``
(``Oct. 23rd``, ``October 23, 2025``), ``23 October 2025`` and day ranges ``6–9 October 2025``
— on lines that share a word with the monitor's mission (so "leaf collection starts October 6"
on a city page does not anchor a bridge monitor), keeps the days from today to
:data:`ANCHOR_HORIZON` ahead, and returns the first :data:`MAX_ANCHOR_DAYS`. A text naming
more than :data:`MAX_MENTIONS_PER_TEXT` dates (past ones included) is a calendar (a library's
events, a timetable), not an announcement, and anchors nothing. Relative phrases
("this Thursday", "next week") are not read: a page's own date is unknown, so "Thursday"
could be any Thursday. A date without a year is the next such date (today counts).

:func:`anchored_run` reshapes a planned next run: on an anchor day it is at most
:data:`ANCHOR_DAY_INTERVAL` away; before one, it is no later than the start of that day. The
monitor's interval bounds still apply.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import UTC, date, datetime, time, timedelta, tzinfo

from sentinel.monitor.durations import format_duration
from sentinel.monitor.scheduling import ScheduleBounds, ScheduledRun, bound_next_run
from sentinel.monitor.sources import query_terms

ANCHOR_HORIZON = timedelta(days=45)
MAX_ANCHOR_DAYS = 4
ANCHOR_DAY_INTERVAL = timedelta(hours=3)
MAX_MENTIONS_PER_TEXT = 2

_MONTHS = {
    name: index
    for index, names in enumerate(
        (
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ),
        start=1,
    )
    for name in names
}
_MONTH = "(?P<month>" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_DAY = r"(?P<day>[0-3]?\d)(?:st|nd|rd|th)?"
_LAST = r"(?P<last>[0-3]?\d)(?:st|nd|rd|th)?"
_YEAR = r"(?P<year>20\d\d)"
_PATTERNS = (
    re.compile(r"\b(?P<year>20\d\d)-(?P<mnum>[01]\d)-(?P<day>[0-3]\d)\b"),
    # 6–9 October 2025 / 23 October 2025 / 23 Oct
    re.compile(rf"\b{_DAY}(?:\s*[–-]\s*{_LAST})?\s+{_MONTH}(?:,?\s+{_YEAR})?\b", re.I),
    # October 23, 2025 / Oct. 23rd / October 6–9
    re.compile(rf"\b{_MONTH}\s+{_DAY}(?:\s*[–-]\s*{_LAST})?\b(?:,?\s+{_YEAR}\b)?", re.I),
)
_WORD = re.compile(r"[\w][\w'.-]*")
_NUMBERS = re.compile(r"^[\d.,'-]+$")


def dates_in(text: str, *, today: date) -> list[date]:
    """Every explicit calendar day ``text`` names (ranges expanded), in order of mention.

    A date without a year is the next such day on or after ``today``; impossible dates
    ("February 30") are skipped.
    """
    return [day for mention in mentions_in(text, today=today) for day in mention]


def mentions_in(text: str, *, today: date) -> list[list[date]]:
    """The date mentions of ``text`` in order, each as its days (a range has several)."""
    found: list[tuple[int, list[date]]] = []
    for pattern in _PATTERNS:
        for match in pattern.finditer(text):
            groups = match.groupdict()
            month = _MONTHS[groups["month"].casefold()] if groups.get("month") else None
            month = month or int(groups.get("mnum") or 0)
            first = int(groups["day"])
            last = int(groups.get("last") or first)
            year = int(groups["year"]) if groups.get("year") else None
            days = [_calendar_day(year, month, day, today) for day in range(first, last + 1)]
            valid = [day for day in days[:7] if day is not None]
            if valid:
                found.append((match.start(), valid))
    found.sort(key=lambda item: item[0])
    return [days for _, days in found]


def _calendar_day(year: int | None, month: int, day: int, today: date) -> date | None:
    try:
        if year is not None:
            return date(year, month, day)
        when = date(today.year, month, day)
        return when if when >= today else date(today.year + 1, month, day)
    except ValueError:
        return None


def anchor_days(
    texts: Iterable[str], mission: str, *, now: datetime, tz: tzinfo = UTC
) -> list[date]:
    """The first :data:`MAX_ANCHOR_DAYS` days (today included) up to :data:`ANCHOR_HORIZON`
    ahead named on a line of ``texts`` that shares a content word with ``mission``."""
    terms = {term for term in query_terms(mission) if not _NUMBERS.match(term)}
    today = now.astimezone(tz).date()
    last = (now + ANCHOR_HORIZON).astimezone(tz).date()
    days: set[date] = set()
    for text in texts:
        if len(mentions_in(text, today=today)) > MAX_MENTIONS_PER_TEXT:
            continue
        for line in text.splitlines():
            if terms & _words(line):
                days.update(d for d in dates_in(line, today=today) if today <= d <= last)
    return sorted(days)[:MAX_ANCHOR_DAYS]


def _words(line: str) -> set[str]:
    return {match.group().strip(".'-").casefold() for match in _WORD.finditer(line)}


def anchored_run(
    planned: ScheduledRun,
    days: Iterable[date],
    *,
    now: datetime,
    bounds: ScheduleBounds,
    tz: tzinfo = UTC,
) -> ScheduledRun:
    """``planned``, brought forward around the anchor ``days`` (see the module documentation);
    unchanged when no anchor day comes before it."""
    today = now.astimezone(tz).date()
    for day in sorted(days):
        start = datetime.combine(day, time(0), tz)
        if day == today:
            target, why = now + ANCHOR_DAY_INTERVAL, f"a page names today ({day:%b %-d})"
        elif start > now:
            target, why = start, f"a page names {day:%b %-d}"
        else:
            continue
        if target >= planned.at:
            return planned
        at = bound_next_run(
            target, now=now, min_interval=bounds.min_interval, max_interval=bounds.max_interval
        )
        if at >= planned.at:
            return planned
        return ScheduledRun(at, f"{why} → in {format_duration(at - now)} instead of the plan")
    return planned
