"""How Sentinel reaches the web: ``SENTINEL_FETCH_ALLOW_HOSTS`` and ``SENTINEL_WEB_PROXY``.

The SSRF guard (:mod:`sentinel.web.guard`) refuses loopback, private and other non-public
addresses, because models and web pages hand Sentinel URLs. A user who wants to watch an
intranet page or a server on this machine says so: ``SENTINEL_FETCH_ALLOW_HOSTS`` is a
comma-separated list of host names (``intranet.corp``, ``localhost``), ``*.suffix`` patterns
(``*.corp.example``), IP addresses (``127.0.0.1``, ``::1``) and CIDR ranges (``10.0.0.0/8``).
A name is trusted whatever it resolves to; an address or range admits connections to those
addresses, whatever name led there. Empty (the default) allows nothing beyond public
addresses. A bad entry is a :class:`~sentinel.errors.ConfigError` naming it.

Without a proxy, page fetches connect directly, each address vetted by the SSRF guard at
connect time. With ``SENTINEL_WEB_PROXY``, every page fetch and every remote search request
goes through it — a corporate proxy, or ``sentinel sim serve``, whose simulated hosts exist
only there.
"""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import httpx
from pydantic import Field, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from sentinel.errors import ConfigError
from sentinel.web.guard import (
    ALLOW_HINT,
    ALLOW_HOSTS_VARIABLE,
    Resolver,
    SSRFGuard,
    normalize_host,
)

if TYPE_CHECKING:
    from sentinel.web.fetch import Fetcher

# A DNS name (labels of letters, digits, hyphens and underscores), optionally "*." first.
_HOST_NAME = re.compile(
    r"^(\*\.)?[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*$"
)


class FetchSettings(BaseSettings):
    """``SENTINEL_FETCH_ALLOW_HOSTS``: host names and CIDR ranges the fetcher may reach even
    though they are not public (see the module documentation)."""

    model_config = SettingsConfigDict(env_prefix="SENTINEL_", extra="ignore")

    fetch_allow_hosts: str = ""
    fetch_host_interval_s: float = Field(
        default=1.0,
        ge=0,
        description="The fetcher sends one request per host per this many seconds at most "
        "(a robots.txt Crawl-delay may ask for more).",
    )

    def allowed(self) -> AllowList:
        """The parsed list; ``ConfigError`` names the first bad entry."""
        return parse_allow_hosts(self.fetch_allow_hosts)


@dataclass(frozen=True)
class AllowList:
    """What ``SENTINEL_FETCH_ALLOW_HOSTS`` allows: host names (and ``*.suffix`` patterns), and
    networks (a single address is a /32 or /128 network)."""

    hosts: tuple[str, ...] = ()
    networks: tuple[str, ...] = ()

    def guard(self, *, allow_hint: str = ALLOW_HINT, resolver: Resolver | None = None) -> SSRFGuard:
        """The SSRF guard that also admits these hosts and networks (``allow_hint``: how a
        refused user allows a target, naming the setting this list came from; ``resolver``:
        how it looks names up, by default the system's)."""
        return SSRFGuard(
            allow_hosts=self.hosts,
            allow_networks=self.networks,
            allow_hint=allow_hint,
            resolver=resolver,
        )


def parse_allow_hosts(text: str, *, variable: str = ALLOW_HOSTS_VARIABLE) -> AllowList:
    """The entries of a comma-separated allow list; ``ConfigError`` names a bad one (and
    ``variable``, the setting the list came from)."""
    hosts: list[str] = []
    networks: list[str] = []
    for raw in text.split(","):
        entry = raw.strip()
        if not entry:
            continue
        network = _network(entry, variable)
        if network is not None:
            networks.append(network)
            continue
        name = normalize_host(entry)
        if not _HOST_NAME.match(name):
            raise ConfigError(
                f"{variable}: {entry!r} is neither a host name, an IP address nor "
                "a CIDR range (e.g. intranet.example, 127.0.0.1, 10.0.0.0/8)"
            )
        hosts.append(name)
    return AllowList(tuple(dict.fromkeys(hosts)), tuple(dict.fromkeys(networks)))


def _network(entry: str, variable: str) -> str | None:
    """The entry as a network (``127.0.0.1`` → ``127.0.0.1/32``); None when it is not an
    address (a host name); ``ConfigError`` for a range that is not one."""
    candidate = entry.strip("[]")
    address = candidate.partition("/")[0]
    try:
        ipaddress.ip_address(address.strip("[]"))
    except ValueError:
        return None
    try:
        return str(ipaddress.ip_network(candidate.replace("[", "").replace("]", "")))
    except ValueError as error:
        raise ConfigError(f"{variable}: {entry!r} is not a CIDR range ({error})") from None


def configured_guard() -> SSRFGuard:
    """The SSRF guard of the configuration: public addresses, and what
    ``SENTINEL_FETCH_ALLOW_HOSTS`` allows."""
    return FetchSettings().allowed().guard()


class WebSettings(BaseSettings):
    """``SENTINEL_WEB_PROXY``: an ``http://host:port`` proxy for fetches and searches."""

    model_config = SettingsConfigDict(env_prefix="SENTINEL_WEB_", extra="ignore")

    proxy: str | None = None

    @field_validator("proxy")
    @classmethod
    def _absolute_http(cls, value: str | None) -> str | None:
        if value is None or not value.strip():
            return None
        parts = urlsplit(value.strip())
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError("must be an http:// or https:// URL, e.g. http://127.0.0.1:8377")
        return value.strip()


def web_settings() -> WebSettings:
    """The settings from the environment; ``ConfigError`` naming the variable if invalid."""
    try:
        return WebSettings()
    except ValidationError as exc:
        error = exc.errors(include_url=False)[0]
        problem = str(error["msg"]).removeprefix("Value error, ")
        raise ConfigError(f"SENTINEL_WEB_PROXY={error.get('input')!r}: {problem}") from None


def configured_fetcher(
    *,
    file_roots: tuple[Path, ...] | list[Path] = (),
    keep_blocks: bool = False,
    article: bool = True,
) -> Fetcher:
    """A ``Fetcher`` whose guard admits ``SENTINEL_FETCH_ALLOW_HOSTS`` (a bad entry fails
    here, named), going through ``SENTINEL_WEB_PROXY`` when it is set (``keep_blocks`` and
    ``article``: see ``Fetcher``)."""
    # Imported here: deliveries read the allow lists without loading the page pipeline.
    from sentinel.web.fetch import Fetcher
    from sentinel.web.politeness import REFUSAL_BACKOFF, Politeness

    # A host that answers 429/503 is left alone (its Retry-After, else a backoff) by every
    # monitor this process runs, not only by the one that was refused.
    interval = FetchSettings().fetch_host_interval_s
    return Fetcher(
        politeness=Politeness(min_interval=interval, hold_refusing=REFUSAL_BACKOFF),
        guard=configured_guard(),
        proxy=web_settings().proxy,
        file_roots=file_roots,
        keep_blocks=keep_blocks,
        article=article,
    )


def search_transport() -> httpx.AsyncBaseTransport | None:
    """The transport remote search providers use: through ``SENTINEL_WEB_PROXY`` when set,
    else None (their own default)."""
    proxy = web_settings().proxy
    return None if proxy is None else httpx.AsyncHTTPTransport(proxy=proxy, trust_env=False)
