"""The search interface every provider implements: input, hit, and the provider protocol."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field, field_validator

MAX_QUERY_CHARS = 400

# Google's dateRestrict grammar (d7, w2, m6, y1); the other providers are mapped from it.
_FRESHNESS = re.compile(r"^(?P<unit>[dwmy])(?P<count>\d{1,4})$")
_UNIT_DAYS = {"d": 1, "w": 7, "m": 30, "y": 365}


class SearchInput(BaseModel):
    """Arguments of one web search: the query, how many hits, and an optional time window."""

    model_config = ConfigDict(frozen=True)

    query: str = Field(
        min_length=1, max_length=MAX_QUERY_CHARS, description="Well-formed search query."
    )
    num_results: int = Field(default=5, ge=1, le=10, description="Number of search hits to fetch.")
    freshness: str | None = Field(
        default=None,
        description="Optional time filter: d|w|m|y followed by a count, e.g. 'd7' for 7 days.",
    )

    @field_validator("query", mode="before")
    @classmethod
    def _strip_query(cls, value: object) -> object:
        # Collapse inner whitespace too: newlines from a model's output are never meaningful here.
        return " ".join(value.split()) if isinstance(value, str) else value

    @field_validator("freshness", mode="before")
    @classmethod
    def _normalize_freshness(cls, value: object) -> object:
        if value is None or not isinstance(value, str):
            return value
        text = value.strip().lower()
        if not text:
            return None
        match = _FRESHNESS.match(text)
        if match is None or int(match["count"]) == 0:
            raise ValueError(f"freshness {value!r} must be d|w|m|y followed by a positive count")
        return text

    def window(self) -> tuple[str, int] | None:
        """The freshness as ``(unit, count)``, e.g. ``("d", 7)``, or None without a filter."""
        if self.freshness is None:
            return None
        match = _FRESHNESS.match(self.freshness)
        assert match is not None  # the validator guarantees the grammar
        return match["unit"], int(match["count"])

    def max_age(self) -> timedelta | None:
        """The freshness window as a duration (a month counts 30 days, a year 365)."""
        window = self.window()
        if window is None:
            return None
        unit, count = window
        return timedelta(days=_UNIT_DAYS[unit] * count)

    def since(self, now: datetime) -> datetime | None:
        """The earliest publication time a hit may have, seen from ``now``; None if unfiltered."""
        age = self.max_age()
        if age is None:
            return None
        if now.tzinfo is None:
            now = now.replace(tzinfo=UTC)
        return now - age


class SearchHit(BaseModel):
    """One normalized search result, whatever provider produced it."""

    title: str
    url: str
    snippet: str
    published: datetime | None = None
    provider: str
    score: float | None = None


@runtime_checkable
class SearchProvider(Protocol):
    """A web search backend. Implementations raise ``ProviderError`` when the backend fails."""

    name: str

    async def search(self, query: SearchInput) -> list[SearchHit]:
        """Run one search and return at most ``query.num_results`` hits, best first."""
        ...
