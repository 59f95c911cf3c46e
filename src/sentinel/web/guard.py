"""The SSRF guard: Sentinel fetches URLs that models and web pages hand it, so it must never be
talked into connecting to the machine itself or its private network.

A URL passes when its scheme is http(s) and every address its host resolves to is globally
routable — or when the host or address was explicitly allowed (the simulated world, loopback
test servers). The guard resolves names itself (asynchronously, resolver injectable) and the
fetcher connects to exactly the addresses the guard approved (see ``sentinel.web.transport``),
so a DNS answer cannot change between the check and the connection.
"""

from __future__ import annotations

import asyncio
import ipaddress
import re
import socket
from collections.abc import Awaitable, Callable, Iterable
from urllib.parse import SplitResult, urlsplit

from sentinel.web.errors import BlockedURL, FetchError

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Resolver = Callable[[str], Awaitable[list[str]]]

ALLOWED_SCHEMES = frozenset({"http", "https"})
ALLOW_HOSTS_VARIABLE = "SENTINEL_FETCH_ALLOW_HOSTS"
# What a user who means to reach a non-public address does (see sentinel.web.settings).
ALLOW_HINT = f"to read it on purpose, add the host or its address to {ALLOW_HOSTS_VARIABLE}"
_CGNAT = ipaddress.ip_network("100.64.0.0/10")
_NAT64 = ipaddress.ip_network("64:ff9b::/96")
_IPV4_COMPATIBLE = ipaddress.ip_network("::/96")
_LEGACY_IPV4 = re.compile(r"^[0-9a-fx.]+$")


async def system_resolver(host: str) -> list[str]:
    """The addresses ``host`` resolves to, through the event loop's getaddrinfo."""
    loop = asyncio.get_running_loop()
    infos = await loop.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    return list(dict.fromkeys(str(info[4][0]) for info in infos))


def parse_ip(text: str) -> IPAddress | None:
    """An IP address literal, including the legacy IPv4 spellings getaddrinfo would accept
    (``127.1``, ``0x7f.0.0.1``, ``2130706433``); None for a host name."""
    candidate = text.strip("[]").split("%", 1)[0]
    try:
        return ipaddress.ip_address(candidate)
    except ValueError:
        pass
    if _LEGACY_IPV4.match(candidate.lower()):
        try:
            return ipaddress.IPv4Address(socket.inet_aton(candidate))
        except OSError:
            return None
    return None


