"""Settings every test shares.

Hypothesis's defaults time each example (a 200 ms deadline) and fail a test whose data is
slow to generate (``too_slow``): both measure the machine, not the code, and CI may run on a
busy 2-core machine. The profile below keeps every property and example count, and drops the
two checks that depend on speed.

Tests receive notifications on loopback servers (webhooks, A2A pushes, research reports),
which Sentinel refuses by default (``sentinel.web.outbound``). Every test therefore opts in
the way a user with a receiver on a trusted network does, with ``SENTINEL_NOTIFY_ALLOW_HOSTS``;
the tests of the guard itself remove the opt-in (``strict_outbound``).

Registering a channel resolves its host name (the outbound policy). Tests touch loopback
only, so the names they register (``hooks.example.com``) are looked up by a resolver that
knows ``localhost`` and nothing else — a name it does not know does not resolve, which the
policy accepts — instead of asking a DNS server; a test that needs a name to resolve
installs its own (``resolving_with``).

A command that needs the local model starts the home's model server by default, and the
server outlives the command for minutes (``SENTINEL_LLM_SERVER``): every test runs with it
off, so no test leaves a process behind; the server's own tests turn it on and stop it.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

from sentinel.web.outbound import resolving_with

LOOPBACK_RECEIVERS = "127.0.0.1,::1,localhost"

settings.register_profile(
    "sentinel",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("sentinel")


@pytest.fixture(autouse=True)
def loopback_receivers_allowed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Let notifications reach the tests' loopback receivers (an explicit opt-in)."""
    monkeypatch.setenv("SENTINEL_NOTIFY_ALLOW_HOSTS", LOOPBACK_RECEIVERS)


@pytest.fixture(autouse=True)
def no_model_server(monkeypatch: pytest.MonkeyPatch) -> None:
    """Local models load in the process that uses them (and its subprocesses)."""
    monkeypatch.setenv("SENTINEL_LLM_SERVER", "off")


@pytest.fixture
def strict_outbound(monkeypatch: pytest.MonkeyPatch) -> None:
    """The default: no opt-in, so loopback and private receivers are refused."""
    monkeypatch.delenv("SENTINEL_NOTIFY_ALLOW_HOSTS", raising=False)


async def loopback_names_only(host: str) -> list[str]:
    """The tests' DNS: ``localhost`` is loopback, and no other name resolves."""
    if host == "localhost":
        return ["127.0.0.1", "::1"]
    raise OSError(f"{host!r} does not resolve in the tests (they touch loopback only)")


@pytest.fixture(autouse=True)
def no_dns_queries() -> Iterator[None]:
    """Outbound names are looked up by :func:`loopback_names_only`, never by a DNS server."""
    with resolving_with(loopback_names_only):
        yield
