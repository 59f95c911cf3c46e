"""Fetching one web page safely and politely, and reading it.

Every hop of a redirect chain is checked by the SSRF guard and robots.txt, spaced per host
(and held back from a host that answered 429 or 503, for its ``Retry-After`` or a backoff),
bounded in time and size; responses with an ETag or Last-Modified are remembered so the next
fetch of the same URL can be a conditional request (a 304 returns the remembered result).

A caller that keeps validators across processes (a monitor's named pages: their snapshot is
stored with the state) passes them (:class:`Validators`): the request is then conditional even
on a fresh fetcher, and a 304 returns a result *without content* (``has_content`` False) —
the caller's copy is current.

The GET itself, hop by hop, is ``sentinel.web.polite_client``'s; what a fetch returns is
``sentinel.web.fetch_result``'s.
"""

from __future__ import annotations

import asyncio
import functools
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urldefrag, urlsplit

import httpx

from sentinel.pacing import NO_RETRY, RetryPolicy
from sentinel.web.content import read_content
from sentinel.web.fetch_result import FetchResult, Validators
from sentinel.web.files import file_content_type, read_file_url
from sentinel.web.fingerprint import content_fingerprint
from sentinel.web.guard import SSRFGuard
from sentinel.web.polite_client import PoliteClient, RawAnswer, status_error
from sentinel.web.politeness import Politeness, retry_call
from sentinel.web.robots import RobotsRules

__all__ = ["Fetcher"]

DEFAULT_USER_AGENT = "SentinelBot/0.1 (+https://github.com/sentinel)"


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
        article: bool = True,
    ) -> None:
        self.guard = guard or SSRFGuard()
        # Pages run into one line by extraction are read again keeping their blocks (the
        # research reader's choice; see ``extract_html``).
        self.keep_blocks = keep_blocks
        # A monitor's fetcher reads the visible blocks only, not trafilatura's article.
        self.article = article
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
        self._http = PoliteClient(self, transport)
        self._cache: OrderedDict[str, FetchResult] = OrderedDict()
        self._cache_size = cache_size

    async def __aenter__(self) -> Fetcher:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Close the HTTP client (and the transport it owns)."""
        await self._http.aclose()

    async def fetch(self, url: str, *, validators: Validators | None = None) -> FetchResult:
        """Fetch and read ``url``; raises ``FetchError`` whose ``category`` says what failed.

        ``validators`` (from the caller's own copy) make the request conditional when this
        fetcher remembers no copy of its own; a 304 then returns a result without content.
        """
        target = urldefrag(url.strip())[0]
        if urlsplit(target).scheme.lower() == "file":
            return await self._fetch_file(target)
        return await retry_call(lambda: self._fetch_once(target, validators), self.retry)

    async def robots_rules(self, url: str) -> RobotsRules:
        """The robots.txt rules of ``url``'s origin: the copy every fetch checks, fetched once
        per origin and cached (its ``Sitemap:`` lines say where the site lists its pages)."""
        return await self._http.robots.rules(url)

    async def fetch_document(self, url: str, *, max_bytes: int) -> bytes:
        """The body of ``url`` as sent, not read as a page (a sitemap): vetted, checked
        against robots.txt, paced and retried like a page fetch, at most ``max_bytes``;
        raises ``FetchError`` for an answer other than 2xx."""
        target = urldefrag(url.strip())[0]

        async def once() -> bytes:
            raw = await self._http.get(target, {}, max_bytes, check_robots=self.respect_robots)
            if raw.status >= 300:
                raise status_error(target, raw)
            return raw.body

        return await retry_call(once, self.retry)

    async def _fetch_file(self, url: str) -> FetchResult:
        started = time.perf_counter()
        path, body = await asyncio.to_thread(read_file_url, url, self.file_roots, self.max_bytes)
        raw = RawAnswer(
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
        raw = await self._http.get(
            url, sent.headers(), self.max_bytes, check_robots=self.respect_robots
        )
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
            raise status_error(url, raw)
        result = await self._read(url, raw, started)
        self._remember(url, result)
        return result

    async def _read(self, url: str, raw: RawAnswer, started: float) -> FetchResult:
        # Extraction is CPU-bound (trafilatura, lxml): keep it off the event loop.
        content_type, page = await asyncio.to_thread(
            functools.partial(read_content, keep_blocks=self.keep_blocks, article=self.article),
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