def _embedded_ipv4(ip: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    if ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    if ip in _IPV4_COMPATIBLE and int(ip) > 1:
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    if ip in _NAT64:
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    if ip.sixtofour is not None:
        return ip.sixtofour
    if ip.teredo is not None:
        return ip.teredo[1]
    return None


def blocked_reason(ip: IPAddress) -> str | None:
    """Why connecting to ``ip`` is refused, or None for a globally routable address."""
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None or (ip in _IPV4_COMPATIBLE and int(ip) > 1):
            inner = _embedded_ipv4(ip)
            # Nothing public is published this way; these only serve to smuggle IPv4 targets.
            return f"IPv4-mapped/compatible IPv6 address (embeds {inner})"
        inner = _embedded_ipv4(ip)
        if inner is not None:
            reason = blocked_reason(inner)
            if reason is not None:
                return f"IPv6 address embedding a {reason} IPv4 address ({inner})"
    if ip.is_unspecified:
        return "unspecified address"
    if ip.is_loopback:
        return "loopback address"
    if ip.is_link_local:
        return "link-local address"
    if ip.is_multicast:
        return "multicast address"
    if isinstance(ip, ipaddress.IPv4Address) and ip in _CGNAT:
        return "carrier-grade NAT (shared) address"
    if ip.is_reserved:
        return "reserved address"
    if ip.is_private:
        return "private network address"
    if isinstance(ip, ipaddress.IPv6Address) and ip.is_site_local:
        return "site-local address"
    if not ip.is_global:
        return "address that is not globally routable"
    return None


def normalize_host(host: str) -> str:
    """Host name in the form allowlists compare: lowercase, no brackets, no trailing dot."""
    return host.strip().strip("[]").rstrip(".").lower()


def is_localhost_name(host: str) -> bool:
    """Whether ``host`` is ``localhost`` or a ``*.localhost`` name, which resolve to loopback
    wherever they are looked up (RFC 6761): refused without asking a resolver."""
    name = normalize_host(host)
    return name == "localhost" or name.endswith(".localhost")


class SSRFGuard:
    """Decides whether Sentinel may connect to a URL.

    ``allow_hosts`` are host names (or ``*.example`` suffix patterns) trusted without looking at
    their addresses; ``allow_networks`` are CIDR ranges whose addresses are accepted even though
    private (e.g. ``127.0.0.0/8`` for a loopback test server). ``resolver`` maps a host name to
    its addresses (default: the system resolver, asynchronously). ``allow_hint`` tells a user
    refused how to allow a target on purpose (which setting to extend).
    """

    def __init__(
        self,
        *,
        allow_hosts: Iterable[str] = (),
        allow_networks: Iterable[str] = (),
        resolver: Resolver | None = None,
        allow_hint: str = ALLOW_HINT,
    ) -> None:
        self.allow_hint = allow_hint
        hosts = [normalize_host(h) for h in allow_hosts]
        self._exact_hosts = frozenset(h for h in hosts if not h.startswith("*."))
        self._host_suffixes = tuple(h[1:] for h in hosts if h.startswith("*."))
        self._networks: tuple[Network, ...] = tuple(
            ipaddress.ip_network(n, strict=False) for n in allow_networks
        )
        self._resolver = resolver or system_resolver

    def is_allowed_host(self, host: str) -> bool:
        """Whether ``host`` is on the allowlist (its addresses are then not checked)."""
        name = normalize_host(host)
        return name in self._exact_hosts or any(name.endswith(s) for s in self._host_suffixes)

    def _allowed_network(self, ip: IPAddress) -> bool:
        return any(ip.version == net.version and ip in net for net in self._networks)

    def check_address(self, address: str, *, url: str, host: str) -> None:
        """Raise ``BlockedURL`` unless ``address`` may be connected to."""
        ip = parse_ip(address)
        if ip is None:
            raise BlockedURL(
                url,
                "resolver returned something that is not an IP address",
                host=host,
                address=address,
            )
        if self._allowed_network(ip):
            return
        reason = blocked_reason(ip)
        if reason is not None:
            hint = None if ip.is_unspecified or ip.is_multicast else self.allow_hint
            raise BlockedURL(url, reason, host=host, address=str(ip), hint=hint)

    async def vet_host(
        self, host: str, *, url: str | None = None, resolve: bool = True
    ) -> list[str] | None:
        """The approved addresses of ``host``; None if the host is allowlisted by name, or
        is a name and ``resolve`` is false (a proxy resolves it: see ``Fetcher``).

        Every resolved address must pass: a connection may use any of them.
        """
        shown = url or host
        if self.is_allowed_host(host):
            return None
        name = normalize_host(host)
        literal = parse_ip(name)
        if literal is not None:
            self.check_address(str(literal), url=shown, host=name)
            return [str(literal)]
        if not resolve:
            return None
        try:
            addresses = await self._resolver(name)
        except (OSError, UnicodeError) as exc:
            raise FetchError(
                shown, "network", f"cannot resolve host {name!r}: {exc}", retryable=True
            ) from exc
        if not addresses:
            raise FetchError(shown, "network", f"host {name!r} has no addresses", retryable=True)
        for address in addresses:
            self.check_address(address, url=shown, host=name)
        return list(addresses)

    async def vet(self, url: str, *, resolve: bool = True) -> list[str] | None:
        """Check ``url`` and return the approved addresses of its host (None if allowlisted,
        or a name left unresolved because ``resolve`` is false)."""
        host = _split(url).hostname or ""
        return await self.vet_host(host, url=url, resolve=resolve)

    def check_unresolved(self, url: str) -> None:
        """What can be decided about ``url`` without a resolver: raise ``BlockedURL`` for a
        scheme other than http(s), no host, a non-public address literal (in any spelling
        getaddrinfo accepts: ``[::1]``, ``0x7f000001``) or a ``localhost`` name, unless
        allowed. A name that may resolve anywhere passes: connections check its addresses."""
        self.check_host_unresolved(_split(url).hostname or "", url=url)

    def check_host_unresolved(self, host: str, *, url: str) -> None:
        """:meth:`check_unresolved` for a host that ``url`` (of any scheme) connects to."""
        if self.is_allowed_host(host):
            return
        name = normalize_host(host)
        literal = parse_ip(name)
        if literal is not None:
            self.check_address(str(literal), url=url, host=name)
        elif is_localhost_name(name):
            raise BlockedURL(url, "loopback name", host=name, hint=self.allow_hint)

    async def check(self, url: str) -> None:
        """Raise ``BlockedURL`` (naming URL, host, address and reason) unless ``url`` is safe."""
        await self.vet(url)


def _split(url: str) -> SplitResult:
    """``url``'s parts; ``BlockedURL`` unless it is an http(s) URL with a host."""
    try:
        parts = urlsplit(url)
        host = parts.hostname
        parts.port  # noqa: B018 - raises ValueError for a malformed port
    except ValueError as exc:
        raise BlockedURL(url, f"malformed URL ({exc})") from exc
    if parts.scheme.lower() not in ALLOWED_SCHEMES:
        raise BlockedURL(url, f"scheme {parts.scheme or '(none)'!r} is not http or https")
    if not host:
        raise BlockedURL(url, "no host name")
    return parts
