"""Outbound URLs (webhooks, A2A pushes, research reports) get the fetcher's SSRF guard: refused
when registered, refused again at connect time, allowed only with SENTINEL_NOTIFY_ALLOW_HOSTS."""

from __future__ import annotations

import httpx
import pytest

from sentinel.errors import ConfigError, InvalidInput
from sentinel.web.errors import BlockedURL
from sentinel.web.guard import SSRFGuard
from sentinel.web.outbound import (
    NOTIFY_ALLOW_HOSTS_VARIABLE,
    check_outbound_url,
    guarded_client,
    notify_guard,
)
from tests.web.test_guard import no_dns, resolver_for

pytestmark = pytest.mark.usefixtures("strict_outbound")

# The probes of issue 24: each was accepted as a webhook channel (201).
INTERNAL = [
    ("http://127.0.0.1:18801/internal-admin", "loopback address"),
    ("http://169.254.169.254/latest/meta-data/", "link-local address"),
    ("http://[::1]:8080/hook", "loopback address"),
    ("http://0x7f000001/hook", "loopback address"),
    ("http://localhost:8080/hook", "loopback name"),
    ("http://api.localhost/hook", "loopback name"),
    ("http://10.1.2.3/hook", "private network address"),
    ("https://192.168.1.20/hook", "private network address"),
    ("http://[::ffff:127.0.0.1]/hook", "IPv4-mapped"),
    ("http://0.0.0.0/hook", "unspecified address"),
]


@pytest.mark.parametrize(("url", "reason"), INTERNAL)
def test_an_internal_target_is_refused_naming_the_url_and_the_reason(url: str, reason: str) -> None:
    with pytest.raises(InvalidInput) as caught:
        check_outbound_url(url, "webhook URL")

    assert caught.value.field == "webhook URL"
    assert caught.value.value == url
    assert reason in caught.value.problem
    assert url in str(caught.value)


def test_a_refusal_says_how_to_allow_the_target_on_purpose() -> None:
    with pytest.raises(InvalidInput, match=NOTIFY_ALLOW_HOSTS_VARIABLE):
        check_outbound_url("http://10.1.2.3/hook", "webhook URL")


def test_a_public_name_passes_without_asking_a_resolver() -> None:
    guard = SSRFGuard(resolver=no_dns)

    assert check_outbound_url("https://hooks.example.com/x", "webhook URL", guard) == (
        "https://hooks.example.com/x"
    )
    assert check_outbound_url("https://93.184.215.14/x", "webhook URL", guard)


def test_the_opt_in_allows_hosts_addresses_and_ranges(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(NOTIFY_ALLOW_HOSTS_VARIABLE, "127.0.0.1, localhost, 10.0.0.0/8")

    for url in ("http://127.0.0.1:9/x", "http://localhost:9/x", "http://10.9.8.7/x"):
        assert check_outbound_url(url, "webhook URL") == url
    with pytest.raises(InvalidInput, match="private network"):
        check_outbound_url("http://192.168.1.1/x", "webhook URL")


def test_the_fetchers_allow_list_does_not_open_notifications(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SENTINEL_FETCH_ALLOW_HOSTS", "127.0.0.1")

    with pytest.raises(InvalidInput, match="loopback"):
        check_outbound_url("http://127.0.0.1:9/x", "webhook URL")


def test_a_bad_opt_in_entry_is_a_config_error_naming_the_variable(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(NOTIFY_ALLOW_HOSTS_VARIABLE, "10.0.0.0/33")

    with pytest.raises(ConfigError, match=f"^{NOTIFY_ALLOW_HOSTS_VARIABLE}: '10.0.0.0/33'"):
        notify_guard()


async def test_delivery_checks_the_address_a_name_resolves_to_at_connect_time() -> None:
    # Registered as a public name; its DNS answer is now 127.0.0.1 (rebinding).
    guard = SSRFGuard(resolver=resolver_for({"hooks.example.com": ["127.0.0.1"]}))

    async with guarded_client(guard) as client:
        with pytest.raises(BlockedURL, match="loopback address") as caught:
            await client.post("http://hooks.example.com/x", content=b"{}")

    assert caught.value.address == "127.0.0.1"


async def test_delivery_never_follows_a_redirect() -> None:
    async with guarded_client() as client:
        assert client.follow_redirects is False
        assert client.timeout == httpx.Timeout(10.0)
