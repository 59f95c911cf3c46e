"""Google Custom Search: parameters, pagemap dates, empty answers and Google's error reasons."""

from __future__ import annotations

from datetime import UTC, datetime

import httpx
import pytest

from sentinel.errors import ConfigError
from sentinel.pacing import RetryPolicy
from sentinel.web.errors import SearchAuthError, SearchProviderError
from sentinel.web.search.base import SearchInput
from sentinel.web.search.google_cse import GoogleCustomSearch
from tests.web.conftest import fixture_json


def provider(handler, **kw: object) -> GoogleCustomSearch:
    options: dict[str, object] = {
        "api_key": "g-key",
        "engine_id": "cx-id",
        "transport": httpx.MockTransport(handler),
        "rate_limit": None,
        "retry": RetryPolicy(max_attempts=1),
    }
    options.update(kw)
    return GoogleCustomSearch(**options)  # type: ignore[arg-type]


def recorded(requests: list[httpx.Request], payload: object, status: int = 200):
    def handler(request: httpx.Request) -> httpx.Response:
        requests.append(request)
        return httpx.Response(status, json=payload)

    return handler


async def test_request_sends_key_cx_query_num_and_date_restrict() -> None:
    seen: list[httpx.Request] = []
    async with provider(recorded(seen, fixture_json("google_cse.json"))) as google:
        await google.search(SearchInput(query="eu ai act", num_results=3, freshness="w2"))
    (request,) = seen
    assert request.url.host == "www.googleapis.com"
    assert request.url.path == "/customsearch/v1"
    params = request.url.params
    assert (params["key"], params["cx"], params["q"], params["num"]) == (
        "g-key",
        "cx-id",
        "eu ai act",
        "3",
    )
    assert params["dateRestrict"] == "w2"


async def test_items_map_to_hits_with_dates_from_metatags() -> None:
    async with provider(recorded([], fixture_json("google_cse.json"))) as google:
        hits = await google.search(SearchInput(query="q", num_results=10))
    assert [h.url for h in hits] == [
        "https://digital-strategy.ec.europa.eu/en/policies/ai-act-gpai",
        "https://news.example.org/2025/08/code-of-practice",
        "https://wiki.example.org/AI_Act",
    ]
    assert hits[0].published == datetime(2025, 7, 18, 7, 30, tzinfo=UTC)
    assert hits[1].published == datetime(2025, 8, 2, tzinfo=UTC)
    assert hits[2].published is None
    assert hits[0].snippet.startswith("Jul 18, 2025 ... Providers")


async def test_response_without_items_is_no_results() -> None:
    async with provider(recorded([], fixture_json("google_cse_empty.json"))) as google:
        assert await google.search(SearchInput(query="zxqv")) == []


async def test_invalid_key_400_is_an_auth_error() -> None:
    payload = fixture_json("google_cse_error_key_invalid.json")
    async with provider(recorded([], payload, status=400)) as google:
        with pytest.raises(SearchAuthError, match="API key not valid") as caught:
            await google.search(SearchInput(query="q"))
    assert caught.value.status == 400


async def test_per_minute_quota_429_is_retryable() -> None:
    payload = fixture_json("google_cse_error_quota.json")
    async with provider(recorded([], payload, status=429)) as google:
        with pytest.raises(SearchProviderError, match="Quota exceeded") as caught:
            await google.search(SearchInput(query="q"))
    assert caught.value.retryable is True


async def test_daily_limit_403_is_not_retryable_and_not_an_auth_error() -> None:
    payload = {
        "error": {
            "code": 403,
            "message": "Daily Limit Exceeded",
            "errors": [{"reason": "dailyLimitExceeded"}],
        }
    }
    async with provider(recorded([], payload, status=403)) as google:
        with pytest.raises(SearchProviderError, match="daily quota") as caught:
            await google.search(SearchInput(query="q"))
    assert not isinstance(caught.value, SearchAuthError)
    assert caught.value.retryable is False


async def test_rate_limit_403_is_retryable() -> None:
    payload = {"error": {"code": 403, "errors": [{"reason": "userRateLimitExceeded"}]}}
    async with provider(recorded([], payload, status=403)) as google:
        with pytest.raises(SearchProviderError) as caught:
            await google.search(SearchInput(query="q"))
    assert caught.value.retryable is True


async def test_access_not_configured_403_is_an_auth_error() -> None:
    payload = {
        "error": {
            "code": 403,
            "message": "Custom Search API has not been used in project 1 before or it is disabled.",
            "errors": [{"reason": "accessNotConfigured"}],
        }
    }
    async with provider(recorded([], payload, status=403)) as google:
        with pytest.raises(SearchAuthError, match="has not been used"):
            await google.search(SearchInput(query="q"))


@pytest.mark.parametrize("kwargs", [{"api_key": ""}, {"engine_id": None}])
def test_key_and_engine_id_are_required(kwargs: dict[str, object]) -> None:
    options: dict[str, object] = {"api_key": "k", "engine_id": "cx"}
    options.update(kwargs)
    with pytest.raises(ConfigError):
        GoogleCustomSearch(**options)  # type: ignore[arg-type]
