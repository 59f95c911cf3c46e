"""How values in a sensed state compare: numbers, text, dates and URLs.

A sensor is a language model: one run reports ``"price": 799``, the next ``"price": "799.00"``,
one writes ``"Delayed"``, the next ``"delayed "``. Rules, change detection and dedupe must see
through that noise and still notice real changes, so they share the normalizations here.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Mapping
from datetime import UTC, date, datetime
from typing import Any
from urllib.parse import urlsplit, urlunsplit

# A number as a sensor writes it in text: optional sign and currency symbol, thousands commas.
_NUMBER_TEXT = re.compile(
    r"^(?P<sign>[+-]?)\s*[$€£¥]?\s*(?P<digits>\d{1,3}(?:,\d{3})+|\d+)(?P<fraction>\.\d+)?$"
)
_DATE_FORMATS = ("%B %d, %Y", "%b %d, %Y", "%d %B %Y", "%d %b %Y", "%Y/%m/%d", "%B %d %Y")
_BOOL_TEXT = {"true": True, "false": False}
# Floats are compared at 12 significant digits so 0.1 + 0.2 and 0.3 are the same price.
_FLOAT_DIGITS = 12


def as_number(value: Any) -> int | float | None:
    """The number ``value`` denotes (``799``, ``"799.00"``, ``"$1,299"``), or None.

    Booleans are not numbers here: ``True == 1`` is an accident of Python, not of the world.
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return value
    if not isinstance(value, str):
        return None
    match = _NUMBER_TEXT.match(value.strip())
    if match is None:
        return None
    digits = match["digits"].replace(",", "")
    sign = -1 if match["sign"] == "-" else 1
    if match["fraction"]:
        return sign * float(digits + match["fraction"])
    return sign * int(digits)


def as_bool(value: Any) -> bool | None:
    """``value`` as a boolean when it is one (or the text ``"true"``/``"false"``), else None."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        return _BOOL_TEXT.get(value.strip().casefold())
    return None


def as_text(value: str) -> str:
    """Text folded for comparison: NFKC, case-folded, inner whitespace collapsed, stripped."""
    return " ".join(unicodedata.normalize("NFKC", value).casefold().split())


def as_datetime(value: Any) -> datetime | None:
    """The instant a date-like string denotes (ISO 8601 or a few English forms), in UTC.

    A bare date is midnight UTC; a naive time is taken as UTC. Non-dates give None.
    """
    if isinstance(value, datetime):
        return value.astimezone(UTC) if value.tzinfo else value.replace(tzinfo=UTC)
    if isinstance(value, date):
        return datetime(value.year, value.month, value.day, tzinfo=UTC)
    if not isinstance(value, str) or not any(c.isdigit() for c in value):
        return None
    text = value.strip()
    parsed: datetime | None = None
    # fromisoformat accepts "20250909" and other compact forms that are more often numbers.
    if len(text) >= 10 and text[4:5] == "-":
        try:
            parsed = datetime.fromisoformat(text)
        except ValueError:
            parsed = None
    if parsed is None:
        for fmt in _DATE_FORMATS:
            try:
                parsed = datetime.strptime(text, fmt)
                break
            except ValueError:
                continue
    if parsed is None:
        return None
    return parsed.astimezone(UTC) if parsed.tzinfo else parsed.replace(tzinfo=UTC)


def canonical(value: Any) -> Any:
    """A JSON-ready form of ``value`` in which formatting noise is gone.

    Numbers and numeric text become one number (``"799"``, ``799.0`` → ``799``), dates become
    ISO 8601 in UTC, other text is folded, ``"true"``/``"false"`` become booleans, mapping keys
    are folded, and lists are sorted because sensors reorder them freely between runs.
    """
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, str):
        number = as_number(value)
        if number is not None:
            return _canonical_number(number)
        flag = as_bool(value)
        if flag is not None:
            return flag
        instant = as_datetime(value)
        if instant is not None:
            return _canonical_instant(instant)
        return as_text(value)
    if isinstance(value, int | float):
        return _canonical_number(value)
    if isinstance(value, datetime | date):
        instant = as_datetime(value)
        return None if instant is None else _canonical_instant(instant)
    if isinstance(value, Mapping):
        return {as_text(str(key)): canonical(item) for key, item in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        items = [canonical(item) for item in value]
        return sorted(items, key=repr)
    return as_text(str(value))


def _canonical_number(number: int | float) -> int | float | str:
    if isinstance(number, int):
        return number
    if math.isnan(number) or math.isinf(number):
        return str(number)
    rounded = float(f"{number:.{_FLOAT_DIGITS}g}")
    return int(rounded) if rounded.is_integer() and abs(rounded) < 2**53 else rounded


def _canonical_instant(instant: datetime) -> str:
    if instant.time() == datetime.min.time():
        return instant.date().isoformat()
    return instant.isoformat()


def same_value(left: Any, right: Any) -> bool:
    """Whether two state values say the same thing.

    Unlike :func:`canonical`, two *strings* compare as text (or as dates when both are dates),
    so a version going from ``"2.1"`` to ``"2.10"`` is a change; a number and numeric text
    compare as numbers (``799 == "799.00"``).
    """
    if isinstance(left, str) and isinstance(right, str):
        left_instant, right_instant = as_datetime(left), as_datetime(right)
        if left_instant is not None and right_instant is not None:
            return left_instant == right_instant
        return as_text(left) == as_text(right)
    return bool(canonical(left) == canonical(right))


def order(left: Any, right: Any) -> int | None:
    """-1, 0 or 1 as ``left`` sorts before, with or after ``right``; None when incomparable.

    Numbers (and numeric text) order numerically, dates chronologically, other text
    alphabetically after folding. Anything else (a list, a bool, text against a number) has no
    order.
    """
    left_number, right_number = as_number(left), as_number(right)
    if left_number is not None and right_number is not None:
        return _sign(left_number - right_number)
    if isinstance(left, str) and isinstance(right, str):
        left_instant, right_instant = as_datetime(left), as_datetime(right)
        if left_instant is not None and right_instant is not None:
            return _sign((left_instant - right_instant).total_seconds())
        left_text, right_text = as_text(left), as_text(right)
        return (left_text > right_text) - (left_text < right_text)
    return None


def _sign(difference: float) -> int:
    return (difference > 0) - (difference < 0)


def canonical_url(url: str) -> str:
    """``url`` with its scheme and host lower-cased, default port, fragment and trailing ``/``
    dropped, so the same page fetched twice has one key."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return url.strip()
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").lower()
    default_port = {"http": 80, "https": 443}.get(scheme)
    netloc = host if port is None or port == default_port else f"{host}:{port}"
    if parts.username:
        netloc = f"{parts.username}@{netloc}"
    path = parts.path.rstrip("/") if parts.path not in ("", "/") else ""
    return urlunsplit((scheme, netloc, path, parts.query, ""))


def url_domain(url: str) -> str:
    """The host of ``url`` without a leading ``www.``; the URL itself when it has no host."""
    try:
        host = urlsplit(url.strip()).hostname or ""
    except ValueError:
        host = ""
    host = host.lower()
    return host.removeprefix("www.") or url.strip()
