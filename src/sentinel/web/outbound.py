"""Where Sentinel may *send*: webhook channels, Apprise URLs, A2A push URLs and research-job
webhooks — the outbound policy.

These URLs come from API clients, so they get the page fetcher's SSRF guard
(:mod:`sentinel.web.guard`), twice:

- **when a URL is registered** (:func:`vet_outbound_url`, :func:`vet_outbound_host`): a
  loopback, link-local (``169.254.169.254``), private or otherwise non-public address — in
  any spelling (``[::1]``, ``0x7f000001``) — or a ``localhost`` name is refused at once, and
  a host *name* is resolved: one address that is not public is enough to refuse it. A name
  that does not resolve (yet) is accepted: there is nothing to connect to, and the second
  check stands between it and the network;
- **when a connection is made** (:func:`guarded_client`; :mod:`sentinel.web.pinned_sockets`
  for libraries that open their own sockets): the name is resolved again, every address
  checked, and the socket opened to an address that was checked — never a second lookup an
  attacker's DNS server could answer differently.

The name lookups of both go through the notify guard's resolver: the system's, or the one a
test or an embedding program installs with :func:`resolving_with`.

Receivers on a trusted private network are allowed on purpose with
``SENTINEL_NOTIFY_ALLOW_HOSTS``: host names, ``*.suffix`` patterns, addresses and CIDR
ranges, comma-separated, read like ``SENTINEL_FETCH_ALLOW_HOSTS`` (the two lists are
separate: reading an intranet page does not make it a place to send notifications).
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from urllib.parse import urlsplit

import httpx
from pydantic_settings import BaseSettings, SettingsConfigDict

from sentinel.errors import InvalidInput
from sentinel.web.errors import BlockedURL, FetchError
from sentinel.web.guard import Resolver, SSRFGuard
from sentinel.web.settings import AllowList, parse_allow_hosts
from sentinel.web.transport import GuardedTransport

NOTIFY_ALLOW_HOSTS_VARIABLE = "SENTINEL_NOTIFY_ALLOW_HOSTS"
NOTIFY_ALLOW_HINT = (
    f"to send there on purpose (a receiver on a trusted network), add the host or its "
    f"address to {NOTIFY_ALLOW_HOSTS_VARIABLE}"
)
# How long registering a URL waits for its name to resolve before accepting it unresolved.
REGISTRATION_LOOKUP_S = 5.0
_RESOLVER: ContextVar[Resolver | None] = ContextVar("sentinel_outbound_resolver", default=None)


class NotifySettings(BaseSettings):
    """``SENTINEL_NOTIFY_ALLOW_HOSTS``: non-public receivers notifications may go to."""

    model_config = SettingsConfigDict(env_prefix="SENTINEL_", extra="ignore")

    notify_allow_hosts: str = ""

    def allowed(self) -> AllowList:
        """The parsed list; ``ConfigError`` names the first bad entry."""
        return parse_allow_hosts(self.notify_allow_hosts, variable=NOTIFY_ALLOW_HOSTS_VARIABLE)


@contextmanager
def resolving_with(resolver: Resolver) -> Iterator[None]:
    """Within the block (and the tasks and threads it starts), outbound names are looked up
    with ``resolver`` instead of the system's: how tests make a name resolve to 127.0.0.1
    without touching ``/etc/hosts``."""
    token = _RESOLVER.set(resolver)
    try:
        yield
    finally:
        _RESOLVER.reset(token)


def notify_guard() -> SSRFGuard:
    """The guard of outbound deliveries: public addresses, and what
    ``SENTINEL_NOTIFY_ALLOW_HOSTS`` allows (read from the environment now), resolving names
    with the resolver of :func:`resolving_with`, else the system's."""
    return NotifySettings().allowed().guard(allow_hint=NOTIFY_ALLOW_HINT, resolver=_RESOLVER.get())


def check_outbound_url(url: str, field: str, guard: SSRFGuard | None = None) -> str:
    """``url`` if Sentinel may send to it as far as can be told without resolving its name;
    ``InvalidInput`` naming ``field``, the URL and the reason (loopback, link-local, private
    network…) otherwise. Delivery checks the resolved addresses again (:func:`guarded_client`)."""
    try:
        (guard or notify_guard()).check_unresolved(url)
    except BlockedURL as error:
        raise InvalidInput(field, url, error.problem) from None
    return url


def check_outbound_host(host: str, field: str, value: str, guard: SSRFGuard | None = None) -> None:
    """:func:`check_outbound_url` for a host that ``value`` (a URL of another scheme, such
    as Apprise's ``gotify://10.0.0.5/token``) makes Sentinel connect to."""
    try:
        (guard or notify_guard()).check_host_unresolved(host, url=value)
    except BlockedURL as error:
        raise InvalidInput(field, value, error.problem) from None


async def vet_outbound_url(url: str, field: str, guard: SSRFGuard | None = None) -> str:
    """``url`` if Sentinel may send to it: :func:`check_outbound_url`, then its host name
    resolved and every address checked. ``InvalidInput`` naming ``field``, the URL, the
    address and the reason otherwise. A name that does not resolve within
    :data:`REGISTRATION_LOOKUP_S` is accepted (delivery checks it again)."""
    guard = guard or notify_guard()
    check_outbound_url(url, field, guard)
    await vet_outbound_host(urlsplit(url).hostname or "", field, url, guard)
    return url


async def vet_outbound_host(
    host: str, field: str, value: str, guard: SSRFGuard | None = None
) -> None:
    """Refuse ``host`` (a name or an address that ``value``, given as ``field``, would make
    Sentinel connect to) with ``InvalidInput`` when it is or resolves to an address that is
    not public and not allowed; a name that does not resolve in time passes."""
    guard = guard or notify_guard()
    try:
        async with asyncio.timeout(REGISTRATION_LOOKUP_S):
            await guard.vet_host(host, url=value)
    except BlockedURL as error:
        raise InvalidInput(field, value, error.problem) from None
    except (FetchError, TimeoutError):
        return  # no address now: nothing to refuse; delivery resolves and checks again


def guarded_client(guard: SSRFGuard | None = None, *, timeout_s: float = 10.0) -> httpx.AsyncClient:
    """An HTTP client for deliveries: no redirects (a receiver cannot bounce a POST into the
    network), no proxy from the environment, and connections only to addresses ``guard``
    (default :func:`notify_guard`) approves when they are made — a refused one raises
    ``BlockedURL`` from the request."""
    transport = GuardedTransport(guard or notify_guard())
    return httpx.AsyncClient(
        transport=transport, follow_redirects=False, trust_env=False, timeout=timeout_s
    )
