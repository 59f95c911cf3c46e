"""Parse a governor's ``next_check`` ("6 hours", "tomorrow 9am", an ISO time) into an instant.

Contract: a successful parse is never before ``now``. It equals ``now`` only for "now" (and its
synonyms, "today", a date that is today, or a zero duration); a time already past ("today 9am"
at 10:00, a past ISO time) is refused as :class:`UnparseableNextCheck`, because a governor that
names the past is confused and the default interval is the safer answer.

Durations (:mod:`sentinel.monitor.scheduling.durations`), ISO times and the common calendar phrases
("tomorrow 9am", "next Monday 9am", "Monday at 14:00", "tonight", "9am") go through a fast,
deterministic grammar: 10-20 microseconds a call. "next Monday" is never today; a bare weekday
is its next occurrence at that time (today if still ahead); a day without a time keeps the
current time of day. Only what that grammar does not know ("September 10 at noon", "next
month") falls back to ``dateparser``, English only, read in the monitor's zone: ~1.5 ms a call
once warm, but 0.3-1 s for its import and first call, so it is imported lazily.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, time, timedelta, timezone, tzinfo
from typing import Literal, NamedTuple
from zoneinfo import ZoneInfo

from sentinel.errors import InvalidInput
from sentinel.monitor.scheduling.durations import (
    MAX_DURATION_TEXT,
    DurationTooLong,
    UnparseableDuration,
    normalize_schedule_text,
    parse_duration,
)

NextCheckKind = Literal["now", "duration", "calendar", "iso"]

_NOW_WORDS = {"now", "immediately", "asap", "right away", "right now", "as soon as possible"}
_WEEKDAYS = {
    name: index
    for index, names in enumerate(
        (
            ("monday", "mon"),
            ("tuesday", "tue", "tues"),
            ("wednesday", "wed"),
            ("thursday", "thu", "thur", "thurs"),
            ("friday", "fri"),
            ("saturday", "sat"),
            ("sunday", "sun"),
        )
    )
    for name in names
}
_DAY_PARTS = {
    "morning": time(9),
    "noon": time(12),
    "midday": time(12),
    "afternoon": time(15),
    "evening": time(18),
    "night": time(20),
    "midnight": time(0),
}
_DAY_WORDS = {"today", "tonight", "tomorrow"}
_DAY = r"(?P<day>today|tonight|tomorrow|(?:(?P<which>next|this|on)\s+)?(?P<weekday>[a-z]+))"
_CLOCK = (
    r"(?:(?:at|@)\s+)?(?:(?P<hour>\d{1,2})(?::(?P<minute>\d{2}))?(?::(?P<second>\d{2}))?"
    r"\s*(?P<meridiem>am|pm|a\.m\.|p\.m\.)?|(?P<part>[a-z]+))"
)
# Day first ("Monday at 14:00") or time first ("9am tomorrow"); one regex each because a
# pattern cannot name a group twice.
_CALENDAR = (
    re.compile(rf"^{_DAY}(?:\s*,?\s+{_CLOCK})?$"),
    re.compile(rf"^{_CLOCK}(?:\s+{_DAY})?$"),
)
_ISO = re.compile(
    r"\d{4}-\d{2}-\d{2}(?P<time>[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?"
)
_BARE_NUMBER = re.compile(r"^[\d\s.:,/-]*$")


class UnparseableNextCheck(InvalidInput):
    """A governor's ``next_check`` text names no instant at or after now."""

    def __init__(self, text: str, problem: str) -> None:
        super().__init__("next_check", text, problem)


class NextCheck(NamedTuple):
    """A parsed ``next_check``: the instant (UTC) and which grammar recognized it."""

    at: datetime
    kind: NextCheckKind


def parse_next_check(text: str, *, now: datetime, tz: tzinfo = UTC) -> datetime:
    """The instant (UTC) ``text`` names, relative to ``now``; see the module's contract.

    ``tz`` is the zone in which calendar phrases ("tomorrow 9am") are read.
    Raises :class:`UnparseableNextCheck` naming the text.
    """
    return interpret_next_check(text, now=now, tz=tz).at


def interpret_next_check(text: str, *, now: datetime, tz: tzinfo = UTC) -> NextCheck:
    """Like :func:`parse_next_check`, also telling which grammar recognized ``text``."""
    require_aware(now)
    if len(text) > MAX_DURATION_TEXT:
        raise UnparseableNextCheck(text, f"longer than {MAX_DURATION_TEXT} characters")
    folded = normalize_schedule_text(text)
    if not folded:
        raise UnparseableNextCheck(text, "empty")
    now = now.astimezone(UTC)
    if folded in _NOW_WORDS:
        return NextCheck(now, "now")
    try:
        return NextCheck(_add(now, parse_duration(folded), text), "duration")
    except DurationTooLong:
        raise UnparseableNextCheck(text, "too far in the future") from None
    except UnparseableDuration:
        pass
    local_now = now.astimezone(tz)
    result = _parse_iso(text.strip(), local_now, tz)
    if result is not None:
        return _not_past(NextCheck(result, "iso"), now, text)
    if _BARE_NUMBER.match(folded):
        raise UnparseableNextCheck(text, "a bare number has no unit (say '6 hours')")
    result = _parse_calendar(folded, local_now, text)
    if result is None:
        result = _parse_with_dateparser(folded, local_now, tz)
    if result is None:
        raise UnparseableNextCheck(
            text, "not a duration ('6 hours'), a day and time ('Monday 9am') or an ISO time"
        )
    return _not_past(NextCheck(result, "calendar"), now, text)


