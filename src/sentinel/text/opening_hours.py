"""A week's opening hours as a page writes them, read into one normal form.

``weekly_hours(lines)`` reads the schedules a run of text lines states — a table
(``| Monday | 9:00 – 20:00 |``), a list (``Mon–Fri: 9am – 5pm``), a day and its hours on
two lines (how a page's cells often come out), ``Open daily 10:00–18:00`` — in English,
French, German and Spanish, and returns each as a :class:`Schedule` whose :attr:`~Schedule.text`
is the same for the same hours however they are written::

    Mon 09:00-20:00; Tue 09:00-20:00; …; Sat 10:00-17:00; Sun closed

A line is a schedule line only when it is little more than days and hours: an event
("Saturday 14:00–16:00 Repair café: bring a broken lamp") or a dated exception ("Monday 25
December: closed") is not the regular week. A schedule needs at least two days.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")

_DAY_NAMES: dict[str, int] = {}
for index, names in enumerate(
    (
        "monday mon mon. lundi lun lun. montag mo lunes",
        "tuesday tue tue. tues tues. mardi mar. dienstag di martes",
        "wednesday wed wed. mercredi mer mer. mittwoch mi miércoles miercoles mié mie",
        "thursday thu thu. thur thurs thurs. jeudi jeu jeu. donnerstag do jueves jue",
        "friday fri fri. vendredi ven ven. freitag fr viernes vie",
        "saturday sat sat. samedi sam sam. samstag sonnabend sa sábado sabado sáb sab",
        "sunday sun sun. dimanche dim dim. sonntag so domingo dom",
    )
):
    for name in names.split():
        _DAY_NAMES[name.rstrip(".")] = index
# Two-letter forms (schema.org's "Mo-Fr", German "Mo–Fr") only as written, capitalized.
_TWO_LETTER = {"Mo": 0, "Tu": 1, "Di": 1, "We": 2, "Mi": 2, "Th": 3, "Do": 3, "Fr": 4}
_TWO_LETTER |= {"Sa": 5, "Su": 6, "So": 6}
_ALL_DAYS = re.compile(
    r"\b(?:daily|every\s+day|7\s+days(?:\s+a\s+week)?|seven\s+days(?:\s+a\s+week)?|t[äa]glich"
    r"|tous\s+les\s+jours|todos\s+los\s+d[íi]as)\b",
    re.IGNORECASE,
)
_DAY_NAME = (
    "(?:"
    + "|".join(re.escape(name) for name in sorted(_DAY_NAMES, key=len, reverse=True))
    + r")\.?"
    + "|(?-i:"
    + "|".join(_TWO_LETTER)
    + ")"
)
_DAY_RANGE_SEP = r"\s*(?:-|–|—|to|through|thru|bis|à|au|a|al)\s*"
_DAY_TOKEN = re.compile(
    rf"(?<![\w])(?P<first>{_DAY_NAME})(?![\w])(?:{_DAY_RANGE_SEP}(?P<last>{_DAY_NAME})(?![\w]))?",
    re.IGNORECASE,
)
_TIME = (
    r"(?:(?P<{n}h>[01]?\d|2[0-4])(?:\s*[:.h]\s*(?P<{n}m>[0-5]\d))?\s*"
    r"(?P<{n}ap>a\.?\s?m\.?|p\.?\s?m\.?|uhr|h)?(?![\w:]))"
)
_TIME_RANGE = re.compile(
    r"(?<![\w:.])"
    + _TIME.format(n="a")
    + r"\s*(?:-|–|—|to|until|till|bis|à|a|au)\s*"
    + _TIME.format(n="b"),
    re.IGNORECASE,
)
_NOON = re.compile(r"\b(?:noon|midday)\b", re.IGNORECASE)
_MIDNIGHT = re.compile(r"\bmidnight\b", re.IGNORECASE)
_ROUND_THE_CLOCK = re.compile(
    r"\b(?:24\s*(?:hours|h|hrs|/\s*7)|open\s+24|around\s+the\s+clock|rund\s+um\s+die\s+uhr"
    r"|24\s*h\s*/\s*24)\b",
    re.IGNORECASE,
)
_CLOSED = re.compile(
    r"\b(?:closed|geschlossen|ruhetag|ferm[ée]e?|cerrado|cerrada)\b", re.IGNORECASE
)
_MONTH = re.compile(
    r"\b(?:jan(?:uary)?|feb(?:ruary)?|march|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|janvier|f[ée]vrier|mars"
    r"|avril|mai|juin|juillet|ao[uû]t|septembre|octobre|novembre|d[ée]cembre|januar|februar"
    r"|m[äa]rz|juni|juli|oktober|dezember|enero|febrero|marzo|abril|mayo|junio|julio|agosto"
    r"|septiembre|octubre|noviembre|diciembre)\b"
    r"|\b\d{1,2}[./]\d{1,2}(?:[./]\d{2,4})?\b|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}(?:st|nd|rd|th)\b",
    re.IGNORECASE,
)
_FILLER = frozenset(
    [
        "open",
        "opens",
        "opening",
        "hours",
        "hour",
        "from",
        "and",
        "&",
        "or",
        "until",
        "till",
        "to",
        "the",
        "are",
        "is",
        "we",
        "our",
        "day",
        "days",
        "weekdays",
        "weekends",
        "weekend",
        "by",
        "appointment",
        "only",
        "lunch",
        "break",
        "ouvert",
        "ouverture",
        "de",
        "et",
        "le",
        "les",
        "geöffnet",
        "geoeffnet",
        "von",
        "und",
        "abierto",
        "abierta",
        "de",
        "y",
        "horario",
        "horaire",
        "öffnungszeiten",
        "uhr",
        "h",
        "am",
        "pm",
        "a.m.",
        "p.m.",
        "except",
    ]
)
MAX_OTHER_WORDS = 2
"""Words besides days, hours and :data:`_FILLER` a schedule line may have."""


@dataclass(frozen=True)
class Schedule:
    """The hours a run of lines states: each day stated (0 = Monday) with its opening
    intervals (``()``: closed), and the lines it was read from (``first``..``last``)."""

    days: tuple[tuple[int, tuple[tuple[str, str], ...]], ...]
    first: int
    last: int

    @property
    def text(self) -> str:
        """The normal form: ``Mon 09:00-20:00; …; Sun closed`` (the days stated, in order)."""
        parts = []
        for day, intervals in self.days:
            hours = ", ".join(f"{a}-{b}" for a, b in intervals) if intervals else "closed"
            parts.append(f"{DAYS[day]} {hours}")
        return "; ".join(parts)


@dataclass(frozen=True)
class _Line:
    days: tuple[int, ...]
    intervals: tuple[tuple[str, str], ...] | None  # None: no hours; (): closed
    groups: tuple[tuple[tuple[int, ...], tuple[tuple[str, str], ...]], ...]


def weekly_hours(lines: Sequence[str]) -> list[Schedule]:
    """The schedules (at least two days each) that runs of consecutive ``lines`` state; a
    blank line does not end a run, a line that is not days and hours does."""
    schedules: list[Schedule] = []
    week: dict[int, tuple[tuple[str, str], ...]] = {}
    first = last = -1
    pending: tuple[int, ...] | None = None  # days alone on a line: their hours on the next

    def close() -> None:
        nonlocal week, first, pending
        if len(week) >= 2:
            schedules.append(Schedule(tuple(sorted(week.items())), first, last))
        week, first, pending = {}, -1, None

    for number, raw in enumerate(lines):
        line = raw.strip(" |*-•\t")
        if not line:
            continue
        parsed = _parse(line)
        if parsed is None:
            close()
            continue
        if not parsed.days:
            if pending is not None and parsed.intervals is not None:
                for day in pending:
                    week[day] = parsed.intervals
                last, pending = number, None
            continue
        if first < 0:
            first = number
        last = number
        if parsed.intervals is None:
            pending = parsed.days
            continue
        pending = None
        for days, intervals in parsed.groups:
            for day in days:
                week[day] = intervals
    close()
    return schedules


def _parse(line: str) -> _Line | None:
    """The days and hours of a schedule line, or None when the line is not one."""
    if _MONTH.search(line):
        return None
    spans: list[tuple[int, int, tuple[int, ...]]] = []
    for match in _DAY_TOKEN.finditer(line):
        spans.append((match.start(), match.end(), _days(match)))
    every = _ALL_DAYS.search(line)
    if every is not None:
        spans.append((every.start(), every.end(), tuple(range(7))))
        spans.sort()
    times: list[tuple[int, int, tuple[str, str]]] = []
    for match in _TIME_RANGE.finditer(line):
        interval = _interval(match)
        if interval is not None:
            times.append((match.start(), match.end(), interval))
    clock = _ROUND_THE_CLOCK.search(line)
    if clock is not None and not times:
        times.append((clock.start(), clock.end(), ("00:00", "24:00")))
    closed = [(m.start(), m.end()) for m in _CLOSED.finditer(line)]
    if not spans and not times and not closed:
        return None
    covered = [(a, b) for a, b, _ in spans] + [(a, b) for a, b, _ in times] + closed
    if _other_words(line, covered) > MAX_OTHER_WORDS:
        return None
    if not spans:  # the hours of a day named on the line before
        stated = tuple(interval for _, _, interval in times)
        return _Line((), stated if stated else (() if closed else None), ())
    # Each day (or range) gets the hours between it and the next day; days listed together
    # ("Sat, Sun: closed", "Mon & Wed 9-5") share the hours after them; hours written first
    # ("9:00–17:00 Monday to Friday") go to the days after them.
    groups: list[tuple[tuple[int, ...], tuple[tuple[str, str], ...] | None]] = []
    for index, (_, end, days) in enumerate(spans):
        until = spans[index + 1][0] if index + 1 < len(spans) else len(line)
        own = tuple(interval for a, _, interval in times if end <= a < until)
        shut = any(end <= a < until for a, _ in closed)
        groups.append((days, own if own else (() if shut else None)))
    leading = tuple(interval for a, _, interval in times if a < spans[0][0])
    filled: list[tuple[tuple[int, ...], tuple[tuple[str, str], ...] | None]] = []
    carry = leading or None
    for days, own_hours in reversed(groups):
        if own_hours is None:
            own_hours = carry
        else:
            carry = own_hours
        filled.append((days, own_hours))
    filled.reverse()
    every_day = tuple(day for days, _ in filled for day in days)
    if all(hours is None for _, hours in filled):
        return _Line(every_day, None, ())
    if any(hours is None for _, hours in filled):
        return None
    complete = tuple((days, hours) for days, hours in filled if hours is not None)
    return _Line(every_day, complete[0][1], complete)


def _days(match: re.Match[str]) -> tuple[int, ...]:
    """The days a day or a day range names ("Mon–Fri": Monday to Friday)."""
    first = _day_index(match["first"])
    if match["last"] is None:
        return (first,)
    last = _day_index(match["last"])
    span = (last - first) % 7
    return tuple((first + step) % 7 for step in range(span + 1))


def _day_index(word: str) -> int:
    if word.rstrip(".") in _TWO_LETTER:
        return _TWO_LETTER[word.rstrip(".")]
    return _DAY_NAMES[word.casefold().rstrip(".")]


def _interval(match: re.Match[str]) -> tuple[str, str] | None:
    start = _clock(match["ah"], match["am"], match["aap"])
    end = _clock(match["bh"], match["bm"], match["bap"])
    if start is None or end is None:
        return None
    (sh, sm), (eh, em) = start, end
    start_marked = bool(match["aap"] and match["aap"][0].lower() in "ap")
    end_pm = bool(match["bap"] and match["bap"][0].lower() == "p")
    if end_pm and not start_marked and sh + 12 <= eh and sh < 12:
        sh += 12  # "1–4pm"
    if not match["aap"] and not match["bap"] and eh <= sh and eh < 12:
        eh += 12  # "9–5"
    if (eh, em) <= (sh, sm) and not (eh < sh):
        return None
    return f"{sh:02d}:{sm:02d}", f"{eh:02d}:{em:02d}"


def _clock(hour: str, minute: str | None, marker: str | None) -> tuple[int, int] | None:
    h, m = int(hour), int(minute or 0)
    mark = (marker or "").replace(".", "").replace(" ", "").lower()
    if mark == "pm" and h < 12:
        h += 12
    elif mark == "am" and h == 12:
        h = 0
    if h > 24 or (h == 24 and m):
        return None
    return h, m


def _other_words(line: str, covered: list[tuple[int, int]]) -> int:
    """How many words of ``line`` are neither days, hours nor filler."""
    kept = list(line)
    for start, end in covered:
        for index in range(start, min(end, len(kept))):
            kept[index] = " "
    rest = "".join(kept)
    rest = _NOON.sub(" ", _MIDNIGHT.sub(" ", rest))
    words = re.findall(r"[^\W\d_]+(?:\.[^\W\d_]+\.?)?", rest)
    return sum(1 for word in words if word.casefold() not in _FILLER)
