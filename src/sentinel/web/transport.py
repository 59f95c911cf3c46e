"""An httpx transport that connects only to addresses the SSRF guard approved.

Checking a URL and then letting the HTTP client resolve the name again leaves a window: a
hostile DNS server can answer with a public address for the check and ``127.0.0.1`` for the
connection ("DNS rebinding"). Here name resolution and the check happen together at connect
time, inside httpcore's network backend, and the socket is opened to the vetted address itself.
TLS still verifies the certificate against the host name, because only the TCP connect changes.
"""

from __future__ import annotations

import asyncio
import ssl
import typing

import httpcore
import httpx

from sentinel.web.guard import SSRFGuard

SocketOption = typing.Any
DEFAULT_LIMITS = httpx.Limits(max_connections=50, max_keepalive_connections=10)


class GuardedNetworkBackend(httpcore.AsyncNetworkBackend):
    """Resolves through the guard, refuses blocked addresses, connects to an approved one."""

    def __init__(self, guard: SSRFGuard, inner: httpcore.AsyncNetworkBackend | None = None) -> None:
        self._guard = guard
        self._inner = inner or httpcore.AnyIOBackend()

    async def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,  # noqa: ASYNC109 - httpcore's backend interface
        local_address: str | None = None,
        socket_options: typing.Iterable[SocketOption] | None = None,
    ) -> httpcore.AsyncNetworkStream:
        """Vet ``host`` (raises ``BlockedURL``) and connect to the first approved address."""
        try:
            async with asyncio.timeout(timeout):
                addresses = await self._guard.vet_host(host, url=f"{host}:{port}")
        except TimeoutError as exc:
            raise httpcore.ConnectTimeout(f"resolving {host} took longer than {timeout}s") from exc
        if addresses is None:  # allowlisted by name: ordinary resolution
            return await self._inner.connect_tcp(
                host,
                port,
                timeout=timeout,
                local_address=local_address,
                socket_options=socket_options,
            )
        failure: Exception | None = None
        for address in addresses:
            try:
                return await self._inner.connect_tcp(
                    address,
                    port,
                    timeout=timeout,
                    local_address=local_address,
                    socket_options=socket_options,
                )
            except (httpcore.ConnectError, httpcore.ConnectTimeout) as exc:
                failure = exc
        assert failure is not None  # vet_host never approves an empty list
        raise failure

    async def connect_unix_socket(
        self,
        path: str,
        timeout: float | None = None,  # noqa: ASYNC109 - httpcore's backend interface
        socket_options: typing.Iterable[SocketOption] | None = None,
    ) -> httpcore.AsyncNetworkStream:
        """Unix sockets are local by definition: always refused."""
        raise httpcore.ConnectError(f"connecting to unix socket {path!r} is not allowed")

    async def sleep(self, seconds: float) -> None:
        """Delegate to the wrapped backend."""
        await self._inner.sleep(seconds)


class GuardedTransport(httpx.AsyncHTTPTransport):
    """``httpx.AsyncHTTPTransport`` whose connections go through :class:`GuardedNetworkBackend`.

    It ignores proxy environment variables: a proxy would resolve names itself and defeat the
    pinning (pass an explicit proxy to the fetcher instead, accepting that residual risk).
    """

    def __init__(
        self,
        guard: SSRFGuard,
        *,
        verify: ssl.SSLContext | bool = True,
        limits: httpx.Limits = DEFAULT_LIMITS,
    ) -> None:
        super().__init__(verify=verify, limits=limits, trust_env=False)
        # httpx builds its pool in __init__ without a way to pass a network backend, so the
        # pool is rebuilt with the same settings; test_transport pins this against upgrades.
        self._pool = httpcore.AsyncConnectionPool(
            ssl_context=httpx.create_ssl_context(verify=verify, trust_env=False),
            max_connections=limits.max_connections,
            max_keepalive_connections=limits.max_keepalive_connections,
            keepalive_expiry=limits.keepalive_expiry,
            http1=True,
            http2=False,
            network_backend=GuardedNetworkBackend(guard),
        )
