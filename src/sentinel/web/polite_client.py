"""The GET a fetcher sends: hop by hop through redirects, vetted, polite and bounded.

:class:`PoliteClient` follows redirects itself so that every hop is checked by the SSRF guard
and robots.txt (whose ``Crawl-delay`` sets the host's pace), waits its turn with the host
(``sentinel.web.politeness``), refuses to ask a host that answered 429 or 503 until its
``Retry-After`` or a backoff has passed, and bounds each request in time and its body in bytes.
What it returns is the answer as sent (:class:`RawAnswer`); reading it is the ``Fetcher``'s.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol
from urllib.parse import urldefrag, urljoin, urlsplit

import httpx

from sentinel.pacing import parse_retry_after
from sentinel.web.content import decode
from sentinel.web.errors import BlockedURL, FetchError
from sentinel.web.guard import SSRFGuard
from sentinel.web.politeness import Politeness
from sentinel.web.robots import RobotsCache
from sentinel.web.transport import GuardedTransport

REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})
RETRYABLE_STATUSES = frozenset({408, 425, 429, 500, 502, 503, 504})
REFUSAL_STATUSES = frozenset({429, 503})
"""A host saying "not now": it is left alone for its Retry-After or a backoff (Politeness)."""
ROBOTS_MAX_BYTES = 512_000  # RFC 9309 asks crawlers to parse at least 500 KiB
_ACCEPT = "text/html,application/xhtml+xml,application/json;q=0.9,text/*;q=0.8,*/*;q=0.1"


class GetPolicy(Protocol):
    """What the GET reads of its fetcher (``sentinel.web.fetch.Fetcher``), at every hop: a
    setting changed on the fetcher applies to its next request."""

    guard: SSRFGuard
    proxy: str | None
    politeness: Politeness
    timeout: float
    max_redirects: int
    user_agent: str


@dataclass
class RawAnswer:
    """A GET's final answer as sent: where the redirects ended, the status, headers and body."""

    final_url: str
    status: int
    headers: httpx.Headers
    body: bytes
    redirects: list[str]


