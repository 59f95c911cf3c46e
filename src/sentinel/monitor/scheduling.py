"""When a monitor runs next: parse the governor's ``next_check``, bound it, jitter it.

The governor writes natural language ("6 hours", "tomorrow 9am", "next Monday 9am", an ISO
time). :func:`parse_next_check` turns it into an instant; :func:`bound_next_run` keeps it within
the monitor's interval bounds; :func:`add_jitter` spreads runs so monitors created together do
not wake together; :func:`schedule_next` composes the three and explains itself.

Parsing contract: a successful parse is never before ``now``. It equals ``now`` only for "now"
(and its synonyms, "today", or a zero duration); a time already past ("today 9am" at 10:00, a
past ISO time) is refused as :class:`UnparseableNextCheck`, because a governor that names the
past is confused and the default interval is the safer answer.

Durations and the common calendar phrases go through a fast deterministic grammar (about 10-30
microseconds). Only what that grammar does not know ("September 10 at noon", "next month") falls
back to ``dateparser``, English only, which costs ~0.7 s to import and ~150-300 ms on its first
call, then ~1-2 ms per call; it is imported lazily for that reason.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, timezone, tzinfo
from typing import Literal, NamedTuple
from zoneinfo import ZoneInfo

from sentinel.errors import InvalidInput
from sentinel.monitor.durations import (
    MAX_DURATION_TEXT,
    DurationTooLong,
    UnparseableDuration,
    format_duration,
    normalize_schedule_text,
    parse_duration,
)

MIN_INTERVAL = timedelta(minutes=15)
MAX_INTERVAL = timedelta(days=30)
DEFAULT_INTERVAL = timedelta(hours=24)
# Calendar-anchored times are only ever jittered later, and by at most this much: a governor
# that says "Monday 9am" expects news at 9:00, so checking at 8:50 would miss it.
ANCHORED_JITTER_CAP = timedelta(minutes=5)

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
_BARE_NUMBER = re.compile(r"^[\d\s.:,/-]*$")


class UnparseableNextCheck(InvalidInput):
    """A governor's ``next_check`` text names no instant at or after now."""

    def __init__(self, text: str, problem: str) -> None:
        super().__init__("next_check", text, problem)


class NextCheck(NamedTuple):
    """A parsed ``next_check``: the instant (UTC) and which grammar recognized it."""

    at: datetime
    kind: NextCheckKind


@dataclass(frozen=True)
class ScheduleBounds:
    """A monitor's scheduling limits: earliest and latest next run, fallback, jitter share."""

    min_interval: timedelta = MIN_INTERVAL
    max_interval: timedelta = MAX_INTERVAL
    default: timedelta = DEFAULT_INTERVAL
    jitter_fraction: float = 0.1

    def __post_init__(self) -> None:
        if self.min_interval < timedelta(0):
            raise InvalidInput("min_interval", self.min_interval, "must not be negative")
        if self.min_interval > self.max_interval:
            raise InvalidInput(
                "min_interval", self.min_interval, f"exceeds max_interval {self.max_interval}"
            )
        if not 0 <= self.jitter_fraction < 1:
            raise InvalidInput("jitter_fraction", self.jitter_fraction, "must be in [0, 1)")


class ScheduledRun(NamedTuple):
    """When the next run happens and, in one sentence, why then."""

    at: datetime
    explanation: str


def parse_next_check(text: str, *, now: datetime, tz: tzinfo = UTC) -> datetime:
    """The instant (UTC) ``text`` names, relative to ``now``; see the module's contract.

    ``tz`` is the zone in which calendar phrases ("tomorrow 9am") are read.
    Raises :class:`UnparseableNextCheck` naming the text.
    """
    return interpret_next_check(text, now=now, tz=tz).at


def interpret_next_check(text: str, *, now: datetime, tz: tzinfo = UTC) -> NextCheck:
    """Like :func:`parse_next_check`, also telling which grammar recognized ``text``."""
    _require_aware(now)
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


