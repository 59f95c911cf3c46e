"""Parsing the date formats web pages and search APIs use into aware UTC datetimes."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime
from email.utils import parsedate_to_datetime

_ZULU = re.compile(r"[zZ]$")
_COMPACT_OFFSET = re.compile(r"([+-]\d{2})(\d{2})$")


def as_utc(moment: datetime) -> datetime:
    """``moment`` in UTC; a naive datetime is taken to be UTC already."""
    if moment.tzinfo is None:
        return moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC)


def parse_datetime(value: object) -> datetime | None:
    """A datetime from ISO 8601, RFC 2822 or a bare date; None for anything unparseable.

    Accepts what providers actually send: ``2024-01-15``, ``2024-01-15T08:00:00Z``,
    ``2024-01-15 08:00:00``, ``2024-01-15T08:00:00+0200`` and ``Mon, 15 Jan 2024 08:00:00 GMT``.
    """
    if isinstance(value, datetime):
        return as_utc(value)
    if isinstance(value, date):
        return datetime(value.year, value.month, value.day, tzinfo=UTC)
    if not isinstance(value, str):
        return None
    text = value.strip()
    if not text or len(text) > 64:
        return None
    iso = _COMPACT_OFFSET.sub(r"\1:\2", _ZULU.sub("+00:00", text)) if "T" in text else text
    try:
        return as_utc(datetime.fromisoformat(iso))
    except ValueError:
        pass
    try:
        return as_utc(parsedate_to_datetime(text))
    except (TypeError, ValueError, IndexError):
        return None
