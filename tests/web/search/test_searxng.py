"""SearXNG: JSON format request, time ranges, result mapping and the disabled-JSON 403."""

from __future__ import annotations

from datetime import UTC, datetime

import httpx
import pytest

from sentinel.errors import ConfigError
from sentinel.web.errors import SearchAuthError, SearchProviderError
from sentinel.web.search.base import SearchInput
from sentinel.web.search.searxng import SearxngSearch, time_range
from tests.web.conftest import fixture_json

NOW = datetime(2025, 8, 4, 12, 0, tzinfo=UTC)


def provider(handler, **kw: object) -> SearxngSearch:
    options: dict[str, object] = {
        "base_url": "http://searx.test/",
        "transport": httpx.MockTransport(handler),
        "clock": lambda: NOW,
        "rate_limit": None,
    }
    options.update(kw)
    return SearxngSearch(**options)  # type: ignore[arg-type]


def recorded(requests: list[httpx.Request], payload: object, status: int = 200):
    def handler(request: httpx.Request) -> httpx.Response:
        requests.append(request)
        return httpx.Response(status, json=payload)

    return handler


async def test_request_asks_for_json_on_the_first_page() -> None:
    seen: list[httpx.Request] = []
    async with provider(recorded(seen, fixture_json("searxng_search.json"))) as searx:
        await searx.search(SearchInput(query="eu ai act"))
    (request,) = seen
    assert str(request.url).startswith("http://searx.test/search?")
    assert dict(request.url.params) == {"q": "eu ai act", "format": "json", "pageno": "1"}
    assert "authorization" not in request.headers


@pytest.mark.parametrize(
    ("freshness", "expected"),
    [("d1", "day"), ("d3", "week"), ("w1", "week"), ("m1", "month"), ("y1", "year"), ("y3", None)],
)
def test_time_range_is_the_narrowest_covering_range(freshness: str, expected: str | None) -> None:
    assert time_range(SearchInput(query="q", freshness=freshness)) == expected


async def test_results_map_dates_scores_and_skip_non_objects() -> None:
    async with provider(recorded([], fixture_json("searxng_search.json"))) as searx:
        hits = await searx.search(SearchInput(query="q", num_results=10))
    assert [h.url for h in hits] == [
        "https://digital-strategy.ec.europa.eu/en/policies/ai-act-gpai",
        "https://news.example.org/2025/08/code-of-practice",
        "https://old.example.org/2019/ai",
    ]
    assert hits[0].published == datetime(2025, 7, 18, 9, 30, tzinfo=UTC)
    assert hits[0].score == 3.0
    assert hits[1].published is None


async def test_freshness_sends_time_range_and_filters_older_dated_hits() -> None:
    seen: list[httpx.Request] = []
    async with provider(recorded(seen, fixture_json("searxng_search.json"))) as searx:
        hits = await searx.search(SearchInput(query="q", num_results=10, freshness="d7"))
    assert seen[0].url.params["time_range"] == "week"
    assert [h.url for h in hits] == ["https://news.example.org/2025/08/code-of-practice"]


async def test_num_results_truncates_the_page() -> None:
    async with provider(recorded([], fixture_json("searxng_search.json"))) as searx:
        hits = await searx.search(SearchInput(query="q", num_results=1))
    assert len(hits) == 1


async def test_json_disabled_403_explains_the_setting() -> None:
    async with provider(recorded([], {"error": "forbidden"}, status=403)) as searx:
        with pytest.raises(SearchProviderError, match=r"search\.formats") as caught:
            await searx.search(SearchInput(query="q"))
    assert not isinstance(caught.value, SearchAuthError)


async def test_api_key_is_sent_as_bearer_for_authenticating_proxies() -> None:
    seen: list[httpx.Request] = []
    async with provider(recorded(seen, {"results": []}), api_key="proxy-token") as searx:
        assert await searx.search(SearchInput(query="q")) == []
    assert seen[0].headers["Authorization"] == "Bearer proxy-token"


async def test_with_api_key_a_403_is_an_auth_error() -> None:
    async with provider(recorded([], {}, status=403), api_key="bad") as searx:
        with pytest.raises(SearchAuthError):
            await searx.search(SearchInput(query="q"))


def test_instance_url_is_required() -> None:
    with pytest.raises(ConfigError, match="instance URL"):
        SearxngSearch()
