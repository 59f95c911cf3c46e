"""Tavily Search API.

Request: ``POST /search`` with ``Authorization: Bearer <key>`` and a JSON body ``{"query",
"max_results", "search_depth", "topic", "time_range" | "start_date", ...}``. Response:
``{"query", "answer", "images", "results": [{"title", "url", "content", "score",
"raw_content", "published_date"?}], "response_time", "request_id"}``. Errors carry
``{"detail": {"error": "..."}}``: 401 bad key, 429 rate limit, 432/433 plan or pay-as-you-go
limit exceeded (not worth retrying), 400 bad request.
"""

from __future__ import annotations

from typing import Any, ClassVar

import httpx

from sentinel.errors import ConfigError
from sentinel.web.errors import SearchProviderError
from sentinel.web.search.base import SearchHit, SearchInput
from sentinel.web.search.remote import HitFields, RemoteSearchProvider

_RANGES = {("d", 1): "day", ("w", 1): "week", ("d", 7): "week", ("m", 1): "month", ("y", 1): "year"}
_QUOTA_STATUSES = frozenset({432, 433})


class TavilySearch(RemoteSearchProvider):
    """Web search through the Tavily API (provider name ``tavily``)."""

    name = "tavily"
    default_base_url: ClassVar[str] = "https://api.tavily.com"
    fields: ClassVar[HitFields] = HitFields(published="published_date", score="score")
    default_rate: ClassVar[float | None] = 1.5

    def __init__(
        self,
        *,
        api_key: str | None = None,
        search_depth: str = "basic",
        topic: str = "general",
        **options: Any,
    ) -> None:
        if not api_key:
            raise ConfigError("tavily search needs an API key")
        super().__init__(api_key=api_key, **options)
        self.search_depth = search_depth
        self.topic = topic

    def request_body(self, query: SearchInput) -> dict[str, Any]:
        """The JSON body for one search, with the freshness as ``time_range`` or ``start_date``."""
        body: dict[str, Any] = {
            "query": query.query,
            "max_results": query.num_results,
            "search_depth": self.search_depth,
            "topic": self.topic,
            "include_answer": False,
            "include_raw_content": False,
        }
        window = query.window()
        if window is not None:
            preset = _RANGES.get(window)
            if preset is not None:
                body["time_range"] = preset
            else:
                since = query.since(self._clock())
                assert since is not None
                body["start_date"] = since.date().isoformat()
        return body

    async def search(self, query: SearchInput) -> list[SearchHit]:
        """Search the web; Tavily's relevance score is kept on each hit."""
        payload = await self._call(
            "POST",
            "/search",
            body=self.request_body(query),
            headers={"Authorization": f"Bearer {self.api_key}"},
        )
        return self.hits(self.parse(payload), query)

    def error_detail(self, payload: Any) -> str:
        """Tavily nests the message as ``detail.error`` (sometimes ``detail`` is a string)."""
        if not isinstance(payload, dict):
            return ""
        detail = payload.get("detail")
        if isinstance(detail, dict):
            return str(detail.get("error") or "")
        return detail if isinstance(detail, str) else ""

    def classify(
        self, status: int, detail: str, response: httpx.Response
    ) -> SearchProviderError | None:
        """432 and 433 are exhausted plan limits: retrying in seconds cannot help."""
        if status in _QUOTA_STATUSES:
            return SearchProviderError(
                self.name,
                f"usage limit of the plan exceeded (HTTP {status}): {detail}",
                status=status,
            )
        return None
