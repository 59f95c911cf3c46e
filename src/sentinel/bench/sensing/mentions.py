"""Whether a notification states a value a case names, whatever way it is written.

The bench's own reading, independent of Sentinel's (``sentinel.text``), so a value Sentinel
misparses cannot agree with itself. A mention is one of:

- an **amount**, ``399.99`` or ``1299`` (digits, optionally a dot and two decimals): found
  when a number in the text has that value, written ``£399.99``, ``399,99 €``, ``1.299,00``,
  ``1,299``, ``1 299,00`` or ``CHF 1’299.–``;
- a **date**, ``2026-06-10``: found as ISO, ``10 June 2026``, ``June 10``, ``10 juin``,
  ``10. Juni``, ``10 de junio``, ``Jun 10``, the first day of ``10–12 June`` or ``du 10 au
  12 juin`` (month names in en/fr/de/es, full or abbreviated)
  or ``10/06/2026``, ``10.06.2026``, ``06/10/2026``, ``6/10``;
- a **time**, ``08:40``: found as ``8:40``, ``08.40``, ``8h40``, ``8:40 am`` (``20:40``
  also as ``8:40 pm``);
- anything else (a version, a name): found case-insensitively, not inside a longer word or
  number (``3.0.0`` is found in ``v3.0.0``, not in ``13.0.0`` nor in ``3.0.0.1``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["amounts_in", "mention_found", "missing_mentions"]

_AMOUNT = re.compile(r"^\d+(\.\d{2})?$")
_DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")
_TIME = re.compile(r"^(\d{2}):(\d{2})$")
# Numbers as prose writes them: digit groups joined by a separator, an optional decimal part.
# Three readings, since "20 399.99" may be one number or two.
_NUMBERS = (
    re.compile(r"\d{1,3}(?:[.,'’\u00a0\u202f ]\d{3})+(?:[.,]\d{1,2})?"),
    re.compile(r"\d{1,3}(?:[.,'’]\d{3})+(?:[.,]\d{1,2})?"),
    re.compile(r"\d+(?:[.,]\d{1,2})?"),
)

MONTHS: dict[int, tuple[str, ...]] = {
    1: ("january", "jan", "janvier", "janv", "januar", "jän", "enero", "ene"),
    2: ("february", "feb", "février", "fevrier", "févr", "fév", "februar", "febrero"),
    3: ("march", "mar", "mars", "märz", "marz", "mrz", "marzo"),
    4: ("april", "apr", "avril", "avr", "abril", "abr"),
    5: ("may", "mai", "mayo", "may"),
    6: ("june", "jun", "juin", "juni", "junio"),
    7: ("july", "jul", "juillet", "juil", "juli", "julio"),
    8: ("august", "aug", "août", "aout", "agosto", "ago"),
    9: ("september", "sep", "sept", "septembre", "septiembre", "set"),
    10: ("october", "oct", "octobre", "oktober", "okt", "octubre"),
    11: ("november", "nov", "novembre", "noviembre"),
    12: ("december", "dec", "décembre", "decembre", "déc", "dezember", "dez", "diciembre", "dic"),
}


def missing_mentions(mentions: Iterable[str], text: str) -> list[str]:
    """The mentions ``text`` does not state (see the module documentation)."""
    return [mention for mention in mentions if not mention_found(mention, text)]


def mention_found(mention: str, text: str) -> bool:
    """Whether ``text`` states ``mention`` (see the module documentation)."""
    if _AMOUNT.match(mention):
        return float(mention) in amounts_in(text)
    if date := _DATE.match(mention):
        return _date_found(int(date[1]), int(date[2]), int(date[3]), text)
    if time := _TIME.match(mention):
        return _time_found(int(time[1]), int(time[2]), text)
    # A version may follow a "v" (v3.0.0), a word may not follow a letter.
    left = r"(?<![\d.])" if mention[:1].isdigit() else r"(?<!\w)"
    pattern = left + re.escape(mention.casefold()) + r"(?!\w|\.\d)"
    return re.search(pattern, text.casefold()) is not None


def amounts_in(text: str) -> set[float]:
    """Every value a number in ``text`` can have, read with a decimal point or comma and
    either thousands separator (``1.299`` is both 1.299 and 1299)."""
    values: set[float] = set()
    for numbers in _NUMBERS:
        for match in numbers.finditer(text):
            values.update(_readings(match.group()))
    return values


def _readings(number: str) -> set[float]:
    readings: set[float] = set()
    decimal = re.search(r"[.,](\d{1,2})$", number)
    if decimal:  # the last separator, followed by one or two digits, can only be a decimal
        whole = re.sub(r"\D", "", number[: decimal.start()])
        readings.add(float(f"{whole or 0}.{decimal[1]}"))
        return readings
    readings.add(float(re.sub(r"\D", "", number)))
    if re.fullmatch(r"\d{1,3}[.,]\d{3}", number):  # 1.299 / 1,299: a decimal part too
        readings.add(float(number.replace(",", ".")))
    return readings


def _date_found(year: int, month: int, day: int, text: str) -> bool:
    folded = text.casefold()
    if f"{year:04d}-{month:02d}-{day:02d}" in folded:
        return True
    names = "|".join(re.escape(name) for name in sorted(MONTHS[month], key=len, reverse=True))
    d = rf"0?{day}"
    spelled = (
        rf"(?<!\d){d}(?:st|nd|rd|th|er|\.|º)?\s+(?:de\s+)?(?:{names})\b",
        # the first day of a range: "27–29 May", "du 12 au 16 mai", "del 8 al 10 de junio"
        rf"(?<!\d){d}\.?\s*(?:-|–|—|to|au|bis|al|and|et|und|y)\s*\d{{1,2}}\.?\s+(?:de\s+)?(?:{names})\b",
        rf"\b(?:{names})\.?\s+{d}(?:st|nd|rd|th)?(?!\d)",
        rf"(?<!\d){d}[./-]0?{month}(?:[./-](?:{year}|{year % 100:02d}))?(?!\d)",
        rf"(?<!\d)0?{month}/{d}(?:/(?:{year}|{year % 100:02d}))?(?![\d/])",
    )
    return any(re.search(pattern, folded) for pattern in spelled)


def _time_found(hour: int, minute: int, text: str) -> bool:
    folded = text.casefold()
    clock = rf"(?<!\d)0?{hour}\s?[:.h]\s?{minute:02d}(?!\d)"
    if re.search(clock, folded):
        return True
    if hour == 0 or hour > 12:
        twelve, half = (12 if hour == 0 else hour - 12), "p" if hour >= 12 else "a"
    else:
        twelve, half = hour, "p" if hour == 12 else "a"
    pattern = rf"(?<!\d){twelve}[:.]{minute:02d}\s?{half}\.?m"
    return re.search(pattern, folded) is not None
