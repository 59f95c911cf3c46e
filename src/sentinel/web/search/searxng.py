"""SearXNG, the self-hosted metasearch engine, through its JSON output.

Request: ``GET /search?q=&format=json&pageno=1[&time_range=day|week|month|year]`` on the
instance (JSON must be enabled in ``search.formats`` of its settings.yml, else it answers 403).
Response: ``{"query", "number_of_results", "results": [{"url", "title", "content", "engine",
"engines", "score", "publishedDate" (ISO 8601 or null), "category", ...}], "answers",
"corrections", "infoboxes", "suggestions", "unresponsive_engines"}``.
"""

from __future__ import annotations

from typing import Any, ClassVar

import httpx

from sentinel.errors import ConfigError
from sentinel.web.errors import SearchProviderError
from sentinel.web.search.base import SearchHit, SearchInput
from sentinel.web.search.remote import HitFields, RemoteSearchProvider

# SearXNG knows four ranges; pick the smallest that covers the window, then filter by date.
_RANGES = (("day", 1), ("week", 7), ("month", 31), ("year", 366))


def time_range(query: SearchInput) -> str | None:
    """The narrowest SearXNG ``time_range`` covering the query's freshness window."""
    age = query.max_age()
    if age is None:
        return None
    for name, days in _RANGES:
        if age.days <= days:
            return name
    # Older than a year: no SearXNG range is wide enough, so search without one.
    return None


class SearxngSearch(RemoteSearchProvider):
    """Metasearch through a SearXNG instance (provider name ``searxng``).

    SearXNG has no API keys; an ``api_key``, if given, is sent as a bearer token for
    instances behind an authenticating proxy.
    """

    name = "searxng"
    default_base_url: ClassVar[str] = ""
    fields: ClassVar[HitFields] = HitFields(published="publishedDate", score="score")
    default_rate: ClassVar[float | None] = 2.0

    def __init__(self, *, base_url: str | None = None, **options: Any) -> None:
        if not base_url:
            raise ConfigError("searxng search needs the instance URL (base_url)")
        super().__init__(base_url=base_url, **options)

    async def search(self, query: SearchInput) -> list[SearchHit]:
        """Search the first results page; SearXNG's merged score is kept on each hit."""
        params: dict[str, str | int] = {"q": query.query, "format": "json", "pageno": 1}
        window = time_range(query)
        if window is not None:
            params["time_range"] = window
        headers = {"Accept": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        payload = await self._call("GET", "/search", params=params, headers=headers)
        return self.hits(self.parse(payload), query)

    def error_detail(self, payload: Any) -> str:
        """SearXNG's JSON errors are ``{"error": "..."}``."""
        if isinstance(payload, dict) and isinstance(payload.get("error"), str):
            return str(payload["error"])
        return ""

    def classify(
        self, status: int, detail: str, response: httpx.Response
    ) -> SearchProviderError | None:
        """A 403 from SearXNG means JSON output is switched off, not a credentials problem."""
        if status == 403 and not self.api_key:
            return SearchProviderError(
                self.name,
                "the instance refuses format=json (HTTP 403): enable 'json' in search.formats "
                "of its settings.yml",
                status=status,
            )
        return None
