"""``SENTINEL_FETCH_ALLOW_HOSTS``: hosts and ranges a user lets the fetcher reach on purpose;
and conditional requests from a caller's own validators (a fresh fetcher, another process)."""

from __future__ import annotations

import pytest

from sentinel.errors import ConfigError
from sentinel.web.errors import FetchError
from sentinel.web.fetch import Fetcher
from sentinel.web.fetch_result import Validators
from sentinel.web.guard import SSRFGuard
from sentinel.web.politeness import Politeness
from sentinel.web.settings import FetchSettings, configured_guard, parse_allow_hosts
from tests.web.loopback import LoopbackServer, Reply, Request, Route


def test_entries_are_host_names_patterns_addresses_and_ranges() -> None:
    allowed = parse_allow_hosts(
        " 127.0.0.1, localhost,10.0.0.0/8 ,*.corp.example, Intranet., ::1, [fd00::]/8,, "
    )
    assert allowed.hosts == ("localhost", "*.corp.example", "intranet")
    assert allowed.networks == ("127.0.0.1/32", "10.0.0.0/8", "::1/128", "fd00::/8")


def test_empty_allows_nothing_more() -> None:
    assert parse_allow_hosts("") == parse_allow_hosts(" , ")
    assert parse_allow_hosts("").hosts == parse_allow_hosts("").networks == ()


@pytest.mark.parametrize(
    ("entry", "problem"),
    [
        ("intra net", "'intra net' is neither a host name, an IP address nor a CIDR range"),
        ("http://intranet", "'http://intranet' is neither a host name"),
        ("10.0.0.1/8", "'10.0.0.1/8' is not a CIDR range (10.0.0.1/8 has host bits set)"),
        ("10.0.0.0/33", "'10.0.0.0/33' is not a CIDR range"),
        ("*.", "'*.' is neither a host name"),
    ],
)
def test_a_bad_entry_is_a_config_error_naming_it(entry: str, problem: str) -> None:
    with pytest.raises(ConfigError) as caught:
        parse_allow_hosts(f"localhost, {entry}")
    assert str(caught.value).startswith(f"SENTINEL_FETCH_ALLOW_HOSTS: {problem}")


def test_the_setting_is_read_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SENTINEL_FETCH_ALLOW_HOSTS", "intranet.example, 192.168.0.0/16")
    allowed = FetchSettings().allowed()
    assert (allowed.hosts, allowed.networks) == (("intranet.example",), ("192.168.0.0/16",))


async def test_a_private_address_is_refused_naming_the_setting_until_allowed(
    server: LoopbackServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    server.reply("/page", Reply(200, "<html><body><p>Intranet page.</p></body></html>"))
    monkeypatch.delenv("SENTINEL_FETCH_ALLOW_HOSTS", raising=False)
    async with Fetcher(guard=configured_guard(), politeness=Politeness(min_interval=0)) as f:
        with pytest.raises(FetchError) as caught:
            await f.fetch(server.url("/page"))
    assert caught.value.category == "blocked"
    assert "loopback address" in str(caught.value)
    assert "SENTINEL_FETCH_ALLOW_HOSTS" in str(caught.value)
    assert server.requests == []

    monkeypatch.setenv("SENTINEL_FETCH_ALLOW_HOSTS", "127.0.0.1")
    async with Fetcher(guard=configured_guard(), politeness=Politeness(min_interval=0)) as f:
        page = await f.fetch(server.url("/page"))
    assert "Intranet page." in page.text


async def test_an_allowed_host_name_is_reached_whatever_it_resolves_to(
    server: LoopbackServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    server.reply("/page", Reply(200, "<html><body><p>Local page.</p></body></html>"))
    monkeypatch.setenv("SENTINEL_FETCH_ALLOW_HOSTS", "localhost")
    async with Fetcher(guard=configured_guard(), politeness=Politeness(min_interval=0)) as f:
        page = await f.fetch(f"http://localhost:{server.port}/page")
    assert "Local page." in page.text


def test_an_unspecified_address_gets_no_advice_to_allow_it() -> None:
    guard = SSRFGuard()
    with pytest.raises(Exception, match="unspecified address") as caught:
        guard.check_address("0.0.0.0", url="http://0.0.0.0/", host="0.0.0.0")
    assert "SENTINEL_FETCH_ALLOW_HOSTS" not in str(caught.value)


def versioned(etag: str, body: str) -> Route:
    def route(request: Request) -> Reply:
        if request.headers.get("if-none-match") == etag:
            return Reply(304, b"", {"ETag": etag})
        return Reply(200, body, {"ETag": etag, "Content-Type": "text/html"})

    return route


async def test_a_fresh_fetcher_sends_the_callers_validators_and_a_304_has_no_content(
    server: LoopbackServer,
) -> None:
    server.routes["/page"] = versioned('"v1"', "<html><body><p>Version one.</p></body></html>")
    guard = SSRFGuard(allow_networks=["127.0.0.0/8"])
    known = Validators(etag='"v1"', last_modified="Mon, 01 Sep 2025 08:00:00 GMT")
    async with Fetcher(guard=guard, politeness=Politeness(min_interval=0)) as fetcher:
        result = await fetcher.fetch(server.url("/page"), validators=known)
    [request] = [r for r in server.requests if r.path == "/page"]
    assert request.headers["if-none-match"] == '"v1"'
    assert request.headers["if-modified-since"] == known.last_modified
    assert (result.status, result.not_modified, result.has_content) == (304, True, False)
    assert (result.text, result.etag, result.last_modified) == ("", '"v1"', known.last_modified)


async def test_a_fetcher_with_its_own_copy_prefers_it_to_the_callers_validators(
    server: LoopbackServer,
) -> None:
    server.routes["/page"] = versioned('"v2"', "<html><body><p>Version two.</p></body></html>")
    guard = SSRFGuard(allow_networks=["127.0.0.0/8"])
    async with Fetcher(guard=guard, politeness=Politeness(min_interval=0)) as fetcher:
        first = await fetcher.fetch(server.url("/page"))
        again = await fetcher.fetch(server.url("/page"), validators=Validators(etag='"v1"'))
    pages = [r for r in server.requests if r.path == "/page"]
    assert pages[1].headers["if-none-match"] == '"v2"'
    assert (again.has_content, again.from_cache, again.text) == (True, True, first.text)


def test_empty_validators_make_no_conditional_request() -> None:
    assert not Validators()
    assert Validators().headers() == {}
    assert Validators(last_modified="x").headers() == {"If-Modified-Since": "x"}
