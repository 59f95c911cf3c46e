"""The outbound policy for libraries that open their own sockets (Apprise, through ``requests``
and ``smtplib``): their name lookups answered by the SSRF guard.

httpx takes a transport, so Sentinel's own deliveries connect through
:class:`~sentinel.web.transport.GuardedTransport`. Apprise's plugins call ``requests``,
``smtplib`` or ``socket`` themselves and offer no such seam; what every one of those does
before it connects is ``socket.getaddrinfo``. Inside :func:`pinned_lookups`, that lookup is
the guard's: the name is resolved by the guard's resolver, every address is checked, and the
library is handed the checked addresses as numbers — so the connection goes to an address
that was checked, and no second lookup exists for a DNS server to answer differently. A
refused lookup fails like an unknown name (``socket.gaierror``), which the library reports
as a connection failure; the refusal itself is kept on the :class:`Pinning` for the caller.

Outside the block (and in threads that do not carry its context) lookups are the system's,
unchanged: the wrapper is installed once and costs a context variable read.
"""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from sentinel.web.errors import BlockedURL, FetchError
from sentinel.web.guard import SSRFGuard

# How long one guarded lookup may take (a library's own connect timeout starts after it).
LOOKUP_TIMEOUT_S = 10.0
AddrInfo = tuple[Any, ...]


@dataclass
class Pinning:
    """The guard in force for the lookups of one block, and what it refused there."""

    guard: SSRFGuard
    refused: list[BlockedURL] = field(default_factory=list)


_PINNING: ContextVar[Pinning | None] = ContextVar("sentinel_pinned_lookups", default=None)
_system_getaddrinfo = socket.getaddrinfo


@contextmanager
def pinned_lookups(guard: SSRFGuard) -> Iterator[Pinning]:
    """Within the block — and in the threads that run with a copy of its context, as
    ``asyncio.to_thread`` and Apprise's workers do — every ``socket.getaddrinfo`` goes
    through ``guard``. Yields the :class:`Pinning` that collects the refusals."""
    _install()
    pinning = Pinning(guard)
    token = _PINNING.set(pinning)
    try:
        yield pinning
    finally:
        _PINNING.reset(token)


def _install() -> None:
    if socket.getaddrinfo is not _guarded_getaddrinfo:
        socket.getaddrinfo = _guarded_getaddrinfo


def _guarded_getaddrinfo(
    host: bytes | str | None,
    port: bytes | str | int | None,
    family: int = 0,
    type: int = 0,
    proto: int = 0,
    flags: int = 0,
) -> list[AddrInfo]:
    pinning = _PINNING.get()
    if pinning is None or host is None:
        return _system_getaddrinfo(host, port, family, type, proto, flags)
    name = host.decode("idna") if isinstance(host, bytes) else host
    try:
        addresses = _vet(pinning.guard, name)
    except BlockedURL as refused:
        pinning.refused.append(refused)
        raise socket.gaierror(
            socket.EAI_NONAME, f"refused by the outbound policy: {refused.reason}"
        ) from None
    if addresses is None:  # allowed by name: the user trusts whatever it resolves to
        return _system_getaddrinfo(host, port, family, type, proto, flags)
    numeric = flags | socket.AI_NUMERICHOST
    found: list[AddrInfo] = []
    for address in addresses:
        try:
            found += _system_getaddrinfo(address, port, family, type, proto, numeric)
        except socket.gaierror:
            continue  # an IPv6 address asked for as AF_INET (or the reverse)
    if not found:
        raise socket.gaierror(socket.EAI_NONAME, f"no usable address for {name!r}")
    return found


def _vet(guard: SSRFGuard, name: str) -> list[str] | None:
    """The guard's approved addresses of ``name`` (None: allowed by name); ``BlockedURL``
    when refused, ``socket.gaierror`` when it does not resolve."""

    if _running_loop() is not None:
        # A blocking library called on an event loop's thread, where the guard's resolver
        # cannot run: refused rather than resolved unchecked.
        raise socket.gaierror(socket.EAI_FAIL, f"cannot check {name!r} on an event loop thread")

    async def vet() -> list[str] | None:
        async with asyncio.timeout(LOOKUP_TIMEOUT_S):
            return await guard.vet_host(name)

    try:
        # A library's worker thread has no event loop of its own: one for this lookup.
        return asyncio.run(vet())
    except FetchError as error:
        raise socket.gaierror(socket.EAI_NONAME, f"cannot resolve {name!r}") from error
    except TimeoutError as error:
        raise socket.gaierror(socket.EAI_AGAIN, f"resolving {name!r} timed out") from error


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
