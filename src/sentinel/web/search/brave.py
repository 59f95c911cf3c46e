"""Brave Search API (web search endpoint).

Request: ``GET /res/v1/web/search?q=&count=&freshness=`` with the ``X-Subscription-Token``
header. Response: ``{"type": "search", "web": {"type": "search", "results": [{"title", "url",
"description", "page_age", "age", ...}]}, "query": {...}}``; ``web`` is absent when nothing
matched. Errors: ``{"type": "ErrorResponse", "error": {"code", "detail", "status", ...}}``; an
invalid token is a 422 with code ``SUBSCRIPTION_TOKEN_INVALID``, not a 401.
"""

from __future__ import annotations

from typing import Any, ClassVar

import httpx

from sentinel.errors import ConfigError
from sentinel.web.errors import SearchAuthError, SearchProviderError
from sentinel.web.search.base import SearchHit, SearchInput
from sentinel.web.search.remote import HitFields, RemoteSearchProvider

_PRESETS = {("d", 1): "pd", ("w", 1): "pw", ("d", 7): "pw", ("m", 1): "pm", ("y", 1): "py"}
_AUTH_CODES = frozenset({"SUBSCRIPTION_TOKEN_INVALID", "SUBSCRIPTION_TOKEN_MISSING"})


class BraveSearch(RemoteSearchProvider):
    """Web search through the Brave Search API (provider name ``brave``)."""

    name = "brave"
    default_base_url: ClassVar[str] = "https://api.search.brave.com"
    fields: ClassVar[HitFields] = HitFields(snippet="description", published="page_age")
    # The free plan allows one query per second.
    default_rate: ClassVar[float | None] = 1.0

    def __init__(self, *, api_key: str | None = None, **options: Any) -> None:
        if not api_key:
            raise ConfigError("brave search needs an API key (X-Subscription-Token)")
        super().__init__(api_key=api_key, **options)

    def freshness(self, query: SearchInput) -> str | None:
        """Brave's ``freshness``: a preset (pd, pw, pm, py) or an explicit date range."""
        window = query.window()
        if window is None:
            return None
        preset = _PRESETS.get(window)
        if preset is not None:
            return preset
        now = self._clock()
        since = query.since(now)
        assert since is not None
        return f"{since.date().isoformat()}to{now.date().isoformat()}"

    async def search(self, query: SearchInput) -> list[SearchHit]:
        """Search the web; hits carry ``page_age`` as their publication date when Brave has one."""
        params: dict[str, str | int] = {
            "q": query.query,
            "count": query.num_results,
            "text_decorations": "false",
        }
        freshness = self.freshness(query)
        if freshness is not None:
            params["freshness"] = freshness
        assert self.api_key is not None
        payload = await self._call(
            "GET",
            "/res/v1/web/search",
            params=params,
            headers={"X-Subscription-Token": self.api_key, "Accept": "application/json"},
        )
        return self.hits(self.parse(payload), query)

    def parse(self, payload: Any) -> list[SearchHit]:
        """Map a web search response to hits; entries without a title or URL are skipped."""
        payload = self.json_object(payload)
        web = payload.get("web")
        if web is None:
            if payload.get("type") == "search":
                return []
            raise self.malformed("no 'web' section and not a search response", payload)
        results = web.get("results") if isinstance(web, dict) else None
        if not isinstance(results, list):
            raise self.malformed("'web.results' is not a list", payload)
        return self.rows_to_hits(results)

    def error_detail(self, payload: Any) -> str:
        """Brave puts the message in ``error.detail`` (older answers: ``errors[0].detail``)."""
        error = _first_error(payload)
        return str(error.get("detail") or error.get("code") or "") if error else ""

    def classify(
        self, status: int, detail: str, response: httpx.Response
    ) -> SearchProviderError | None:
        """Brave reports a bad or missing token as a 422 whose code names it."""
        try:
            error = _first_error(response.json())
        except ValueError:
            error = None
        code = str(error.get("code", "")) if error else ""
        if code in _AUTH_CODES:
            return SearchAuthError(
                self.name, f"subscription token rejected ({code}): {detail}", status=status
            )
        return None


def _first_error(payload: Any) -> dict[str, Any] | None:
    if not isinstance(payload, dict):
        return None
    error = payload.get("error")
    if isinstance(error, dict):
        return error
    errors = payload.get("errors")
    if isinstance(errors, list) and errors and isinstance(errors[0], dict):
        return errors[0]
    return None
