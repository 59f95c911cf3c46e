"""The Fetcher against a real loopback server: content types, limits, redirects (each hop
vetted), robots.txt, conditional requests, politeness, and errors by category."""

from __future__ import annotations

import asyncio
import gzip
import json
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime

import httpx
import pytest

from sentinel.errors import ProviderError
from sentinel.pacing import Backoff, RetryPolicy
from sentinel.web.errors import FetchError
from sentinel.web.fetch import Fetcher
from sentinel.web.guard import SSRFGuard
from sentinel.web.politeness import REFUSAL_BACKOFF, Politeness
from tests.web.conftest import fixture_text
from tests.web.loopback import FakeClock, LoopbackServer, Reply

pytestmark = pytest.mark.network

NOW = datetime(2025, 9, 10, 8, 0, tzinfo=UTC)
HTML = {"Content-Type": "text/html; charset=utf-8"}
LOOPBACK = ["127.0.0.0/8"]


@pytest.fixture
async def make_fetcher() -> AsyncIterator[Callable[..., Fetcher]]:
    made: list[Fetcher] = []

    def make(**kw: object) -> Fetcher:
        options: dict[str, object] = {
            "guard": SSRFGuard(allow_networks=LOOPBACK),
            "politeness": Politeness(min_interval=0),
            "clock": lambda: NOW,
            "respect_robots": False,
        }
        options.update(kw)
        fetcher = Fetcher(**options)  # type: ignore[arg-type]
        made.append(fetcher)
        return fetcher

    yield make
    for fetcher in made:
        await fetcher.aclose()


async def fetch_error(fetcher: Fetcher, url: str) -> FetchError:
    with pytest.raises(FetchError) as caught:
        await fetcher.fetch(url)
    return caught.value


async def test_html_page_is_extracted_and_fingerprinted(
    server: LoopbackServer, make_fetcher: Callable[..., Fetcher]
) -> None:
    server.reply("/product", Reply(200, fixture_text("product_page.html"), HTML))
    result = await make_fetcher().fetch(server.url("/product#reviews"))
    assert result.url == server.url("/product")
    assert result.final_url == server.url("/product")
    assert (result.status, result.content_type) == (200, "text/html")
    assert result.title == "AeroPress Clear Coffee Maker"
    assert "shatterproof" in result.text
    assert result.offers[0].price == 39.95
    assert len(result.fingerprint) == 64
    assert result.fetched_at == NOW
    assert result.elapsed_s >= 0
    assert (result.not_modified, result.from_cache) == (False, False)
    (request,) = server.requests
    assert request.headers["user-agent"].startswith("SentinelBot/")


async def test_plain_text_and_json_are_kept_readable(
    server: LoopbackServer, make_fetcher: Callable[..., Fetcher]
) -> None:
    server.reply("/notes.txt", Reply(200, "line one\nline two\n", {"Content-Type": "text/plain"}))
    server.reply(
        "/api",
        Reply(200, json.dumps({"price": 10, "ok": True}), {"Content-Type": "application/json"}),
    )
    fetcher = make_fetcher()
    text = await fetcher.fetch(server.url("/notes.txt"))
    assert (text.content_type, text.text) == ("text/plain", "line one\nline two")
    data = await fetcher.fetch(server.url("/api"))
    assert data.content_type == "application/json"
    assert json.loads(data.text) == {"price": 10, "ok": True}


async def test_json_ld_document_yields_offers(
    server: LoopbackServer, make_fetcher: Callable[..., Fetcher]
) -> None:
    doc = {
        "@context": "https://schema.org",
        "@type": "Offer",
        "price": "5.00",
        "priceCurrency": "EUR",
    }
    server.reply("/offer", Reply(200, json.dumps(doc), {"Content-Type": "application/ld+json"}))
    result = await make_fetcher().fetch(server.url("/offer"))
    assert [(o.price, o.currency) for o in result.offers] == [(5.0, "EUR")]


async def test_html_without_content_type_is_sniffed_and_charset_respected(
    server: LoopbackServer, make_fetcher: Callable[..., Fetcher]
) -> None:
    body = (
        "<html><head><meta charset='iso-8859-1'><title>Café</title></head>"
        "<body><p>Crème brûlée à 5 EUR</p></body></html>"
    )
    server.reply("/latin", Reply(200, body.encode("latin-1")))
    result = await make_fetcher().fetch(server.url("/latin"))
    assert result.title == "Café"
    assert "Crème brûlée" in result.text