def require_aware(now: datetime) -> None:
    """Refuse a naive ``now``: scheduling across zones with naive times goes silently wrong."""
    if now.tzinfo is None or now.utcoffset() is None:
        raise InvalidInput("now", now, "must be timezone-aware")


def _add(now: datetime, span: timedelta, text: str) -> datetime:
    try:
        return now + span
    except OverflowError:
        raise UnparseableNextCheck(text, "too far in the future") from None


def _not_past(parsed: NextCheck, now: datetime, text: str) -> NextCheck:
    if parsed.at < now:
        raise UnparseableNextCheck(text, f"{parsed.at.isoformat()} is in the past")
    return parsed


def _parse_iso(text: str, local_now: datetime, tz: tzinfo) -> datetime | None:
    match = _ISO.match(text)
    # "2025-09-09T17:00Z (launch event)": the explanation may follow, nothing else may.
    if match is None or normalize_schedule_text(" " + text[match.end() :]):
        return None
    try:
        parsed = datetime.fromisoformat(match.group().replace(" ", "T"))
    except ValueError as error:
        raise UnparseableNextCheck(text, f"not a valid date or time ({error})") from None
    if match["time"] is None:
        # A bare date means that day; a bare date that is today means "today", i.e. now.
        if parsed.date() == local_now.date():
            return local_now.astimezone(UTC)
        return datetime.combine(parsed.date(), time(), tz).astimezone(UTC)
    if parsed.tzinfo is None:
        parsed = _localize(parsed, tz)
    return parsed.astimezone(UTC)


def _localize(naive: datetime, tz: tzinfo) -> datetime:
    return naive.replace(tzinfo=tz)


def _parse_calendar(folded: str, local_now: datetime, text: str) -> datetime | None:
    for pattern in _CALENDAR:
        match = pattern.match(folded)
        if match is not None:
            result = _calendar_instant(match.groupdict(), local_now, text)
            if result is not None:
                return result
    return None


def _calendar_instant(
    groups: dict[str, str | None], local_now: datetime, text: str
) -> datetime | None:
    day_word = groups["day"]
    if day_word is not None and day_word not in _DAY_WORDS and groups["weekday"] not in _WEEKDAYS:
        return None
    if groups["part"] is not None and groups["part"] not in _DAY_PARTS:
        return None
    clock = _clock(groups, text)
    if day_word is None:
        if clock is None:
            return None
        # A bare time is its next occurrence.
        candidate = datetime.combine(local_now.date(), clock, local_now.tzinfo)
        if candidate <= local_now:
            candidate = datetime.combine(
                local_now.date() + timedelta(days=1), clock, local_now.tzinfo
            )
        return candidate.astimezone(UTC)
    # A day without a time keeps the current time of day: "tomorrow" is a day from now.
    when = clock if clock is not None else local_now.timetz().replace(tzinfo=None)
    if day_word == "tonight" and clock is None:
        when = _DAY_PARTS["night"]
    day = _day(groups, local_now, when)
    return datetime.combine(day, when, local_now.tzinfo).astimezone(UTC)


def _clock(groups: dict[str, str | None], text: str) -> time | None:
    if groups["part"] is not None:
        return _DAY_PARTS.get(groups["part"])
    if groups["hour"] is None:
        return None
    hour, minute = int(groups["hour"]), int(groups["minute"] or 0)
    second = int(groups["second"] or 0)
    meridiem = (groups["meridiem"] or "").replace(".", "")
    if meridiem:
        if not 1 <= hour <= 12:
            raise UnparseableNextCheck(text, f"hour {hour} does not fit {meridiem}")
        hour = hour % 12 + (12 if meridiem == "pm" else 0)
    elif groups["minute"] is None:
        raise UnparseableNextCheck(text, f"hour {hour} is ambiguous; say '{hour}am' or '{hour}:00'")
    if hour > 23 or minute > 59 or second > 59:
        raise UnparseableNextCheck(text, f"{hour}:{minute:02d} is not a time of day")
    return time(hour, minute, second)


def _day(groups: dict[str, str | None], local_now: datetime, when: time) -> date:
    today = local_now.date()
    day_word = groups["day"]
    if day_word in ("today", "tonight"):
        return today
    if day_word == "tomorrow":
        return today + timedelta(days=1)
    weekday = _WEEKDAYS[groups["weekday"] or ""]
    ahead = (weekday - today.weekday()) % 7
    if groups["which"] == "next":
        # "next Monday" is never today, even on a Monday morning.
        return today + timedelta(days=ahead or 7)
    candidate = today + timedelta(days=ahead)
    if datetime.combine(candidate, when, local_now.tzinfo) <= local_now:
        candidate += timedelta(days=7)
    return candidate


def _parse_with_dateparser(folded: str, local_now: datetime, tz: tzinfo) -> datetime | None:
    import dateparser  # deferred: importing it costs ~0.7 s

    settings = {
        "RELATIVE_BASE": local_now.replace(tzinfo=None),
        "PREFER_DATES_FROM": "future",
        "RETURN_AS_TIMEZONE_AWARE": True,
        "TIMEZONE": _zone_name(tz, local_now),
        "TO_TIMEZONE": "UTC",
    }
    parsed = dateparser.parse(folded, languages=["en"], settings=settings)
    return None if parsed is None else parsed.astimezone(UTC)


def _zone_name(tz: tzinfo, local_now: datetime) -> str:
    if isinstance(tz, ZoneInfo):
        return tz.key
    offset = tz.utcoffset(local_now) or timedelta(0)
    if tz is UTC or (isinstance(tz, timezone) and not offset):
        return "UTC"
    minutes = int(offset.total_seconds() // 60)
    sign = "+" if minutes >= 0 else "-"
    return f"{sign}{abs(minutes) // 60:02d}{abs(minutes) % 60:02d}"
