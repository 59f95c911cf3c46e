"""The SSRF guard: which addresses are refused, how names are resolved, what is allowed."""

from __future__ import annotations

import pytest

from sentinel.errors import InvalidInput
from sentinel.web.errors import BlockedURL, FetchError
from sentinel.web.guard import SSRFGuard, blocked_reason, parse_ip


def resolver_for(table: dict[str, list[str]]):
    calls: list[str] = []

    async def resolve(host: str) -> list[str]:
        calls.append(host)
        if host not in table:
            raise OSError(f"unknown host {host}")
        return table[host]

    resolve.calls = calls  # type: ignore[attr-defined]
    return resolve


async def no_dns(host: str) -> list[str]:
    raise AssertionError(f"the guard should not resolve {host}")


BLOCKED = [
    ("127.0.0.1", "loopback"),
    ("127.255.0.9", "loopback"),
    ("10.1.2.3", "private"),
    ("172.16.5.4", "private"),
    ("192.168.1.1", "private"),
    ("169.254.169.254", "link-local"),
    ("100.64.0.1", "carrier-grade NAT"),
    ("100.127.255.254", "carrier-grade NAT"),
    ("0.0.0.0", "unspecified"),
    ("224.0.0.1", "multicast"),
    ("240.0.0.1", "reserved"),
    ("255.255.255.255", "reserved"),
    ("192.0.2.10", "private"),
    ("198.18.0.1", "private"),
    ("::1", "loopback"),
    ("::", "unspecified"),
    ("fe80::1", "link-local"),
    ("fc00::1", "private"),
    ("fd12:3456::1", "private"),
    ("ff02::1", "multicast"),
    ("fec0::1", "site-local"),
    ("::ffff:127.0.0.1", "IPv4-mapped"),
    ("::ffff:8.8.8.8", "IPv4-mapped"),
    ("::127.0.0.1", "IPv4-mapped/compatible"),
    ("2002:7f00:1::", "embedding a loopback"),
    ("64:ff9b::a00:1", "embedding a private"),
]


@pytest.mark.parametrize(("address", "reason"), BLOCKED, ids=[a for a, _ in BLOCKED])
def test_internal_addresses_are_refused_with_a_reason(address: str, reason: str) -> None:
    ip = parse_ip(address)
    assert ip is not None
    found = blocked_reason(ip)
    assert found is not None
    assert reason in found


@pytest.mark.parametrize("address", ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111"])
def test_public_addresses_pass(address: str) -> None:
    ip = parse_ip(address)
    assert ip is not None
    assert blocked_reason(ip) is None


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1/admin",
        "http://[::1]:8080/",
        "http://[::ffff:127.0.0.1]/",
        "http://2130706433/",
        "http://0x7f.0.0.1/",
        "http://127.1/",
        "http://017700000001/",
        "https://169.254.169.254/latest/meta-data/",
        "http://[fe80::1%25eth0]/",
    ],
)
async def test_ip_literals_in_any_spelling_are_checked_without_dns(url: str) -> None:
    guard = SSRFGuard(resolver=no_dns)
    with pytest.raises(BlockedURL) as caught:
        await guard.check(url)
    assert caught.value.url == url
    assert caught.value.address is not None


@pytest.mark.parametrize(
    "url",
    ["file:///etc/passwd", "ftp://example.org/x", "gopher://example.org/", "javascript:alert(1)"],
)
async def test_non_http_schemes_are_refused(url: str) -> None:
    with pytest.raises(BlockedURL, match="scheme"):
        await SSRFGuard(resolver=no_dns).check(url)


@pytest.mark.parametrize("url", ["http:///nohost", "http://", "http://example.org:99999/"])
async def test_urls_without_a_usable_host_or_port_are_refused(url: str) -> None:
    with pytest.raises(BlockedURL):
        await SSRFGuard(resolver=no_dns).check(url)


async def test_a_name_resolving_inside_is_refused_naming_host_address_and_reason() -> None:
    guard = SSRFGuard(resolver=resolver_for({"intranet.example": ["10.0.0.7"]}))
    with pytest.raises(BlockedURL) as caught:
        await guard.check("http://intranet.example/wiki")
    error = caught.value
    assert isinstance(error, InvalidInput)
    assert (error.host, error.address) == ("intranet.example", "10.0.0.7")
    assert "private network" in error.reason
    assert "http://intranet.example/wiki" in str(error)
    assert "10.0.0.7" in str(error)


async def test_one_internal_address_among_public_ones_is_enough_to_refuse() -> None:
    guard = SSRFGuard(resolver=resolver_for({"mixed.example": ["93.184.216.34", "127.0.0.1"]}))
    with pytest.raises(BlockedURL, match="loopback"):
        await guard.check("https://mixed.example/")


async def test_a_public_name_passes_and_returns_its_addresses() -> None:
    guard = SSRFGuard(resolver=resolver_for({"news.example.org": ["93.184.216.34"]}))
    assert await guard.vet("https://News.Example.org./story") == ["93.184.216.34"]


async def test_allowlisted_hosts_pass_without_resolution() -> None:
    guard = SSRFGuard(allow_hosts=["news.example", "*.sim.test"], resolver=no_dns)
    assert await guard.vet("http://news.example/a") is None
    assert await guard.vet("http://NEWS.EXAMPLE./a") is None
    assert await guard.vet("http://shop.sim.test/a") is None
    await guard.check("http://deep.shop.sim.test/a")


async def test_wildcards_do_not_match_the_bare_or_unrelated_domains() -> None:
    guard = SSRFGuard(allow_hosts=["*.sim.test"], resolver=resolver_for({}))
    with pytest.raises(FetchError):
        await guard.check("http://sim.test/")
    with pytest.raises(FetchError):
        await guard.check("http://evilsim.test/")


async def test_allowed_networks_admit_only_their_addresses() -> None:
    guard = SSRFGuard(
        allow_networks=["127.0.0.0/8"],
        resolver=resolver_for({"loop.test": ["127.0.0.1"], "lan.test": ["192.168.0.2"]}),
    )
    await guard.check("http://127.0.0.1:8000/")
    await guard.check("http://loop.test/")
    with pytest.raises(BlockedURL):
        await guard.check("http://lan.test/")
    with pytest.raises(BlockedURL):
        await guard.check("http://[::1]/")


async def test_resolution_failure_is_a_retryable_network_error() -> None:
    guard = SSRFGuard(resolver=resolver_for({}))
    with pytest.raises(FetchError, match="cannot resolve") as caught:
        await guard.check("http://nowhere.invalid/")
    assert caught.value.category == "network"
    assert caught.value.retryable is True


async def test_empty_and_garbage_dns_answers_are_refused() -> None:
    guard = SSRFGuard(resolver=resolver_for({"empty.test": [], "junk.test": ["not-an-ip"]}))
    with pytest.raises(FetchError, match="no addresses"):
        await guard.check("http://empty.test/")
    with pytest.raises(BlockedURL, match="not an IP address"):
        await guard.check("http://junk.test/")


async def test_the_default_resolver_resolves_asynchronously() -> None:
    # localhost resolves from the hosts file: no network, and it must be refused.
    with pytest.raises(BlockedURL, match="loopback"):
        await SSRFGuard().check("http://localhost:9/")


@pytest.mark.parametrize(
    ("text", "expected"),
    [("127.1", "127.0.0.1"), ("0x7f000001", "127.0.0.1"), ("[::1]", "::1"), ("example", None)],
)
def test_parse_ip_reads_literals_and_rejects_names(text: str, expected: str | None) -> None:
    ip = parse_ip(text)
    assert (str(ip) if ip else None) == expected
