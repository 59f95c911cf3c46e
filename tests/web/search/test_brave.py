"""Brave Search: request mapping and the faithful reading of its response and error shapes."""

from __future__ import annotations

from datetime import UTC, datetime

import httpx
import pytest

from sentinel.errors import ConfigError
from sentinel.web.errors import SearchAuthError, SearchProviderError
from sentinel.web.search.base import SearchInput
from sentinel.web.search.brave import BraveSearch
from tests.web.conftest import fixture_json

NOW = datetime(2025, 8, 4, 12, 0, tzinfo=UTC)


def provider(handler, **kw: object) -> BraveSearch:
    options: dict[str, object] = {
        "api_key": "brave-key",
        "transport": httpx.MockTransport(handler),
        "clock": lambda: NOW,
        "rate_limit": None,
    }
    options.update(kw)
    return BraveSearch(**options)  # type: ignore[arg-type]


def recorded(requests: list[httpx.Request], payload: object, status: int = 200):
    def handler(request: httpx.Request) -> httpx.Response:
        requests.append(request)
        return httpx.Response(status, json=payload)

    return handler


async def test_request_carries_token_query_and_count() -> None:
    seen: list[httpx.Request] = []
    async with provider(recorded(seen, fixture_json("brave_web_search.json"))) as brave:
        await brave.search(SearchInput(query="eu ai act", num_results=3))
    (request,) = seen
    assert request.url.host == "api.search.brave.com"
    assert request.url.path == "/res/v1/web/search"
    assert request.headers["X-Subscription-Token"] == "brave-key"
    assert request.url.params["q"] == "eu ai act"
    assert request.url.params["count"] == "3"
    assert request.url.params["text_decorations"] == "false"
    assert "freshness" not in request.url.params


@pytest.mark.parametrize(
    ("freshness", "expected"),
    [
        ("d1", "pd"),
        ("d7", "pw"),
        ("w1", "pw"),
        ("m1", "pm"),
        ("y1", "py"),
        ("d3", "2025-08-01to2025-08-04"),
        ("m6", "2025-02-05to2025-08-04"),
    ],
)
async def test_freshness_maps_to_presets_or_a_date_range(freshness: str, expected: str) -> None:
    seen: list[httpx.Request] = []
    async with provider(recorded(seen, fixture_json("brave_no_web_section.json"))) as brave:
        await brave.search(SearchInput(query="q", freshness=freshness))
    assert seen[0].url.params["freshness"] == expected


async def test_results_are_mapped_deduplicated_and_stripped_of_markup() -> None:
    async with provider(recorded([], fixture_json("brave_web_search.json"))) as brave:
        hits = await brave.search(SearchInput(query="eu ai act", num_results=10))
    assert [h.url for h in hits] == [
        "https://digital-strategy.ec.europa.eu/en/policies/ai-act-gpai",
        "https://news.example.org/2025/08/code-of-practice",
        "https://artificialintelligenceact.eu/",
    ]
    first = hits[0]
    assert first.snippet.startswith("Providers of general-purpose AI models")
    assert "model evaluations, including adversarial testing & red-teaming" in first.snippet
    assert first.published == datetime(2025, 7, 18, 9, 30, tzinfo=UTC)
    assert hits[1].published == datetime(2025, 8, 2, 14, 5, 11, tzinfo=UTC)
    assert hits[2].published is None
    assert {h.provider for h in hits} == {"brave"}


async def test_freshness_drops_hits_dated_before_the_window() -> None:
    async with provider(recorded([], fixture_json("brave_web_search.json"))) as brave:
        hits = await brave.search(SearchInput(query="q", num_results=10, freshness="d7"))
    # The July 18 page is outside the last 7 days; undated pages are kept.
    assert [h.url for h in hits] == [
        "https://news.example.org/2025/08/code-of-practice",
        "https://artificialintelligenceact.eu/",
    ]


async def test_response_without_web_section_means_no_results() -> None:
    async with provider(recorded([], fixture_json("brave_no_web_section.json"))) as brave:
        assert await brave.search(SearchInput(query="zxqv nonsense")) == []


async def test_empty_results_list_means_no_results() -> None:
    payload = {"type": "search", "web": {"type": "search", "results": []}}
    async with provider(recorded([], payload)) as brave:
        assert await brave.search(SearchInput(query="q")) == []


async def test_results_that_are_not_objects_or_lack_fields_are_skipped() -> None:
    payload = {
        "type": "search",
        "web": {
            "results": [
                "junk",
                {"title": "no url"},
                {"url": "https://a.example/", "title": ""},
                {"url": "https://b.example/", "title": "B", "description": None, "page_age": 7},
            ]
        },
    }
    async with provider(recorded([], payload)) as brave:
        (hit,) = await brave.search(SearchInput(query="q"))
    assert hit.url == "https://b.example/"
    assert hit.snippet == ""
    assert hit.published is None


async def test_invalid_subscription_token_422_is_an_auth_error() -> None:
    seen: list[httpx.Request] = []
    payload = fixture_json("brave_error_invalid_token.json")
    async with provider(recorded(seen, payload, status=422)) as brave:
        with pytest.raises(SearchAuthError, match="SUBSCRIPTION_TOKEN_INVALID"):
            await brave.search(SearchInput(query="q"))
    assert len(seen) == 1


async def test_other_422_is_a_plain_bad_request() -> None:
    payload = {"type": "ErrorResponse", "error": {"code": "VALIDATION", "detail": "bad count"}}
    async with provider(recorded([], payload, status=422)) as brave:
        with pytest.raises(SearchProviderError, match="bad count") as caught:
            await brave.search(SearchInput(query="q"))
    assert not isinstance(caught.value, SearchAuthError)
    assert caught.value.retryable is False


async def test_rate_limit_error_carries_brave_detail() -> None:
    from sentinel.pacing import RetryPolicy

    payload = fixture_json("brave_error_rate_limited.json")
    async with provider(
        recorded([], payload, status=429), retry=RetryPolicy(max_attempts=1)
    ) as brave:
        with pytest.raises(SearchProviderError, match="rate limit exceeded") as caught:
            await brave.search(SearchInput(query="q"))
    assert caught.value.retryable is True


def test_missing_api_key_is_a_configuration_error() -> None:
    with pytest.raises(ConfigError, match="API key"):
        BraveSearch(api_key="")
