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
events, a timetable), not an announcement, and anchors nothing; nor does a dateline
("Updated October 8, 2025", "as of", "posted"), which a live page rewrites to today's date
every day. Relative phrases ("this Thursday", "next week") are not read: a page's own date is
unknown, so "Thursday" could be any Thursday. A date without a year is the next such date
(today counts).

:func:`anchored_run` reshapes a planned next run: on an anchor day it is at most
:data:`ANCHOR_DAY_INTERVAL` away; before one, it is no later than the start of that day. The
monitor's interval bounds still apply.

Times of day work the same way: "the store restocks on weekday mornings at 10:00 UTC", "the
Q3 earnings call — Thursday, October 23, 4:30 p.m. ET". :func:`times_of_day` reads clock times
(with a colon or a.m./p.m., in a named zone or the monitor's) on lines about the mission when
the same sentence says *when* — a date, a weekday or a recurrence ("every", "usually") — so
"ships today if ordered before 2 p.m." (a shop's cut-off) does not count. :func:`aligned_run`
moves a long regular wait (at least :data:`ALIGN_MIN_WAIT`) to the nearest such time plus
:data:`ALIGN_DELAY` (the news needs a moment to appear), by at most half a day either way, so
a monitor that read "at 10:00" looks at 10:15 instead of at a random hour.

A day and a time named in one sentence make an appointment ("on sale Friday 24 January at
10:00 GMT", "the vote is on 8 October at 14:00"): :func:`appointments` reads them and
:func:`appointment_run` looks at that moment plus :data:`ALIGN_DELAY` when it comes before the
planned run — a sale that sells out in half an hour is missed by a look every three hours on
its day, not by one a quarter of an hour after it opens. A sentence naming several days or
several times (a timetable, "rounds at 15:00 daily from July 19 to July 27") makes none.

A run that does not re-read every page (a probe, see :func:`sentinel.monitor.sensing.sources
.probe_sources`) still schedules from what the others said at their last read:
:func:`dated_lines` keeps the few lines of a page either function can read, stored with the
source snapshot and carried while the page goes unread (:func:`page_lines`). They are read
again every run, so an anchor drops out once its day has passed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from functools import lru_cache
from zoneinfo import ZoneInfo

from sentinel.monitor.scheduling.bounds import ScheduleBounds, ScheduledRun, bound_next_run
from sentinel.monitor.scheduling.durations import format_duration
from sentinel.monitor.sensing.sources import PageRecord, query_terms
from sentinel.text.values import MONTHS

INSTEAD_OF_THE_PLAN = "instead of the plan"
"""How the explanation of a run moved to a moment or a day the pages name ends."""

ANCHOR_HORIZON = timedelta(days=45)
MAX_ANCHOR_DAYS = 4
ANCHOR_DAY_INTERVAL = timedelta(hours=3)
MAX_MENTIONS_PER_TEXT = 2
_DATELINE = re.compile(r"\b(?:updated|modified|posted|as of)\b", re.I)
ALIGN_MIN_WAIT = timedelta(hours=12)
ALIGN_DELAY = timedelta(minutes=15)
MAX_TIMES_OF_DAY = 2
MAX_DATED_LINES = 6

_ZONES: dict[str, tzinfo] = {
    "utc": UTC,
    "gmt": UTC,
    "et": ZoneInfo("America/New_York"),
    "edt": ZoneInfo("America/New_York"),
    "est": ZoneInfo("America/New_York"),
    "eastern": ZoneInfo("America/New_York"),
    "pt": ZoneInfo("America/Los_Angeles"),
    "pdt": ZoneInfo("America/Los_Angeles"),
    "pst": ZoneInfo("America/Los_Angeles"),
    "pacific": ZoneInfo("America/Los_Angeles"),
    "cet": ZoneInfo("Europe/Paris"),
    "cest": ZoneInfo("Europe/Paris"),
    "bst": ZoneInfo("Europe/London"),
}
_WHEN_WORDS = frozenset(
    {"every", "usually", "daily", "weekday", "weekdays", "each", "scheduled"}
    | {f"{day}day" for day in ("mon", "tues", "wednes", "thurs", "fri", "satur", "sun")}
    | {f"{day}days" for day in ("mon", "tues", "wednes", "thurs", "fri", "satur", "sun")}
)
# A sentence ends at . ! or ? before a capital or a digit, but not before a time zone ("at
# 4:30 p.m. ET" is one sentence).
_SENTENCE_END = re.compile(
    r"(?<=[.!?])\s+(?=[A-Z\d])(?!(?:" + "|".join(zone.upper() for zone in _ZONES) + r")\b)"
)
_CLOCK = re.compile(
    r"(?<![\d:.])(?P<hour>[012]?\d)(?::(?P<minute>[0-5]\d))?(?![\d:])\s*"
    r"(?P<half>a\.m\.|p\.m\.|am\b|pm\b)?"
    r"(?:\s*(?P<zone>" + "|".join(sorted(_ZONES, key=len, reverse=True)) + r")\b)?",
    re.I,
)

_MONTH = "(?P<month>" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?"
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
    """The date mentions of ``text`` in order, each as its days (a range has several).

    Cached per text and day (:data:`MENTIONS_CACHED` of them): a run's schedule reads the same
    pages' mentions several times (anchors, times of day, appointments), and an unchanged page
    the same text run after run."""
    return [list(days) for days in _mentions(text, today)]


MENTIONS_CACHED = 256


@lru_cache(maxsize=MENTIONS_CACHED)
def _mentions(text: str, today: date) -> tuple[tuple[date, ...], ...]:
    found: list[tuple[int, list[date]]] = []
    for pattern in _PATTERNS:
        for match in pattern.finditer(text):
            groups = match.groupdict()
            month = MONTHS[groups["month"].casefold()] if groups.get("month") else None
            month = month or int(groups.get("mnum") or 0)
            first = int(groups["day"])
            last = int(groups.get("last") or first)
            year = int(groups["year"]) if groups.get("year") else None
            days = [_calendar_day(year, month, day, today) for day in range(first, last + 1)]
            valid = [day for day in days[:7] if day is not None]
            if valid:
                found.append((match.start(), valid))
    found.sort(key=lambda item: item[0])
    return tuple(tuple(days) for _, days in found)


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
            if terms & _words(line) and not _DATELINE.search(line):
                days.update(d for d in dates_in(line, today=today) if today <= d <= last)
    return sorted(days)[:MAX_ANCHOR_DAYS]


def dated_lines(text: str, mission: str, *, today: date) -> tuple[str, ...]:
    """The lines of ``text`` (at most :data:`MAX_DATED_LINES`, in page order) that
    :func:`anchor_days` and :func:`times_of_day` can read: lines about ``mission`` naming a
    calendar day or a clock time; none for a calendar. Read in place of ``text`` (each line as
    a text of its own), they give both functions what ``text`` gives them."""
    if len(mentions_in(text, today=today)) > MAX_MENTIONS_PER_TEXT:
        return ()
    terms = {term for term in query_terms(mission) if not _NUMBERS.match(term)}
    lines = (line.strip() for line in text.splitlines())
    kept = [
        line
        for line in lines
        if terms & _words(line) and (mentions_in(line, today=today) or times_in(line))
    ]
    return tuple(kept[:MAX_DATED_LINES])


def page_lines(
    pages: Mapping[str, PageRecord], mission: str, *, today: date
) -> dict[str, tuple[str, ...]]:
    """:func:`dated_lines` of each page (by URL) that has some."""
    found = {
        url: dated_lines(page.readable_text, mission, today=today) for url, page in pages.items()
    }
    return {url: lines for url, lines in found.items() if lines}


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
        return ScheduledRun(at, f"{why} → in {format_duration(at - now)} {INSTEAD_OF_THE_PLAN}")
    return planned


def times_in(text: str, *, tz: tzinfo = UTC) -> list[tuple[time, tzinfo]]:
    """The clock times ``text`` names ("10:00 UTC", "4:30 p.m. ET", "9am"), each with its
    zone (``tz`` when none is named). A bare number is not a time."""
    found = []
    for match in _CLOCK.finditer(text):
        minute, half = match["minute"], (match["half"] or "").casefold().replace(".", "")
        if minute is None and not half:
            continue
        hour = int(match["hour"])
        if half:
            if not 1 <= hour <= 12:
                continue
            hour = hour % 12 + (12 if half == "pm" else 0)
        if hour > 23:
            continue
        zone = _ZONES[match["zone"].casefold()] if match["zone"] else tz
        found.append((time(hour, int(minute or 0)), zone))
    return found


def times_of_day(
    texts: Iterable[str], mission: str, *, now: datetime, tz: tzinfo = UTC
) -> list[tuple[time, tzinfo]]:
    """The first :data:`MAX_TIMES_OF_DAY` clock times named on lines about ``mission`` of
    texts that are not calendars (see :func:`anchor_days`)."""
    terms = {term for term in query_terms(mission) if not _NUMBERS.match(term)}
    today = now.astimezone(tz).date()
    found: list[tuple[time, tzinfo]] = []
    for text in texts:
        if len(mentions_in(text, today=today)) > MAX_MENTIONS_PER_TEXT:
            continue
        for line in text.splitlines():
            if not terms & _words(line):
                continue
            for sentence in _SENTENCE_END.split(line):
                if _words(sentence) & _WHEN_WORDS or mentions_in(sentence, today=today):
                    found += [t for t in times_in(sentence, tz=tz) if t not in found]
    return found[:MAX_TIMES_OF_DAY]


def appointments(
    texts: Iterable[str], mission: str, *, now: datetime, tz: tzinfo = UTC
) -> list[datetime]:
    """The moments (UTC, sorted, at most :data:`MAX_ANCHOR_DAYS`) after ``now`` and within
    :data:`ANCHOR_HORIZON` that one sentence about ``mission`` names by exactly one day and one
    clock time, in texts that are not calendars (see the module documentation)."""
    terms = {term for term in query_terms(mission) if not _NUMBERS.match(term)}
    today = now.astimezone(tz).date()
    found: set[datetime] = set()
    for text in texts:
        if len(mentions_in(text, today=today)) > MAX_MENTIONS_PER_TEXT:
            continue
        for line in text.splitlines():
            if not terms & _words(line) or _DATELINE.search(line):
                continue
            for sentence in _SENTENCE_END.split(line):
                days, clocks = dates_in(sentence, today=today), times_in(sentence, tz=tz)
                if len(days) != 1 or len(clocks) != 1:
                    continue
                clock, zone = clocks[0]
                moment = datetime.combine(days[0], clock, zone).astimezone(UTC)
                if now < moment <= now + ANCHOR_HORIZON:
                    found.add(moment)
    return sorted(found)[:MAX_ANCHOR_DAYS]


def appointment_run(
    planned: ScheduledRun, moments: Iterable[datetime], *, now: datetime, bounds: ScheduleBounds
) -> ScheduledRun:
    """``planned`` brought forward to the first appointment (plus :data:`ALIGN_DELAY`) that
    comes before it and no sooner than the monitor's ``min_interval``; unchanged otherwise."""
    for moment in sorted(moments):
        at = moment + ALIGN_DELAY
        if at - now < bounds.min_interval or at >= planned.at:
            continue
        why = f"a page names {moment:%b %-d %H:%M} UTC"
        return ScheduledRun(at, f"{why} → in {format_duration(at - now)} {INSTEAD_OF_THE_PLAN}")
    return planned


def aligned_run(
    planned: ScheduledRun,
    times: Iterable[tuple[time, tzinfo]],
    *,
    now: datetime,
    bounds: ScheduleBounds,
) -> ScheduledRun:
    """``planned`` moved to the nearest named time of day (see the module documentation);
    unchanged for a short wait, no named time, or none within half a day of the plan."""
    if planned.at - now < ALIGN_MIN_WAIT:
        return planned
    earliest = now + max(bounds.min_interval, ALIGN_MIN_WAIT / 2)
    latest = now + bounds.max_interval
    best: tuple[timedelta, datetime, time] | None = None
    for clock, zone in times:
        local = planned.at.astimezone(zone).date()
        for offset in (-1, 0, 1):
            day = local + timedelta(days=offset)
            at = (datetime.combine(day, clock, zone) + ALIGN_DELAY).astimezone(UTC)
            distance = abs(at - planned.at)
            near = earliest <= at <= latest and distance <= timedelta(hours=12)
            if near and (best is None or distance < best[0]):
                best = (distance, at, clock)
    if best is None:
        return planned
    _, at, clock = best
    why = f"a page names {clock:%H:%M}"
    return ScheduledRun(at, f"{why} → in {format_duration(at - now)} {INSTEAD_OF_THE_PLAN}")
