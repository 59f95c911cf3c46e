"""Google Programmable Search Engine (Custom Search JSON API).

Request: ``GET /customsearch/v1?key=&cx=&q=&num=&dateRestrict=`` (``num`` is 1..10;
``dateRestrict`` uses the same d/w/m/y grammar as ``SearchInput.freshness``). Response:
``{"kind": "customsearch#search", "searchInformation": {...}, "items": [{"title", "link",
"snippet", "displayLink", "pagemap": {"metatags": [{...}]}}]}``; ``items`` is absent when
nothing matched. Errors: ``{"error": {"code", "message", "status", "errors": [{"reason"}],
"details": [{"reason"}]}}``; an invalid key is a 400 INVALID_ARGUMENT (API_KEY_INVALID).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any, ClassVar

import httpx

from sentinel.errors import ConfigError
from sentinel.web.dates import parse_datetime
from sentinel.web.errors import SearchAuthError, SearchProviderError
from sentinel.web.search.base import SearchHit, SearchInput
from sentinel.web.search.remote import HitFields, RemoteSearchProvider

# Where publishers put the publication date among the page's meta tags, most specific first.
_DATE_METATAGS = (
    "article:published_time",
    "og:article:published_time",
    "datepublished",
    "date",
    "dc.date",
    "pubdate",
    "article:modified_time",
)
_AUTH_REASONS = frozenset({"API_KEY_INVALID", "keyInvalid", "keyExpired", "API_KEY_EXPIRED"})
_RATE_REASONS = frozenset({"rateLimitExceeded", "userRateLimitExceeded", "RATE_LIMIT_EXCEEDED"})
_QUOTA_REASONS = frozenset({"dailyLimitExceeded", "quotaExceeded"})


def _published(row: Mapping[str, Any]) -> datetime | None:
    """The first date among the row's pagemap metatags (Google has no date field)."""
    pagemap = row.get("pagemap")
    metatags = pagemap.get("metatags") if isinstance(pagemap, dict) else None
    if not isinstance(metatags, list):
        return None
    for tags in metatags:
        if not isinstance(tags, dict):
            continue
        for key in _DATE_METATAGS:
            moment = parse_datetime(tags.get(key))
            if moment is not None:
                return moment
    return None


class GoogleCustomSearch(RemoteSearchProvider):
    """Web search through Google's Custom Search JSON API (provider name ``google_cse``)."""

    name = "google_cse"
    default_base_url: ClassVar[str] = "https://www.googleapis.com"
    fields: ClassVar[HitFields] = HitFields(url="link", snippet="snippet", published=_published)
    default_rate: ClassVar[float | None] = 1.0

    def __init__(
        self, *, api_key: str | None = None, engine_id: str | None = None, **options: Any
    ) -> None:
        if not api_key:
            raise ConfigError("google_cse search needs an API key (GOOGLE_SEARCH_API_KEY)")
        if not engine_id:
            raise ConfigError("google_cse search needs a search engine id, cx")
        super().__init__(api_key=api_key, **options)
        self.engine_id = engine_id

    async def search(self, query: SearchInput) -> list[SearchHit]:
        """Search with the configured engine; ``dateRestrict`` carries the freshness."""
        assert self.api_key is not None
        params: dict[str, str | int] = {
            "key": self.api_key,
            "cx": self.engine_id,
            "q": query.query,
            "num": query.num_results,
        }
        if query.freshness is not None:
            params["dateRestrict"] = query.freshness
        payload = await self._call("GET", "/customsearch/v1", params=params)
        return self.hits(self.parse(payload), query)

    def parse(self, payload: Any) -> list[SearchHit]:
        """Map a customsearch response to hits; entries without a title or link are skipped."""
        payload = self.json_object(payload)
        items = payload.get("items")
        if items is None:
            if "searchInformation" in payload or payload.get("kind") == "customsearch#search":
                return []
            raise self.malformed("neither 'items' nor 'searchInformation'", payload)
        if not isinstance(items, list):
            raise self.malformed("'items' is not a list", payload)
        return self.rows_to_hits(items)

    def error_detail(self, payload: Any) -> str:
        """Google's message is ``error.message``."""
        error = payload.get("error") if isinstance(payload, dict) else None
        return str(error.get("message") or "") if isinstance(error, dict) else ""

    def classify(
        self, status: int, detail: str, response: httpx.Response
    ) -> SearchProviderError | None:
        """Read the error reasons: a bad key arrives as a 400, quotas as 403 or 429."""
        try:
            reasons = _reasons(response.json())
        except ValueError:
            reasons = set()
        if reasons & _AUTH_REASONS:
            return SearchAuthError(
                self.name, f"API key rejected (HTTP {status}): {detail}", status=status
            )
        if reasons & _QUOTA_REASONS:
            return SearchProviderError(
                self.name, f"daily quota exhausted (HTTP {status}): {detail}", status=status
            )
        if status == 403 and reasons & _RATE_REASONS:
            return SearchProviderError(
                self.name, f"rate limited (HTTP 403): {detail}", status=status, retryable=True
            )
        return None


def _reasons(payload: Any) -> set[str]:
    error = payload.get("error") if isinstance(payload, dict) else None
    if not isinstance(error, dict):
        return set()
    found: set[str] = set()
    for key in ("errors", "details"):
        entries = error.get(key)
        if isinstance(entries, list):
            found.update(str(e["reason"]) for e in entries if isinstance(e, dict) and "reason" in e)
    return found
