"""Tavily: the request body, bearer auth, response mapping and its error statuses."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import httpx
import pytest

from sentinel.errors import ConfigError
from sentinel.web.errors import SearchAuthError, SearchProviderError
from sentinel.web.search.base import SearchInput
from sentinel.web.search.tavily import TavilySearch
from tests.web.conftest import fixture_json

NOW = datetime(2025, 8, 4, 12, 0, tzinfo=UTC)


def provider(handler, **kw: object) -> TavilySearch:
    options: dict[str, object] = {
        "api_key": "tvly-key",
        "transport": httpx.MockTransport(handler),
        "clock": lambda: NOW,
        "rate_limit": None,
    }
    options.update(kw)
    return TavilySearch(**options)  # type: ignore[arg-type]


def recorded(requests: list[httpx.Request], payload: object, status: int = 200):
    def handler(request: httpx.Request) -> httpx.Response:
        requests.append(request)
        return httpx.Response(status, json=payload)

    return handler


async def test_request_is_a_json_post_with_bearer_auth() -> None:
    seen: list[httpx.Request] = []
    async with provider(recorded(seen, fixture_json("tavily_search.json"))) as tavily:
        await tavily.search(SearchInput(query="eu ai act", num_results=4))
    (request,) = seen
    assert request.method == "POST"
    assert str(request.url) == "https://api.tavily.com/search"
    assert request.headers["Authorization"] == "Bearer tvly-key"
    body = json.loads(request.content)
    assert body["query"] == "eu ai act"
    assert body["max_results"] == 4
    assert body["search_depth"] == "basic"
    assert body["topic"] == "general"
    assert "time_range" not in body
    assert "api_key" not in body  # the key travels only in the header


@pytest.mark.parametrize(
    ("freshness", "field", "value"),
    [
        ("d1", "time_range", "day"),
        ("d7", "time_range", "week"),
        ("m1", "time_range", "month"),
        ("y1", "time_range", "year"),
        ("d3", "start_date", "2025-08-01"),
    ],
)
async def test_freshness_becomes_time_range_or_start_date(
    freshness: str, field: str, value: str
) -> None:
    seen: list[httpx.Request] = []
    async with provider(recorded(seen, {"results": []})) as tavily:
        await tavily.search(SearchInput(query="q", freshness=freshness))
    assert json.loads(seen[0].content)[field] == value


async def test_results_keep_score_and_rfc2822_published_date() -> None:
    async with provider(recorded([], fixture_json("tavily_search.json"))) as tavily:
        hits = await tavily.search(SearchInput(query="q", num_results=10))
    assert [h.url for h in hits] == [
        "https://digital-strategy.ec.europa.eu/en/policies/ai-act-gpai",
        "https://news.example.org/2025/08/code-of-practice",
    ]
    assert hits[0].score == pytest.approx(0.91245)
    assert hits[0].published is None
    assert hits[1].published == datetime(2025, 8, 2, 14, 5, 11, tzinfo=UTC)


async def test_empty_results_are_no_hits() -> None:
    payload = {"query": "q", "results": [], "response_time": "0.4"}
    async with provider(recorded([], payload)) as tavily:
        assert await tavily.search(SearchInput(query="q")) == []


async def test_non_numeric_score_is_dropped_not_fatal() -> None:
    payload = {"results": [{"url": "https://a.example/", "title": "A", "score": "high"}]}
    async with provider(recorded([], payload)) as tavily:
        (hit,) = await tavily.search(SearchInput(query="q"))
    assert hit.score is None


async def test_unauthorized_message_comes_from_detail_error() -> None:
    payload = fixture_json("tavily_error_unauthorized.json")
    async with provider(recorded([], payload, status=401)) as tavily:
        with pytest.raises(SearchAuthError, match="missing or invalid API key"):
            await tavily.search(SearchInput(query="q"))


@pytest.mark.parametrize("status", [432, 433])
async def test_plan_limit_statuses_are_not_retried(status: int) -> None:
    seen: list[httpx.Request] = []
    payload = {"detail": {"error": "This request exceeds your plan's set usage limit."}}
    async with provider(recorded(seen, payload, status=status)) as tavily:
        with pytest.raises(SearchProviderError, match="usage limit") as caught:
            await tavily.search(SearchInput(query="q"))
    assert caught.value.retryable is False
    assert len(seen) == 1


async def test_string_detail_is_used_as_the_message() -> None:
    async with provider(recorded([], {"detail": "Query is too long."}, status=400)) as tavily:
        with pytest.raises(SearchProviderError, match="Query is too long"):
            await tavily.search(SearchInput(query="q"))


def test_missing_api_key_is_a_configuration_error() -> None:
    with pytest.raises(ConfigError):
        TavilySearch()