@pytest.mark.parametrize(
    ("content_type", "hint"),
    [("image/png", "image/png"), ("application/pdf", "PDF"), ("application/zip", "zip")],
)
async def test_unreadable_types_are_unsupported(
    server: LoopbackServer, make_fetcher: Callable[..., Fetcher], content_type: str, hint: str
) -> None:
    server.reply("/file", Reply(200, b"\x89PNG\x00\x00binary", {"Content-Type": content_type}))
    error = await fetch_error(make_fetcher(), server.url("/file"))
    assert error.category == "unsupported_type"
    assert hint in str(error)


async def test_declared_oversize_body_is_refused_before_reading(
    server: LoopbackServer, make_fetcher: Callable[..., Fetcher]
) -> None:
    server.reply("/big", Reply(200, "x" * 5000, HTML))
    error = await fetch_error(make_fetcher(max_bytes=1000), server.url("/big"))
    assert error.category == "too_large"
    assert "declares 5000 bytes" in str(error)


async def test_undeclared_oversize_body_is_cut_off_while_streaming(
    server: LoopbackServer, make_fetcher: Callable[..., Fetcher]
) -> None:
    server.reply("/stream", Reply(200, "y" * 50_000, HTML, close_delimited=True))
    error = await fetch_error(make_fetcher(max_bytes=10_000), server.url("/stream"))
    assert error.category == "too_large"


async def test_the_limit_counts_decompressed_bytes(
    server: LoopbackServer, make_fetcher: Callable[..., Fetcher]
) -> None:
    bomb = gzip.compress(b"<p>" + b"a" * 200_000 + b"</p>")
    assert len(bomb) < 5_000
    server.reply("/gz", Reply(200, bomb, {**HTML, "Content-Encoding": "gzip"}))
    error = await fetch_error(make_fetcher(max_bytes=20_000), server.url("/gz"))
    assert error.category == "too_large"


async def test_corrupt_compressed_body_is_a_network_error(
    server: LoopbackServer, make_fetcher: Callable[..., Fetcher]
) -> None:
    server.reply(
        "/bad-gzip", Reply(200, b"definitely not gzip", {**HTML, "Content-Encoding": "gzip"})
    )
    error = await fetch_error(make_fetcher(), server.url("/bad-gzip"))
    assert error.category == "network"
    assert "Decoding" in str(error)


async def test_an_explicit_proxy_receives_the_request_for_an_allowed_host(
    server: LoopbackServer, make_fetcher: Callable[..., Fetcher]
) -> None:
    # The loopback server plays a forward proxy: it is sent the absolute URL.
    server.reply("/via-proxy", Reply(200, "<p>proxied</p>", HTML))

    async def no_dns(host: str) -> list[str]:
        raise OSError(host)

    fetcher = make_fetcher(
        proxy=server.base_url, guard=SSRFGuard(allow_hosts=["news.example"], resolver=no_dns)
    )
    result = await fetcher.fetch("http://news.example/via-proxy")
    assert result.text == "proxied"
    assert server.requests[0].headers["host"] == "news.example"


async def test_slow_server_times_out(
    server: LoopbackServer, make_fetcher: Callable[..., Fetcher]
) -> None:
    server.reply("/slow", Reply(200, "<p>late</p>", HTML, delay=0.6))
    error = await fetch_error(make_fetcher(timeout=0.15), server.url("/slow"))
    assert (error.category, error.retryable) == ("timeout", True)


async def test_error_status_is_http_status_and_retryable_only_when_transient(
    server: LoopbackServer, make_fetcher: Callable[..., Fetcher]
) -> None:
    server.reply("/gone", Reply(404, "no"))
    server.reply("/busy", Reply(503, "busy", {"Retry-After": "120"}))
    fetcher = make_fetcher()
    gone = await fetch_error(fetcher, server.url("/gone"))
    assert (gone.category, gone.status, gone.retryable) == ("http_status", 404, False)
    busy = await fetch_error(fetcher, server.url("/busy"))
    assert (busy.status, busy.retryable, busy.retry_after) == (503, True, 120.0)
    assert isinstance(busy, ProviderError)