class PoliteClient:
    """The HTTP client of one fetcher, sending its GETs by the fetcher's ``policy``.

    Without ``transport`` it connects only to addresses the guard vetted at connect time, or,
    with the policy's ``proxy``, through that proxy (see ``Fetcher``).
    """

    def __init__(self, policy: GetPolicy, transport: httpx.AsyncBaseTransport | None) -> None:
        self.policy = policy
        if transport is None:
            transport = (
                httpx.AsyncHTTPTransport(proxy=policy.proxy, trust_env=False)
                if policy.proxy
                else GuardedTransport(policy.guard)
            )
        self._client = httpx.AsyncClient(
            transport=transport,
            timeout=policy.timeout,
            follow_redirects=False,
            trust_env=False,
            headers={"User-Agent": policy.user_agent, "Accept": _ACCEPT},
        )
        self.robots = RobotsCache(self._fetch_robots)

    async def aclose(self) -> None:
        """Close the HTTP client (and the transport it owns)."""
        await self._client.aclose()

    async def get(
        self,
        url: str,
        headers: Mapping[str, str],
        max_bytes: int,
        *,
        check_robots: bool,
        truncate: bool = False,
    ) -> RawAnswer:
        """GET ``url``, following redirects by hand so that every hop is vetted."""
        current = url
        chain: list[str] = []
        for _ in range(self.policy.max_redirects + 1):
            await self._vet(current)
            if check_robots:
                await self._check_robots(current)
            host = urlsplit(current).hostname or ""
            self._not_refusing(current, host)
            async with self.policy.politeness.slot(host):
                status, response_headers, body = await self._request(
                    current, headers, max_bytes, truncate
                )
            if status in REFUSAL_STATUSES:
                wait = parse_retry_after(response_headers.get("retry-after"))
                self.policy.politeness.refused(host, wait)
            else:
                self.policy.politeness.answered(host)
            location = response_headers.get("location")
            if status in REDIRECT_STATUSES and location:
                chain.append(current)
                current = urldefrag(urljoin(current, location.strip()))[0]
                continue
            return RawAnswer(current, status, response_headers, body, chain)
        raise FetchError(
            url,
            "redirects",
            f"more than {self.policy.max_redirects} redirects: {' -> '.join([*chain, current])}",
        )

    async def _vet(self, url: str) -> None:
        try:
            # Through a proxy a name may exist only there (a simulated world's hosts).
            await self.policy.guard.vet(url, resolve=self.policy.proxy is None)
        except BlockedURL as exc:
            raise FetchError(url, "blocked", str(exc)) from exc

    async def _check_robots(self, url: str) -> None:
        rules = await self.robots.rules(url)
        delay = rules.crawl_delay(self.policy.user_agent)
        host = urlsplit(url).hostname or ""
        if delay:
            self.policy.politeness.set_min_interval(host, delay)
        if not rules.allowed(url, self.policy.user_agent):
            raise FetchError(
                url, "robots", f"disallowed by {rules.source} for {self.policy.user_agent}"
            )

    def _not_refusing(self, url: str, host: str) -> None:
        """Raise a retryable ``backoff`` error while ``host`` is left alone after refusing
        a request (its ``Retry-After``, or the politeness backoff)."""
        wait = self.policy.politeness.resume_in(host)
        if wait > 0:
            raise FetchError(
                url,
                "backoff",
                f"{host} refused a request; left alone for {wait:.0f}s more",
                retryable=True,
                retry_after=wait,
            )

    async def _request(
        self, url: str, headers: Mapping[str, str], max_bytes: int, truncate: bool
    ) -> tuple[int, httpx.Headers, bytes]:
        try:
            async with asyncio.timeout(self.policy.timeout):
                request = self._client.build_request("GET", url, headers=headers)
                response = await self._client.send(request, stream=True)
                try:
                    if response.status_code == 304:
                        # A 304 has no body, but its message ends only once read: a response
                        # closed before that closes its connection, and the next look at the
                        # host would pay a new TCP (and TLS) handshake.
                        await response.aread()
                        return response.status_code, response.headers, b""
                    if response.status_code in REDIRECT_STATUSES:
                        return response.status_code, response.headers, b""
                    body = await self._read_capped(url, response, max_bytes, truncate)
                finally:
                    await response.aclose()
                return response.status_code, response.headers, body
        except (TimeoutError, httpx.TimeoutException) as exc:
            raise FetchError(
                url,
                "timeout",
                f"no complete answer within {self.policy.timeout:g}s",
                retryable=True,
            ) from exc
        except BlockedURL as exc:
            raise FetchError(url, "blocked", str(exc)) from exc
        except (httpx.RequestError, httpx.InvalidURL) as exc:
            # Transport failures, but also undecodable compressed bodies.
            raise FetchError(
                url, "network", f"{type(exc).__name__}: {exc}", retryable=True
            ) from exc

    async def _read_capped(
        self, url: str, response: httpx.Response, max_bytes: int, truncate: bool
    ) -> bytes:
        declared = response.headers.get("content-length", "")
        if not truncate and declared.isdigit() and int(declared) > max_bytes:
            raise FetchError(url, "too_large", f"declares {declared} bytes, limit {max_bytes}")
        chunks: list[bytes] = []
        size = 0
        # Counting decoded bytes also stops a small gzip body that inflates enormously.
        async for chunk in response.aiter_bytes():
            size += len(chunk)
            if size > max_bytes:
                if truncate:
                    chunks.append(chunk[: max_bytes - (size - len(chunk))])
                    break
                raise FetchError(url, "too_large", f"body exceeds the limit of {max_bytes} bytes")
            chunks.append(chunk)
        return b"".join(chunks)

    async def _fetch_robots(self, robots_url: str) -> tuple[int, str]:
        raw = await self.get(robots_url, {}, ROBOTS_MAX_BYTES, check_robots=False, truncate=True)
        return raw.status, decode(raw.body, raw.headers.get("content-type"), "text")


def status_error(url: str, raw: RawAnswer) -> FetchError:
    """The error for an answer that is neither content nor a redirect followed (4xx, 5xx)."""
    retryable = raw.status in RETRYABLE_STATUSES
    wait = parse_retry_after(raw.headers.get("retry-after")) if retryable else None
    return FetchError(
        url,
        "http_status",
        f"HTTP {raw.status} from {raw.final_url}",
        status=raw.status,
        retryable=retryable,
        retry_after=wait,
    )
