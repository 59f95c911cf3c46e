"""Durations as governors write them: "6 hours", "1.5 days", "half an hour", "1h30m", "daily".

A small, fast, deterministic grammar (no locale, no clock). Calendar phrases ("tomorrow 9am")
live in :mod:`sentinel.monitor.scheduling.bounds`.
"""

from __future__ import annotations

import re
from datetime import timedelta

from sentinel.errors import InvalidInput

_UNITS: dict[str, timedelta] = {}
for _names, _span in (
    (("s", "sec", "secs", "second", "seconds"), timedelta(seconds=1)),
    (("m", "min", "mins", "minute", "minutes"), timedelta(minutes=1)),
    (("h", "hr", "hrs", "hour", "hours"), timedelta(hours=1)),
    (("d", "day", "days"), timedelta(days=1)),
    (("w", "wk", "wks", "week", "weeks"), timedelta(weeks=1)),
    (("fortnight", "fortnights"), timedelta(weeks=2)),
    # A month is 30 days: next_check only needs to be roughly right, and it is bounded anyway.
    (("mo", "month", "months"), timedelta(days=30)),
):
    for _name in _names:
        _UNITS[_name] = _span

_WORD_NUMBERS = {
    "a": 1.0,
    "an": 1.0,
    "one": 1.0,
    "a couple of": 2.0,
    "a couple": 2.0,
    "couple of": 2.0,
    "two": 2.0,
    "three": 3.0,
    "a few": 3.0,
    "few": 3.0,
    "several": 3.0,
    "four": 4.0,
    "five": 5.0,
    "six": 6.0,
    "seven": 7.0,
    "eight": 8.0,
    "nine": 9.0,
    "ten": 10.0,
    "eleven": 11.0,
    "twelve": 12.0,
    "fifteen": 15.0,
    "twenty": 20.0,
    "thirty": 30.0,
    "forty-five": 45.0,
    "forty five": 45.0,
    "half a": 0.5,
    "half an": 0.5,
}
_ADVERBS = {
    "hourly": timedelta(hours=1),
    "daily": timedelta(days=1),
    "nightly": timedelta(days=1),
    "weekly": timedelta(weeks=1),
    "fortnightly": timedelta(weeks=2),
    "biweekly": timedelta(weeks=2),
    "monthly": timedelta(days=30),
    "twice a day": timedelta(hours=12),
    "twice daily": timedelta(hours=12),
    "twice a week": timedelta(days=3, hours=12),
}

_WORDS = "|".join(sorted((re.escape(w) for w in _WORD_NUMBERS), key=len, reverse=True))
_UNIT_NAMES = "|".join(sorted((re.escape(u) for u in _UNITS), key=len, reverse=True))
_AMOUNT = rf"(?:\d+(?:\.\d+)?|\.\d+|{_WORDS})"
# One term: an amount (or a range of amounts, of which the sooner wins) and a unit, with an
# optional "and a half". Digits may touch their unit ("30m"); words may not ("a day", never
# "ad"). A spelled-out unit alone ("every hour" after its prefix is dropped) means one of it.
_TERM = re.compile(
    rf"(?:(?P<amount>{_AMOUNT})(?:\s*(?:-|–|to|or)\s*(?P<upper>{_AMOUNT}))?(?:(?<=\d)\s*|\s+))?"
    rf"(?P<unit>{_UNIT_NAMES})(?![a-z])(?P<half>\s+and\s+a\s+half)?"
)
_JOINER = re.compile(r"\s*(?:,\s*(?:and\s+)?|and\s+|\+\s*|\s*)")
_PREFIX = re.compile(
    r"^(?:(?:check\s+again|check|again|recheck|re-check|wait|sense\s+again|next\s+check|"
    r"in|after|within|for|about|around|approximately|approx\.?|roughly|~|another|every)"
    r"(?:\s+|(?<=~)))+"
)
_SUFFIX = re.compile(r"(?:\s+(?:from\s+now|from\s+today|later|or\s+so|time|again))+$")

MAX_DURATION_TEXT = 200


class UnparseableDuration(InvalidInput):
    """A duration text does not follow the duration grammar."""

    def __init__(self, text: str, problem: str = "not a duration like '6 hours' or '1h30m'"):
        super().__init__("duration", text, problem)


class DurationTooLong(UnparseableDuration):
    """A duration text is well-formed but names a span too long to represent."""

    def __init__(self, text: str) -> None:
        super().__init__(text, "too long to represent")


def normalize_schedule_text(text: str) -> str:
    """Fold a governor's scheduling text: lower case, one space, no trailing explanation.

    Drops a parenthetical ("6 hours (launch is near)"), an explanation after ';' or
    ' because', and trailing punctuation, which small models add freely.
    """
    folded = " ".join(text.casefold().split())
    folded = re.sub(r"\s*\([^)]*\)", "", folded)
    folded = re.split(r";|\s+because\b|\s+since\b|\s+as\s+the\b|\s+—\s+", folded, maxsplit=1)[0]
    return folded.strip().rstrip(".!,:").strip().strip("\"'`").strip()


def parse_duration(text: str) -> timedelta:
    """The span ``text`` names: "6 hours", "1.5 hours", "an hour and a half", "2 days 3 hours",
    "1h30m", "6-12 hours" (the sooner bound), "half an hour", "daily", "in 3 days".

    Raises :class:`UnparseableDuration` (an :class:`InvalidInput`) naming the text otherwise.
    """
    if len(text) > MAX_DURATION_TEXT:
        raise UnparseableDuration(text, f"longer than {MAX_DURATION_TEXT} characters")
    folded = normalize_schedule_text(text)
    folded = _SUFFIX.sub("", _PREFIX.sub("", folded)).strip()
    if folded in _ADVERBS:
        return _ADVERBS[folded]
    if not folded:
        raise UnparseableDuration(text, "empty")
    total = timedelta()
    position = 0
    while position < len(folded):
        if position:
            joiner = _JOINER.match(folded, position)
            position = joiner.end() if joiner else position
        term = _TERM.match(folded, position)
        if term is None:
            raise UnparseableDuration(text)
        total += _term_span(term, text)
        position = term.end()
    return total


def _term_span(term: re.Match[str], text: str) -> timedelta:
    if term["amount"] is None and len(term["unit"]) < 3:
        raise UnparseableDuration(text, f"unit {term['unit']!r} without an amount")
    amount = 1.0 if term["amount"] is None else _amount(term["amount"])
    if term["upper"] is not None:
        amount = min(amount, _amount(term["upper"]))
    if term["half"]:
        amount += 0.5
    try:
        return _UNITS[term["unit"]] * amount
    except OverflowError:
        raise DurationTooLong(text) from None


def _amount(token: str) -> float:
    return _WORD_NUMBERS.get(token) or float(token)


def format_duration(span: timedelta) -> str:
    """``span`` as text :func:`parse_duration` reads back exactly: "1 day 2 hours 5 minutes".

    Sub-second parts are dropped; a zero or negative span is "0 seconds".
    """
    remaining = max(0, int(span.total_seconds()))
    parts: list[str] = []
    for name, size in (("day", 86400), ("hour", 3600), ("minute", 60), ("second", 1)):
        count, remaining = divmod(remaining, size)
        if count:
            parts.append(f"{count} {name}{'s' if count != 1 else ''}")
    return " ".join(parts) or "0 seconds"