async def test_retry_policy_retries_a_transient_failure(
    server: LoopbackServer, make_fetcher: Callable[..., Fetcher]
) -> None:
    server.reply(
        "/flaky",
        Reply(503, "busy", {"Retry-After": "0.01"}),
        Reply(200, "<p>recovered</p>", HTML),
    )
    fetcher = make_fetcher(
        retry=RetryPolicy(max_attempts=2, backoff=Backoff(base_s=0.01, cap_s=20.0))
    )
    result = await fetcher.fetch(server.url("/flaky"))
    assert result.text == "recovered"
    assert server.paths() == ["/flaky", "/flaky"]


async def test_redirects_are_followed_and_recorded(
    server: LoopbackServer, make_fetcher: Callable[..., Fetcher]
) -> None:
    server.reply("/old", Reply(301, "", {"Location": "/middle"}))
    server.reply("/middle", Reply(302, "", {"Location": server.url("/new")}))
    server.reply("/new", Reply(200, "<p>arrived</p>", HTML))
    result = await make_fetcher().fetch(server.url("/old"))
    assert result.final_url == server.url("/new")
    assert result.redirects == [server.url("/old"), server.url("/middle")]
    assert result.text == "arrived"


async def test_too_many_redirects_is_its_own_category(
    server: LoopbackServer, make_fetcher: Callable[..., Fetcher]
) -> None:
    server.reply("/loop", Reply(302, "", {"Location": "/loop"}))
    error = await fetch_error(make_fetcher(max_redirects=3), server.url("/loop"))
    assert error.category == "redirects"
    assert server.paths() == ["/loop"] * 4


@pytest.mark.parametrize(
    "target",
    [
        "http://169.254.169.254/latest/meta-data/",
        "http://10.0.0.5/admin",
        "http://[::1]:{port}/",
        "http://[::ffff:127.0.0.1]:{port}/",
        "file:///etc/passwd",
    ],
)
async def test_redirect_to_a_blocked_address_is_refused_without_connecting(
    server: LoopbackServer, make_fetcher: Callable[..., Fetcher], target: str
) -> None:
    server.reply("/jump", Reply(302, "", {"Location": target.format(port=server.port)}))
    error = await fetch_error(make_fetcher(), server.url("/jump"))
    assert error.category == "blocked"
    assert server.paths() == ["/jump"]


async def test_blocked_start_url_never_reaches_the_network(
    make_fetcher: Callable[..., Fetcher],
) -> None:
    fetcher = make_fetcher(guard=SSRFGuard())
    for url in ("http://127.0.0.1:9/", "http://192.168.1.1/router", "gopher://x.example/"):
        error = await fetch_error(fetcher, url)
        assert error.category == "blocked"


async def test_robots_disallowed_path_is_refused_and_robots_is_fetched_once(
    server: LoopbackServer, make_fetcher: Callable[..., Fetcher]
) -> None:
    server.reply("/robots.txt", Reply(200, "User-agent: *\nDisallow: /private\n"))
    server.reply("/private/report", Reply(200, "<p>secret</p>", HTML))
    server.reply("/public", Reply(200, "<p>hello</p>", HTML))
    fetcher = make_fetcher(respect_robots=True)
    error = await fetch_error(fetcher, server.url("/private/report"))
    assert error.category == "robots"
    assert (await fetcher.fetch(server.url("/public"))).text == "hello"
    assert server.paths() == ["/robots.txt", "/public"]


async def test_robots_rules_for_our_agent_apply(
    server: LoopbackServer, make_fetcher: Callable[..., Fetcher]
) -> None:
    robots = "User-agent: SentinelBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n"
    server.reply("/robots.txt", Reply(200, robots))
    server.reply("/page", Reply(200, "<p>x</p>", HTML))
    error = await fetch_error(make_fetcher(respect_robots=True), server.url("/page"))
    assert error.category == "robots"
    other = make_fetcher(respect_robots=True, user_agent="OtherBot/1.0")
    assert (await other.fetch(server.url("/page"))).text == "x"


async def test_respect_robots_false_fetches_disallowed_paths(
    server: LoopbackServer, make_fetcher: Callable[..., Fetcher]
) -> None:
    server.reply("/robots.txt", Reply(200, "User-agent: *\nDisallow: /\n"))
    server.reply("/page", Reply(200, "<p>fetched anyway</p>", HTML))
    result = await make_fetcher(respect_robots=False).fetch(server.url("/page"))
    assert result.text == "fetched anyway"
    assert "/robots.txt" not in server.paths()


