"""The checkable values a sentence states: numbers, amounts, percentages and dates.

Two texts agree on a value when they state the same quantity or day, however it is written:
``40%``, ``40 percent`` and ``40 per cent`` are one percentage; ``EUR 6,000``, ``6,000 euros``
and ``6000`` one number; ``320 million`` is ``320000000``; ``3 March 2025``, ``March 3, 2025``
and ``2025-03-03`` one day, and ``3 March`` (no year) that day in any year. Numbers that are
part of a date are the date, not numbers. A claim whose values are not all stated by its
source says something the source does not.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MONTHS = {
    name: number
    for number, names in enumerate(
        (
            # English; French; German; Spanish (accented and plain, with the usual short forms;
            # not Spanish "ago", which is an English word).
            ("january", "jan", "janvier", "janv", "januar", "jänner", "enero", "ene"),
            ("february", "feb", "février", "fevrier", "févr", "fevr", "februar", "febrero"),
            ("march", "mar", "mars", "märz", "maerz", "mär", "marzo"),
            ("april", "apr", "avril", "avr", "abril", "abr"),
            ("may", "mai", "mayo"),
            ("june", "jun", "juin", "juni", "junio"),
            ("july", "jul", "juillet", "juil", "juli", "julio"),
            ("august", "aug", "août", "aout", "agosto"),
            ("september", "sep", "sept", "septembre", "septiembre", "setiembre"),
            ("october", "oct", "octobre", "oktober", "okt", "octubre"),
            ("november", "nov", "novembre", "noviembre"),
            (
                "december",
                "dec",
                "décembre",
                "decembre",
                "déc",
                "dezember",
                "dez",
                "diciembre",
                "dic",
            ),
        ),
        start=1,
    )
    for name in names
}
_MONTH = "|".join(sorted(MONTHS, key=len, reverse=True))
_DAY = r"(?P<day>[0-3]?\d)(?:st|nd|rd|th|er|º|°)?\.?"
_DATE_PATTERNS = (
    re.compile(r"\b(?P<year>\d{4})-(?P<mnum>[01]\d)-(?P<day>[0-3]\d)\b"),
    re.compile(
        rf"\b{_DAY}\s+(?:de\s+)?(?P<month>{_MONTH})\.?(?:,?\s+(?:de\s+)?(?P<year>\d{{4}}))?(?!\w)",
        re.I,
    ),
    re.compile(rf"\b(?P<month>{_MONTH})\.?\s+{_DAY}(?:,?\s+(?P<year>\d{{4}}))?\b", re.I),
    re.compile(rf"\b(?P<month>{_MONTH})\.?\s+(?:de\s+)?(?P<year>\d{{4}})\b", re.I),
)
_NUMBER = re.compile(
    r"(?<![\w.])(?P<digits>\d{1,3}(?:,\d{3})+|\d+)(?P<fraction>\.\d+)?"
    r"(?:\s*(?P<scale>thousand|million|billion|trillion|bn|m)\b)?"
    r"(?:\s*(?P<percent>%|percent\b|per\s+cent\b))?",
    re.I,
)
_SCALES = {"thousand": 1e3, "million": 1e6, "m": 1e6, "billion": 1e9, "bn": 1e9, "trillion": 1e12}


@dataclass(frozen=True)
class Day:
    """A calendar day as prose names it; ``year`` or ``day`` may be unstated."""

    year: int | None
    month: int
    day: int | None

    def agrees(self, other: Day) -> bool:
        """Whether ``other`` can be the same day: stated parts are equal."""
        return (
            self.month == other.month
            and (self.year is None or other.year is None or self.year == other.year)
            and (self.day is None or other.day is None or self.day == other.day)
        )


@dataclass(frozen=True)
class Values:
    """The numbers (percentages marked) and days a text states."""

    numbers: frozenset[tuple[float, bool]]
    days: tuple[Day, ...]

    def stated_by(self, other: Values) -> bool:
        """Whether every value here is stated in ``other`` too."""
        return self.numbers <= other.numbers and all(
            any(day.agrees(there) for there in other.days) for day in self.days
        )

    def __or__(self, other: Values) -> Values:
        return Values(self.numbers | other.numbers, (*self.days, *other.days))

    @property
    def empty(self) -> bool:
        """Whether the text states no checkable value."""
        return not self.numbers and not self.days


def values_in(text: str) -> Values:
    """Every number, percentage and day ``text`` states."""
    days: list[Day] = []
    spans: list[tuple[int, int]] = []
    for pattern in _DATE_PATTERNS:
        for match in pattern.finditer(text):
            if any(start < match.end() and match.start() < end for start, end in spans):
                continue
            day = _day(match)
            if day is not None:
                days.append(day)
                spans.append(match.span())
    numbers: set[tuple[float, bool]] = set()
    for match in _NUMBER.finditer(text):
        if any(start <= match.start() < end for start, end in spans):
            continue
        value = float(match["digits"].replace(",", "") + (match["fraction"] or ""))
        scale = match["scale"]
        if scale and not (scale.casefold() == "m" and match["percent"]):
            value *= _SCALES[scale.casefold()]
        numbers.add((round(value, 6), bool(match["percent"])))
    return Values(frozenset(numbers), tuple(days))


def _day(match: re.Match[str]) -> Day | None:
    groups = match.groupdict()
    month = MONTHS[groups["month"].casefold()] if groups.get("month") else int(groups["mnum"])
    day = int(groups["day"]) if groups.get("day") else None
    year = int(groups["year"]) if groups.get("year") else None
    if not 1 <= month <= 12 or (day is not None and not 1 <= day <= 31):
        return None
    return Day(year, month, day)
