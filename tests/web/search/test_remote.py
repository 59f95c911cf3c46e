"""Behaviour every HTTP search provider shares, exercised against a real loopback server:
status handling, retries with backoff and Retry-After, timeouts and malformed bodies.
"""

from __future__ import annotations

import json

import httpx
import pytest

from sentinel.errors import ProviderError
from sentinel.pacing import Backoff, RetryPolicy, TokenBucket
from sentinel.web.errors import MalformedResponse, SearchAuthError, SearchProviderError
from sentinel.web.search.base import SearchInput
from sentinel.web.search.remote import RemoteSearchProvider, clean_text, web_url
from tests.web.conftest import fixture_json
from tests.web.loopback import FakeClock, LoopbackServer, Reply
from tests.web.search.providers import CASES, ProviderCase, ids

pytestmark = pytest.mark.network

QUERY = SearchInput(query="eu ai act frontier model tests", num_results=3)
FAST_RETRY = RetryPolicy(max_attempts=3, backoff=Backoff(base_s=0.01, cap_s=20.0, jitter=0.0))


def make(case: ProviderCase, server: LoopbackServer, clock: FakeClock, **kw: object):
    options: dict[str, object] = {
        "base_url": server.base_url,
        "retry": FAST_RETRY,
        "rate_limit": None,
        "sleep": clock.sleep,
    }
    options.update(kw)
    return case.make(**options)


def json_reply(payload: object, status: int = 200, **headers: str) -> Reply:
    return Reply(status, json.dumps(payload), {"Content-Type": "application/json", **headers})


@pytest.mark.parametrize("case", CASES, ids=ids)
async def test_recorded_response_maps_to_hits_over_loopback(
    case: ProviderCase, server: LoopbackServer, clock: FakeClock
) -> None:
    server.reply(case.path, json_reply(fixture_json(case.fixture)))
    async with make(case, server, clock) as provider:
        hits = await provider.search(QUERY)
    assert 1 <= len(hits) <= QUERY.num_results
    assert hits[0].url == "https://digital-strategy.ec.europa.eu/en/policies/ai-act-gpai"
    assert hits[0].provider == case.name
    assert all(h.title and h.url.startswith("https://") for h in hits)
    assert len({h.url for h in hits}) == len(hits)
    (request,) = server.requests
    assert request.path == case.path


@pytest.mark.parametrize("case", CASES, ids=ids)
async def test_unauthorized_is_an_auth_error_and_not_retried(
    case: ProviderCase, server: LoopbackServer, clock: FakeClock
) -> None:
    server.reply(case.path, json_reply({"detail": {"error": "invalid key"}}, 401))
    async with make(case, server, clock, api_key="bad-key") as provider:
        with pytest.raises(SearchAuthError) as caught:
            await provider.search(QUERY)
    assert caught.value.status == 401
    assert caught.value.retryable is False
    assert "401" in str(caught.value)
    assert len(server.requests) == 1
    assert clock.sleeps == []


@pytest.mark.parametrize("case", CASES, ids=ids)
async def test_rate_limited_request_waits_for_retry_after_then_succeeds(
    case: ProviderCase, server: LoopbackServer, clock: FakeClock
) -> None:
    server.reply(
        case.path,
        json_reply({"error": "slow down"}, 429, **{"Retry-After": "0.05"}),
        json_reply(fixture_json(case.fixture)),
    )
    async with make(case, server, clock) as provider:
        hits = await provider.search(QUERY)
    assert hits
    assert len(server.requests) == 2
    assert clock.sleeps == [0.05]


@pytest.mark.parametrize("case", CASES, ids=ids)
async def test_server_errors_are_retried_then_raised_as_retryable(
    case: ProviderCase, server: LoopbackServer, clock: FakeClock
) -> None:
    server.reply(case.path, Reply(500, "Internal Server Error"))
    async with make(case, server, clock) as provider:
        with pytest.raises(SearchProviderError) as caught:
            await provider.search(QUERY)
    assert caught.value.retryable is True
    assert caught.value.status == 500
    assert len(server.requests) == FAST_RETRY.max_attempts
    assert clock.sleeps == [0.01, 0.02]


@pytest.mark.parametrize("case", CASES, ids=ids)
async def test_timeout_is_retryable_and_names_the_limit(
    case: ProviderCase, server: LoopbackServer, clock: FakeClock
) -> None:
    server.reply(case.path, Reply(200, "{}", delay=0.5))
    retry_once = RetryPolicy(max_attempts=2, backoff=Backoff(base_s=0.01, cap_s=20.0, jitter=0.0))
    async with make(case, server, clock, timeout=0.1, retry=retry_once) as provider:
        with pytest.raises(SearchProviderError, match=r"within 0\.1s") as caught:
            await provider.search(QUERY)
    assert caught.value.retryable is True
    assert len(server.requests) == 2