@pytest.mark.parametrize(("status", "allowed"), [(404, True), (403, True), (500, False)])
async def test_missing_robots_allows_and_failing_robots_disallows(
    server: LoopbackServer, make_fetcher: Callable[..., Fetcher], status: int, allowed: bool
) -> None:
    server.reply("/robots.txt", Reply(status, "whatever"))
    server.reply("/page", Reply(200, "<p>ok</p>", HTML))
    fetcher = make_fetcher(respect_robots=True)
    if allowed:
        assert (await fetcher.fetch(server.url("/page"))).text == "ok"
    else:
        assert (await fetch_error(fetcher, server.url("/page"))).category == "robots"


async def test_crawl_delay_slows_down_requests_to_that_host(
    server: LoopbackServer, make_fetcher: Callable[..., Fetcher], clock: FakeClock
) -> None:
    server.reply("/robots.txt", Reply(200, "User-agent: *\nCrawl-delay: 4\n"))
    server.reply("/a", Reply(200, "<p>a</p>", HTML))
    polite = Politeness(min_interval=0, clock=clock, sleep=clock.sleep)
    fetcher = make_fetcher(respect_robots=True, politeness=polite)
    await fetcher.fetch(server.url("/a"))
    await fetcher.fetch(server.url("/a"))
    assert polite.interval("127.0.0.1") == 4.0
    assert clock.sleeps == [4.0]


async def test_etag_revalidation_returns_the_remembered_result(
    server: LoopbackServer, make_fetcher: Callable[..., Fetcher]
) -> None:
    def route(request) -> Reply:
        if request.headers.get("if-none-match") == '"v1"':
            return Reply(304, "", {"ETag": '"v1"'})
        return Reply(200, fixture_text("news_article.html"), {**HTML, "ETag": '"v1"'})

    server.routes["/story"] = route
    fetcher = make_fetcher()
    first = await fetcher.fetch(server.url("/story"))
    second = await fetcher.fetch(server.url("/story"))
    assert (first.not_modified, second.not_modified, second.from_cache) == (False, True, True)
    assert second.fingerprint == first.fingerprint
    assert second.text == first.text
    assert second.etag == '"v1"'
    assert server.requests[1].headers["if-none-match"] == '"v1"'


async def test_looks_answered_304_keep_their_connection_for_the_next_request(
    server: LoopbackServer, make_fetcher: Callable[..., Fetcher]
) -> None:
    # A look is a conditional GET that is usually answered 304 (no body): the connection
    # goes back to the pool, so a run of looks at one host is one TCP (and TLS) handshake.
    def route(request) -> Reply:
        if request.headers.get("if-none-match") == '"v1"':
            return Reply(304, "", {"ETag": '"v1"'})
        return Reply(200, "<p>slots: none free</p>", {**HTML, "ETag": '"v1"'})

    server.routes["/slots"] = route
    server.reply("/robots.txt", Reply(200, "User-agent: *\nAllow: /\n"))
    fetcher = make_fetcher(respect_robots=True)
    looks = [await fetcher.fetch(server.url("/slots")) for _ in range(4)]

    assert [look.not_modified for look in looks] == [False, True, True, True]
    assert server.paths() == ["/robots.txt", *["/slots"] * 4]
    assert [r.peer for r in server.requests] == [server.requests[0].peer] * 5


async def test_last_modified_revalidation_and_a_real_change(
    server: LoopbackServer, make_fetcher: Callable[..., Fetcher]
) -> None:
    stamp = "Wed, 10 Sep 2025 07:00:00 GMT"
    server.reply(
        "/page",
        Reply(200, "<p>version one</p>", {**HTML, "Last-Modified": stamp}),
        Reply(304, ""),
        Reply(
            200, "<p>version two</p>", {**HTML, "Last-Modified": "Thu, 11 Sep 2025 07:00:00 GMT"}
        ),
    )
    fetcher = make_fetcher()
    first = await fetcher.fetch(server.url("/page"))
    second = await fetcher.fetch(server.url("/page"))
    third = await fetcher.fetch(server.url("/page"))
    assert server.requests[1].headers["if-modified-since"] == stamp
    assert second.not_modified
    assert not third.not_modified
    assert third.text == "version two"
    assert third.fingerprint != first.fingerprint


