"""Connection pinning: the fetcher connects to the address the guard vetted, resolved once at
connect time, so a DNS answer that changes after the check (DNS rebinding) cannot get through."""

from __future__ import annotations

import httpcore
import httpx
import pytest

from sentinel.web.errors import BlockedURL, FetchError
from sentinel.web.fetch import Fetcher
from sentinel.web.guard import SSRFGuard
from sentinel.web.politeness import Politeness
from sentinel.web.transport import GuardedNetworkBackend, GuardedTransport
from tests.web.loopback import LoopbackServer, Reply

pytestmark = pytest.mark.network


class ScriptedDNS:
    """Answers each lookup of a name with the next answer in its script (last one repeats)."""

    def __init__(self, **script: list[list[str]]) -> None:
        self.script = {name.replace("_", "."): answers for name, answers in script.items()}
        self.lookups: list[str] = []

    async def __call__(self, host: str) -> list[str]:
        self.lookups.append(host)
        answers = self.script[host]
        return answers.pop(0) if len(answers) > 1 else answers[0]


def fetcher_with(guard: SSRFGuard) -> Fetcher:
    return Fetcher(guard=guard, politeness=Politeness(min_interval=0), respect_robots=False)


async def test_a_name_is_connected_to_the_address_the_guard_resolved(
    server: LoopbackServer,
) -> None:
    server.reply("/hello", Reply(200, "<p>pinned</p>", {"Content-Type": "text/html"}))
    dns = ScriptedDNS(pinned_test=[["127.0.0.1"]])
    guard = SSRFGuard(allow_networks=["127.0.0.0/8"], resolver=dns)
    async with fetcher_with(guard) as fetcher:
        result = await fetcher.fetch(f"http://pinned.test:{server.port}/hello")
    assert result.text == "pinned"
    # The server saw the original host name; the system resolver was never asked.
    assert server.requests[0].headers["host"] == f"pinned.test:{server.port}"
    assert set(dns.lookups) == {"pinned.test"}


async def test_dns_rebinding_between_check_and_connect_is_refused(
    server: LoopbackServer,
) -> None:
    # First answer (the pre-check) is public; the answer at connect time points at loopback.
    dns = ScriptedDNS(rebind_test=[["93.184.216.34"], ["127.0.0.1"]])
    async with fetcher_with(SSRFGuard(resolver=dns)) as fetcher:
        with pytest.raises(FetchError) as caught:
            await fetcher.fetch(f"http://rebind.test:{server.port}/")
    assert caught.value.category == "blocked"
    assert "loopback" in str(caught.value)
    assert dns.lookups == ["rebind.test", "rebind.test"]
    assert server.requests == []


async def test_allowlisted_names_resolve_normally(server: LoopbackServer) -> None:
    server.reply("/", Reply(200, "<p>local</p>", {"Content-Type": "text/html"}))

    async def no_dns(host: str) -> list[str]:
        raise AssertionError("allowlisted names skip the guard's resolver")

    guard = SSRFGuard(allow_hosts=["localhost"], resolver=no_dns)
    async with fetcher_with(guard) as fetcher:
        result = await fetcher.fetch(f"http://localhost:{server.port}/")
    assert result.text == "local"


async def test_the_backend_tries_each_vetted_address_in_turn(server: LoopbackServer) -> None:
    # The server listens on 127.0.0.1 only, so the first answer (::1) refuses the connection.
    dns = ScriptedDNS(two_test=[["::1", "127.0.0.1"]])
    guard = SSRFGuard(allow_networks=["127.0.0.0/8", "::1/128"], resolver=dns)
    stream = await GuardedNetworkBackend(guard).connect_tcp("two.test", server.port, timeout=2)
    await stream.aclose()


async def test_blocked_connect_raises_blocked_url_from_the_backend() -> None:
    backend = GuardedNetworkBackend(SSRFGuard(resolver=ScriptedDNS(bad_test=[["10.0.0.1"]])))
    with pytest.raises(BlockedURL, match="private"):
        await backend.connect_tcp("bad.test", 80)


async def test_unix_sockets_are_refused() -> None:
    backend = GuardedNetworkBackend(SSRFGuard())
    with pytest.raises(httpcore.ConnectError):
        await backend.connect_unix_socket("/var/run/docker.sock")


async def test_guarded_transport_uses_the_guarded_backend() -> None:
    transport = GuardedTransport(SSRFGuard())
    # Pins the private httpx attribute this module relies on, so an httpx upgrade that
    # renames it fails here rather than silently dropping the pinning.
    pool = transport._pool
    assert isinstance(pool, httpcore.AsyncConnectionPool)
    assert isinstance(pool._network_backend, GuardedNetworkBackend)
    async with httpx.AsyncClient(transport=transport) as client:
        with pytest.raises(BlockedURL):
            await client.get("http://127.0.0.1:9/")
