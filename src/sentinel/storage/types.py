"""Column types that behave the same on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, overload

from sqlalchemy import JSON, DateTime, Dialect
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.types import TypeDecorator, TypeEngine

from sentinel.errors import InvalidInput


@overload
def as_utc(value: datetime) -> datetime: ...
@overload
def as_utc(value: None) -> None: ...
def as_utc(value: datetime | None) -> datetime | None:
    """The same instant in UTC (values read back from the database already are)."""
    return value.astimezone(UTC) if value is not None else None


class UTCDateTime(TypeDecorator[datetime]):
    """An aware UTC datetime in, an aware UTC datetime out, on every backend.

    SQLite has no time zones: SQLAlchemy would silently drop the offset of an aware value, so
    values are normalised to UTC first. Naive datetimes are refused because guessing their zone
    is how schedules drift by hours.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        """Normalise to UTC; strip the zone only where the backend cannot store it."""
        if value is None:
            return None
        if value.tzinfo is None or value.utcoffset() is None:
            raise InvalidInput("datetime", value, "must be timezone-aware (use UTC)")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        """Attach UTC to what SQLite returns naive; convert PostgreSQL's value to UTC."""
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


# JSONB on PostgreSQL so that stored states can be indexed and compared in SQL; Python None
# is SQL NULL (not the JSON literal null) so "IS NULL" means "absent" on both backends.
JSONDocument: TypeEngine[Any] = JSON(none_as_null=True).with_variant(
    JSONB(none_as_null=True), "postgresql"
)
