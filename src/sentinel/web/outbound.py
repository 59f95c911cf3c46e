"""Where Sentinel may *send*: webhook channels, A2A push URLs and research-job webhooks.

These URLs come from API clients, so they get the page fetcher's SSRF guard
(:mod:`sentinel.web.guard`): a URL naming a loopback, link-local (``169.254.169.254``),
private or otherwise non-public address — in any spelling (``[::1]``, ``0x7f000001``) — or a
``localhost`` name is refused when it is registered (:func:`check_outbound_url`), and every
delivery connects only to addresses the guard approves at connect time
(:func:`guarded_client`), because a name's DNS answer may change after registration.

Receivers on a trusted private network are allowed on purpose with
``SENTINEL_NOTIFY_ALLOW_HOSTS``: host names, ``*.suffix`` patterns, addresses and CIDR
ranges, comma-separated, read like ``SENTINEL_FETCH_ALLOW_HOSTS`` (the two lists are
separate: reading an intranet page does not make it a place to send notifications).
"""

from __future__ import annotations

import httpx
from pydantic_settings import BaseSettings, SettingsConfigDict

from sentinel.errors import InvalidInput
from sentinel.web.errors import BlockedURL
from sentinel.web.guard import SSRFGuard
from sentinel.web.settings import AllowList, parse_allow_hosts
from sentinel.web.transport import GuardedTransport

NOTIFY_ALLOW_HOSTS_VARIABLE = "SENTINEL_NOTIFY_ALLOW_HOSTS"
NOTIFY_ALLOW_HINT = (
    f"to send there on purpose (a receiver on a trusted network), add the host or its "
    f"address to {NOTIFY_ALLOW_HOSTS_VARIABLE}"
)


class NotifySettings(BaseSettings):
    """``SENTINEL_NOTIFY_ALLOW_HOSTS``: non-public receivers notifications may go to."""

    model_config = SettingsConfigDict(env_prefix="SENTINEL_", extra="ignore")

    notify_allow_hosts: str = ""

    def allowed(self) -> AllowList:
        """The parsed list; ``ConfigError`` names the first bad entry."""
        return parse_allow_hosts(self.notify_allow_hosts, variable=NOTIFY_ALLOW_HOSTS_VARIABLE)


def notify_guard() -> SSRFGuard:
    """The guard of outbound deliveries: public addresses, and what
    ``SENTINEL_NOTIFY_ALLOW_HOSTS`` allows (read from the environment now)."""
    return NotifySettings().allowed().guard(allow_hint=NOTIFY_ALLOW_HINT)


def check_outbound_url(url: str, field: str, guard: SSRFGuard | None = None) -> str:
    """``url`` if Sentinel may send to it as far as can be told without resolving its name;
    ``InvalidInput`` naming ``field``, the URL and the reason (loopback, link-local, private
    network…) otherwise. Delivery checks the resolved addresses again (:func:`guarded_client`)."""
    try:
        (guard or notify_guard()).check_unresolved(url)
    except BlockedURL as error:
        raise InvalidInput(field, url, error.problem) from None
    return url


def guarded_client(guard: SSRFGuard | None = None, *, timeout_s: float = 10.0) -> httpx.AsyncClient:
    """An HTTP client for deliveries: no redirects (a receiver cannot bounce a POST into the
    network), no proxy from the environment, and connections only to addresses ``guard``
    (default :func:`notify_guard`) approves when they are made — a refused one raises
    ``BlockedURL`` from the request."""
    transport = GuardedTransport(guard or notify_guard())
    return httpx.AsyncClient(
        transport=transport, follow_redirects=False, trust_env=False, timeout=timeout_s
    )