def _require_aware(now: datetime) -> None:
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
    if not re.match(r"^\d{4}-\d{2}-\d{2}", text):
        return None
    try:
        parsed = datetime.fromisoformat(text)
    except ValueError:
        return None
    if len(text) == 10:
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


def bound_next_run(
    target: datetime | None,
    *,
    now: datetime,
    min_interval: timedelta = MIN_INTERVAL,
    max_interval: timedelta = MAX_INTERVAL,
    default: timedelta = DEFAULT_INTERVAL,
) -> datetime:
    """``target`` (or ``now + default`` when None) clamped into ``[now + min, now + max]``.

    The result is never in the past, even for a target long gone.
    """
    _require_aware(now)
    if min_interval > max_interval:
        raise InvalidInput("min_interval", min_interval, f"exceeds max_interval {max_interval}")
    earliest, latest = now + max(min_interval, timedelta(0)), now + max_interval
    if target is None:
        target = now + default
    return min(max(target, earliest), latest).astimezone(UTC)


def add_jitter(
    target: datetime,
    *,
    now: datetime,
    rng: random.Random,
    fraction: float = 0.1,
    min_interval: timedelta = MIN_INTERVAL,
    cap: timedelta | None = None,
    late_only: bool = False,
) -> datetime:
    """``target`` moved by a random share (up to ``fraction``) of its distance from ``now``.

    The shift is at most ``cap`` when given and only forwards when ``late_only``; the result
    is never before ``now + min_interval``. Deterministic for a seeded ``rng``.
    """
    _require_aware(now)
    spread = max(target - now, timedelta(0)) * fraction
    if cap is not None:
        spread = min(spread, cap)
    low = 0.0 if late_only else -1.0
    shifted = target + spread * rng.uniform(low, 1.0)
    return max(shifted, now + min_interval).astimezone(UTC)


def schedule_next(
    next_check: str | None,
    now: datetime,
    bounds: ScheduleBounds,
    rng: random.Random,
    *,
    tz: tzinfo = UTC,
) -> ScheduledRun:
    """The next run for a governor's ``next_check``: parsed, bounded, jittered, explained.

    Missing or unparseable text falls back to ``bounds.default`` and the explanation says why.
    Relative times are jittered both ways; calendar times only later and by at most
    :data:`ANCHORED_JITTER_CAP`. The result always lies in ``[now + min, now + max]``.
    """
    _require_aware(now)
    now = now.astimezone(UTC)
    anchored = False
    if next_check is None or not next_check.strip():
        target, reason = now + bounds.default, f"no next_check; default {_span(bounds.default)}"
    else:
        try:
            parsed = interpret_next_check(next_check, now=now, tz=tz)
        except UnparseableNextCheck as error:
            target = now + bounds.default
            reason = f"{error.problem} in {next_check!r}; default {_span(bounds.default)}"
        else:
            target, anchored = parsed.at, parsed.kind in ("calendar", "iso")
            reason = f"next_check {next_check!r}"
    bounded = _bounded(target, now, bounds)
    if bounded > target:
        reason += f", raised to the minimum interval {_span(bounds.min_interval)}"
    elif bounded < target:
        reason += f", lowered to the maximum interval {_span(bounds.max_interval)}"
    jittered = add_jitter(
        bounded,
        now=now,
        rng=rng,
        fraction=bounds.jitter_fraction,
        min_interval=bounds.min_interval,
        cap=ANCHORED_JITTER_CAP if anchored else None,
        late_only=anchored,
    )
    at = min(jittered, now + bounds.max_interval)
    return ScheduledRun(at, f"{reason} → {at:%Y-%m-%d %H:%M:%S} UTC (in {_span(at - now)})")


def _bounded(target: datetime, now: datetime, bounds: ScheduleBounds) -> datetime:
    return bound_next_run(
        target, now=now, min_interval=bounds.min_interval, max_interval=bounds.max_interval
    )


def _span(span: timedelta) -> str:
    return format_duration(span)