async def test_cache_size_zero_sends_no_conditional_headers(
    server: LoopbackServer, make_fetcher: Callable[..., Fetcher]
) -> None:
    server.reply("/p", Reply(200, "<p>x</p>", {**HTML, "ETag": '"a"'}))
    fetcher = make_fetcher(cache_size=0)
    await fetcher.fetch(server.url("/p"))
    await fetcher.fetch(server.url("/p"))
    assert "if-none-match" not in server.requests[1].headers


async def test_requests_to_one_host_are_spaced_by_the_min_interval(
    server: LoopbackServer, make_fetcher: Callable[..., Fetcher], clock: FakeClock
) -> None:
    server.reply("/p", Reply(200, "<p>x</p>", HTML))
    polite = Politeness(min_interval=1.5, clock=clock, sleep=clock.sleep)
    fetcher = make_fetcher(politeness=polite)
    for _ in range(3):
        await fetcher.fetch(server.url("/p"))
    assert clock.sleeps == [1.5, 1.5]


async def test_concurrent_requests_to_one_host_are_bounded(
    server: LoopbackServer, make_fetcher: Callable[..., Fetcher]
) -> None:
    server.reply("/slow", Reply(200, "<p>x</p>", HTML, delay=0.05))
    fetcher = make_fetcher(politeness=Politeness(min_interval=0, max_concurrency=2))
    await asyncio.gather(*(fetcher.fetch(server.url("/slow")) for _ in range(6)))
    assert len(server.requests) == 6
    assert server.peak_in_flight <= 2


async def test_connection_refused_is_a_network_error(make_fetcher: Callable[..., Fetcher]) -> None:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    error = await fetch_error(make_fetcher(), f"http://127.0.0.1:{port}/")
    assert (error.category, error.retryable) == ("network", True)


async def test_an_injected_transport_serves_allowlisted_hosts_without_dns(
    make_fetcher: Callable[..., Fetcher],
) -> None:
    async def no_dns(host: str) -> list[str]:
        raise OSError(f"no DNS in tests ({host})")

    def world(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, html=f"<p>simulated {request.url.host}</p>")

    transport = httpx.MockTransport(world)
    allowed = make_fetcher(
        transport=transport, guard=SSRFGuard(allow_hosts=["news.example"], resolver=no_dns)
    )
    assert (await allowed.fetch("http://news.example/a")).text == "simulated news.example"
    error = await fetch_error(allowed, "http://other.example/a")
    assert error.category == "network"


async def test_fetch_error_message_names_the_url(make_fetcher: Callable[..., Fetcher]) -> None:
    error = await fetch_error(make_fetcher(guard=SSRFGuard()), "http://10.9.8.7/x")
    assert "http://10.9.8.7/x" in str(error)
    assert error.url == "http://10.9.8.7/x"


async def test_a_host_answering_429_is_left_alone_for_its_retry_after(
    server: LoopbackServer, make_fetcher: Callable[..., Fetcher]
) -> None:
    clock = FakeClock()
    politeness = Politeness(min_interval=0, clock=clock, hold_refusing=REFUSAL_BACKOFF)
    fetcher = make_fetcher(politeness=politeness)
    server.routes["/busy"] = lambda request: Reply(429, "slow down", {"Retry-After": "120"})
    server.routes["/other"] = lambda request: Reply(200, "<p>fine</p>", HTML)

    with pytest.raises(FetchError):
        await fetcher.fetch(server.url("/busy"))
    with pytest.raises(FetchError) as held:
        await fetcher.fetch(server.url("/other"))
    clock.now += 121
    answered = await fetcher.fetch(server.url("/other"))

    assert held.value.category == "backoff"
    assert held.value.retry_after == 120
    assert len(server.requests) == 2  # the held request was never sent
    assert answered.status == 200


async def test_a_host_answering_503_without_retry_after_is_held_for_a_growing_backoff() -> None:
    clock = FakeClock()
    politeness = Politeness(clock=clock, hold_refusing=REFUSAL_BACKOFF)

    first = politeness.refused("shop.example", None)
    second = politeness.refused("shop.example", None)
    politeness.answered("shop.example")
    again = politeness.refused("shop.example", None)

    assert first < second
    assert again == first
    assert Politeness(clock=clock).refused("shop.example", None) == 0  # no hold by default