@pytest.mark.parametrize("case", CASES, ids=ids)
async def test_html_instead_of_json_is_a_malformed_response(
    case: ProviderCase, server: LoopbackServer, clock: FakeClock
) -> None:
    server.reply(case.path, Reply(200, "<html><body>Captcha</body></html>"))
    async with make(case, server, clock) as provider:
        with pytest.raises(MalformedResponse, match="not JSON") as caught:
            await provider.search(QUERY)
    assert "Captcha" in caught.value.body
    assert caught.value.retryable is False


@pytest.mark.parametrize("case", CASES, ids=ids)
@pytest.mark.parametrize(
    "payload",
    [[], "results", 42, None, {"results": "nope", "items": "nope", "web": {"results": {}}}],
    ids=["list", "string", "number", "null", "wrong-types"],
)
async def test_wrong_json_shape_is_a_malformed_response(
    case: ProviderCase, payload: object
) -> None:
    transport = httpx.MockTransport(lambda request: httpx.Response(200, json=payload))
    async with case.make(base_url="http://search.test", transport=transport) as provider:
        with pytest.raises(MalformedResponse):
            await provider.search(QUERY)


@pytest.mark.parametrize("case", CASES, ids=ids)
async def test_bad_request_is_not_retried(case: ProviderCase) -> None:
    calls: list[httpx.Request] = []

    def handler(request: httpx.Request) -> httpx.Response:
        calls.append(request)
        return httpx.Response(400, json={"error": {"message": "bad query"}})

    async with case.make(
        base_url="http://search.test", transport=httpx.MockTransport(handler)
    ) as provider:
        with pytest.raises(SearchProviderError, match="HTTP 400") as caught:
            await provider.search(QUERY)
    assert caught.value.retryable is False
    assert len(calls) == 1


@pytest.mark.parametrize("case", CASES, ids=ids)
async def test_connection_refused_is_a_retryable_network_error(
    case: ProviderCase, clock: FakeClock
) -> None:
    # A port nobody listens on: bind, read the port, close.
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    async with case.make(
        base_url=f"http://127.0.0.1:{port}", retry=FAST_RETRY, sleep=clock.sleep, rate_limit=None
    ) as provider:
        with pytest.raises(SearchProviderError, match="network error") as caught:
            await provider.search(QUERY)
    assert caught.value.retryable is True
    assert len(clock.sleeps) == 2


async def test_retry_after_beyond_the_cap_ends_retries_at_once(
    server: LoopbackServer, clock: FakeClock
) -> None:
    case = CASES[0]
    server.reply(case.path, json_reply({}, 429, **{"Retry-After": "3600"}))
    async with make(case, server, clock) as provider:
        with pytest.raises(SearchProviderError) as caught:
            await provider.search(QUERY)
    assert caught.value.retryable is True
    assert caught.value.retry_after == 3600
    assert len(server.requests) == 1


async def test_a_passed_in_client_is_used_and_left_open() -> None:
    seen: list[str] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(str(request.url))
        return httpx.Response(200, json=fixture_json("tavily_search.json"))

    client = httpx.AsyncClient(transport=httpx.MockTransport(handler))
    provider = CASES[1].make(base_url="http://tavily.test", client=client)
    await provider.search(QUERY)
    await provider.aclose()
    assert not client.is_closed
    await client.aclose()
    assert seen == ["http://tavily.test/search"]


async def test_rate_limit_spaces_consecutive_searches(clock: FakeClock) -> None:
    transport = httpx.MockTransport(
        lambda request: httpx.Response(200, json=fixture_json("searxng_search.json"))
    )
    bucket = TokenBucket(2.0, clock=clock, sleep=clock.sleep)
    provider = CASES[3].make(base_url="http://searx.test", transport=transport, rate_limit=bucket)
    async with provider:
        for _ in range(3):
            await provider.search(QUERY)
    assert clock.sleeps == [0.5, 0.5]


def test_provider_errors_are_sentinel_provider_errors() -> None:
    assert issubclass(SearchAuthError, ProviderError)
    assert issubclass(MalformedResponse, ProviderError)


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("<strong>AI</strong> &amp; law", "AI & law"),
        ("  spaced\n out  ", "spaced out"),
        (None, ""),
        (12, ""),
    ],
)
def test_clean_text_strips_markup_and_entities(raw: object, clean: str) -> None:
    assert clean_text(raw) == clean


@pytest.mark.parametrize(
    ("raw", "ok"),
    [
        ("https://a.example/x", True),
        ("http://a.example", True),
        ("ftp://a.example/x", False),
        ("javascript:alert(1)", False),
        ("/relative/path", False),
        (None, False),
    ],
)
def test_web_url_accepts_only_absolute_http_urls(raw: object, ok: bool) -> None:
    assert (web_url(raw) is not None) is ok


def test_remote_provider_cannot_be_instantiated_without_search() -> None:
    with pytest.raises(TypeError):
        RemoteSearchProvider()  # type: ignore[abstract]
