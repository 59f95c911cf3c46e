"""Fetching one web page safely and politely, and reading it.

Every hop of a redirect chain is checked by the SSRF guard and robots.txt, spaced per host
(and held back from a host that answered 429 or 503, for its ``Retry-After`` or a backoff),
bounded in time and size; responses with an ETag or Last-Modified are remembered so the next
fetch of the same URL can be a conditional request (a 304 returns the remembered result).

A caller that keeps validators across processes (a monitor's named pages: their snapshot is
stored with the state) passes them (:class:`Validators`): the request is then conditional even
on a fresh fetcher, and a 304 returns a result *without content* (``has_content`` False) —
the caller's copy is current.
"""

from __future__ import annotations

import asyncio
import functools
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urldefrag, urljoin, urlsplit

import httpx
from pydantic import BaseModel, Field

from sentinel.pacing import NO_RETRY, RetryPolicy, parse_retry_after
from sentinel.web.content import decode, read_content
from sentinel.web.errors import BlockedURL, FetchError
from sentinel.web.files import file_content_type, read_file_url
from sentinel.web.fingerprint import content_fingerprint
from sentinel.web.guard import SSRFGuard
from sentinel.web.links import PageLink
from sentinel.web.politeness import Politeness, retry_call
from sentinel.web.robots import RobotsCache
from sentinel.web.structured import EventInfo, Offer, SoftwareInfo
from sentinel.web.transport import GuardedTransport

__all__ = ["FetchError", "FetchResult", "Fetcher", "Validators"]

DEFAULT_USER_AGENT = "SentinelBot/0.1 (+https://github.com/sentinel)"
REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})
RETRYABLE_STATUSES = frozenset({408, 425, 429, 500, 502, 503, 504})
REFUSAL_STATUSES = frozenset({429, 503})
"""A host saying "not now": it is left alone for its Retry-After or a backoff (Politeness)."""
ROBOTS_MAX_BYTES = 512_000  # RFC 9309 asks crawlers to parse at least 500 KiB
_ACCEPT = "text/html,application/xhtml+xml,application/json;q=0.9,text/*;q=0.8,*/*;q=0.1"


@dataclass(frozen=True)
class Validators:
    """What makes a request conditional: the ``ETag`` and ``Last-Modified`` of the response
    the caller's copy came from (sent as ``If-None-Match`` and ``If-Modified-Since``)."""

    etag: str | None = None
    last_modified: str | None = None

    def __bool__(self) -> bool:
        return bool(self.etag or self.last_modified)

    def headers(self) -> dict[str, str]:
        """The conditional request headers."""
        headers = {}
        if self.etag:
            headers["If-None-Match"] = self.etag
        if self.last_modified:
            headers["If-Modified-Since"] = self.last_modified
        return headers


class FetchResult(BaseModel):
    """A fetched page: where it was, what it says, and how it was obtained.

    ``not_modified``: the server answered 304. With ``from_cache`` the content is this
    fetcher's remembered copy; without, the request carried the caller's validators and
    there is no content here (``has_content`` is False): the caller's copy is current.
    """

    url: str
    final_url: str
    status: int
    content_type: str
    title: str | None = None
    text: str = Field(default="", description="Main content as Markdown (text/JSON verbatim).")
    published: datetime | None = None
    jsonld: list[dict[str, Any]] = Field(default_factory=list)
    offers: list[Offer] = Field(default_factory=list)
    events: list[EventInfo] = Field(default_factory=list)
    software: list[SoftwareInfo] = Field(default_factory=list)
    page_text: str = Field(
        default="", description="Every visible block of the main region (what monitors read)."
    )
    links: list[PageLink] = Field(
        default_factory=list, description="The page's links (sentinel.web.links)."
    )
    fingerprint: str
    etag: str | None = None
    last_modified: str | None = None
    not_modified: bool = Field(
        default=False, description="The server answered 304 (see the class documentation)."
    )
    from_cache: bool = False
    redirects: list[str] = Field(default_factory=list, description="URLs that redirected.")
    fetched_at: datetime
    elapsed_s: float

    @property
    def has_content(self) -> bool:
        """Whether the page's content is here (not a 304 answered to the caller's validators)."""
        return not self.not_modified or self.from_cache


@dataclass
class _Raw:
    final_url: str
    status: int
    headers: httpx.Headers
    body: bytes
    redirects: list[str]


class Fetcher:
    """Fetches pages through the SSRF guard, robots.txt, per-host politeness and size limits.

    Without ``transport`` or ``proxy`` the fetcher connects only to addresses the guard vetted
    at connect time (no DNS-rebinding window). With an injected ``transport`` (the simulated
    world, tests) the guard still vets every URL before the request, so allow the transport's
    hosts explicitly (``SSRFGuard(allow_hosts=[...])``). With a ``proxy`` the proxy resolves
    names itself (the simulated world's ``sentinel sim serve``, a corporate proxy): the guard
    still refuses other schemes and private addresses written in the URL, but a host name is
    left to the proxy — what it resolves to is the proxy's to police, a residual risk.

    ``timeout`` bounds each request including reading its body; ``retry`` (default: none)
    retries timeouts, network errors, 429 and 5xx; ``clock`` stamps ``fetched_at``.
    ``file_roots`` lets ``file://`` URLs inside those folders be read (the local search's
    documents); without it every file URL is refused.
    """

    def __init__(
        self,
        *,
        transport: httpx.AsyncBaseTransport | None = None,
        proxy: str | None = None,
        guard: SSRFGuard | None = None,
        politeness: Politeness | None = None,
        timeout: float = 15.0,
        max_bytes: int = 5_000_000,
        max_redirects: int = 5,
        respect_robots: bool = True,
        user_agent: str = DEFAULT_USER_AGENT,
        cache_size: int = 256,
        retry: RetryPolicy = NO_RETRY,
        clock: Callable[[], datetime] | None = None,
        file_roots: Iterable[Path] = (),
        keep_blocks: bool = False,
    ) -> None:
        self.guard = guard or SSRFGuard()
        # Pages run into one line by extraction are read again keeping their blocks (the
        # research reader's choice; see ``extract_html``).
        self.keep_blocks = keep_blocks
        self.proxy = proxy
        # Folders whose files may be read through file:// URLs (the local search's documents).
        self.file_roots = tuple(Path(root) for root in file_roots)
        self.politeness = politeness or Politeness()
        self.timeout = timeout
        self.max_bytes = max_bytes
        self.max_redirects = max_redirects
        self.respect_robots = respect_robots
        self.user_agent = user_agent
        self.retry = retry
        self._clock = clock or (lambda: datetime.now(UTC))
        if transport is None:
            transport = (
                httpx.AsyncHTTPTransport(proxy=proxy, trust_env=False)
                if proxy
                else GuardedTransport(self.guard)
            )
        self._client = httpx.AsyncClient(
            transport=transport,
            timeout=timeout,
            follow_redirects=False,
            trust_env=False,
            headers={"User-Agent": user_agent, "Accept": _ACCEPT},
        )
        self._robots = RobotsCache(self._fetch_robots)
        self._cache: OrderedDict[str, FetchResult] = OrderedDict()
        self._cache_size = cache_size

    async def __aenter__(self) -> Fetcher:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Close the HTTP client (and the transport it owns)."""
        await self._client.aclose()

    async def fetch(self, url: str, *, validators: Validators | None = None) -> FetchResult:
        """Fetch and read ``url``; raises ``FetchError`` whose ``category`` says what failed.

        ``validators`` (from the caller's own copy) make the request conditional when this
        fetcher remembers no copy of its own; a 304 then returns a result without content.
        """
        target = urldefrag(url.strip())[0]
        if urlsplit(target).scheme.lower() == "file":
            return await self._fetch_file(target)
        return await retry_call(lambda: self._fetch_once(target, validators), self.retry)

    async def _fetch_file(self, url: str) -> FetchResult:
        started = time.perf_counter()
        path, body = await asyncio.to_thread(read_file_url, url, self.file_roots, self.max_bytes)
        raw = _Raw(
            final_url=path.as_uri(),
            status=200,
            headers=httpx.Headers({"content-type": file_content_type(path)}),
            body=body,
            redirects=[],
        )
        return await self._read(url, raw, started)

    async def _fetch_once(self, url: str, validators: Validators | None) -> FetchResult:
        started = time.perf_counter()
        cached = self._cache.get(url)
        # A remembered copy comes with its own validators; the caller's stand in without one.
        sent = Validators(cached.etag, cached.last_modified) if cached is not None else None
        sent = sent or validators or Validators()
        raw = await self._get(url, sent.headers(), self.max_bytes, check_robots=self.respect_robots)
        if raw.status == 304 and cached is not None and (cached.etag or cached.last_modified):
            self._cache.move_to_end(url)
            return cached.model_copy(
                update={
                    "not_modified": True,
                    "from_cache": True,
                    "fetched_at": self._clock(),
                    "elapsed_s": time.perf_counter() - started,
                }
            )
        if raw.status == 304 and sent:
            return FetchResult(
                url=url,
                final_url=raw.final_url,
                status=304,
                content_type="",
                fingerprint="",
                # A 304 may update the validators; what it leaves out stays as sent.
                etag=raw.headers.get("etag") or sent.etag,
                last_modified=raw.headers.get("last-modified") or sent.last_modified,
                not_modified=True,
                redirects=raw.redirects,
                fetched_at=self._clock(),
                elapsed_s=time.perf_counter() - started,
            )
        if raw.status >= 300:
            retryable = raw.status in RETRYABLE_STATUSES
            wait = parse_retry_after(raw.headers.get("retry-after")) if retryable else None
            raise FetchError(
                url,
                "http_status",
                f"HTTP {raw.status} from {raw.final_url}",
                status=raw.status,
                retryable=retryable,
                retry_after=wait,
            )
        result = await self._read(url, raw, started)
        self._remember(url, result)
        return result

    async def _read(self, url: str, raw: _Raw, started: float) -> FetchResult:
        # Extraction is CPU-bound (trafilatura, lxml): keep it off the event loop.
        content_type, page = await asyncio.to_thread(
            functools.partial(read_content, keep_blocks=self.keep_blocks),
            raw.body,
            raw.headers.get("content-type"),
            raw.final_url,
        )
        return FetchResult(
            url=url,
            final_url=raw.final_url,
            status=raw.status,
            content_type=content_type,
            title=page.title,
            text=page.text,
            published=page.published,
            jsonld=page.jsonld,
            offers=page.offers,
            events=page.events,
            software=page.software,
            page_text=page.page_text,
            links=page.links,
            # A monitor reads the page's visible blocks: a price in a <div> of <span>s changes
            # what it reads even when the article text trafilatura keeps does not.
            fingerprint=content_fingerprint(
                page.page_text or page.text,
                page.offers,
                page.events,
                title=page.title,
                software=page.software,
            ),
            etag=raw.headers.get("etag"),
            last_modified=raw.headers.get("last-modified"),
            redirects=raw.redirects,
            fetched_at=self._clock(),
            elapsed_s=time.perf_counter() - started,
        )

    def _remember(self, url: str, result: FetchResult) -> None:
        if self._cache_size <= 0 or not (result.etag or result.last_modified):
            return
        self._cache[url] = result
        self._cache.move_to_end(url)
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)

    async def _vet(self, url: str) -> None:
        try:
            # Through a proxy a name may exist only there (a simulated world's hosts).
            await self.guard.vet(url, resolve=self.proxy is None)
        except BlockedURL as exc:
            raise FetchError(url, "blocked", str(exc)) from exc

    async def _check_robots(self, url: str) -> None:
        rules = await self._robots.rules(url)
        delay = rules.crawl_delay(self.user_agent)
        host = urlsplit(url).hostname or ""
        if delay:
            self.politeness.set_min_interval(host, delay)
        if not rules.allowed(url, self.user_agent):
            raise FetchError(url, "robots", f"disallowed by {rules.source} for {self.user_agent}")

    async def _get(
        self,
        url: str,
        headers: Mapping[str, str],
        max_bytes: int,
        *,
        check_robots: bool,
        truncate: bool = False,
    ) -> _Raw:
        """GET ``url``, following redirects by hand so that every hop is vetted."""
        current = url
        chain: list[str] = []
        for _ in range(self.max_redirects + 1):
            await self._vet(current)
            if check_robots:
                await self._check_robots(current)
            host = urlsplit(current).hostname or ""
            self._not_refusing(current, host)
            async with self.politeness.slot(host):
                status, response_headers, body = await self._request(
                    current, headers, max_bytes, truncate
                )
            if status in REFUSAL_STATUSES:
                wait = parse_retry_after(response_headers.get("retry-after"))
                self.politeness.refused(host, wait)
            else:
                self.politeness.answered(host)
            location = response_headers.get("location")
            if status in REDIRECT_STATUSES and location:
                chain.append(current)
                current = urldefrag(urljoin(current, location.strip()))[0]
                continue
            return _Raw(current, status, response_headers, body, chain)
        raise FetchError(
            url,
            "redirects",
            f"more than {self.max_redirects} redirects: {' -> '.join([*chain, current])}",
        )

    def _not_refusing(self, url: str, host: str) -> None:
        """Raise a retryable ``backoff`` error while ``host`` is left alone after refusing
        a request (its ``Retry-After``, or the politeness backoff)."""
        wait = self.politeness.resume_in(host)
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
            async with asyncio.timeout(self.timeout):
                request = self._client.build_request("GET", url, headers=headers)
                response = await self._client.send(request, stream=True)
                try:
                    if response.status_code in REDIRECT_STATUSES or response.status_code == 304:
                        return response.status_code, response.headers, b""
                    body = await self._read_capped(url, response, max_bytes, truncate)
                finally:
                    await response.aclose()
                return response.status_code, response.headers, body
        except (TimeoutError, httpx.TimeoutException) as exc:
            raise FetchError(
                url, "timeout", f"no complete answer within {self.timeout:g}s", retryable=True
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
        raw = await self._get(robots_url, {}, ROBOTS_MAX_BYTES, check_robots=False, truncate=True)
        return raw.status, decode(raw.body, raw.headers.get("content-type"), "text")
