"""What every HTTP search provider shares: the client, rate limit, retries and error mapping."""

from __future__ import annotations

import asyncio
import html
import json
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, ClassVar
from urllib.parse import urlsplit

import httpx

from sentinel.pacing import (
    RetryPolicy,
    Sleep,
    TokenBucket,
    is_retryable_status,
    parse_retry_after,
)
from sentinel.web.dates import parse_datetime
from sentinel.web.errors import MalformedResponse, SearchAuthError, SearchProviderError
from sentinel.web.politeness import retry_call
from sentinel.web.search.base import SearchHit, SearchInput

_TAG = re.compile(r"<[^>]{0,200}>")


@dataclass(frozen=True, slots=True)
class HitFields:
    """Where a provider's result rows keep each field of a :class:`SearchHit`: a key of the
    row, or (``published``) a function of the row for providers that nest the date."""

    url: str = "url"
    title: str = "title"
    snippet: str = "content"
    published: str | Callable[[Mapping[str, Any]], datetime | None] | None = None
    score: str | None = None


def clean_text(value: object) -> str:
    """Plain text from a provider string: markup removed, entities decoded, spaces collapsed."""
    if not isinstance(value, str):
        return ""
    return " ".join(html.unescape(_TAG.sub("", value)).split())


def web_url(value: object) -> str | None:
    """The value if it is an absolute http(s) URL, else None (hits without one are dropped)."""
    if not isinstance(value, str):
        return None
    url = value.strip()
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return None
    return url


class RemoteSearchProvider(ABC):
    """Base class of the HTTP search providers.

    Subclasses set ``name``, ``default_base_url`` and ``fields``, build the request in
    ``search`` and, unless their rows sit in a ``"results"`` list, map the JSON in ``parse``;
    this class supplies rate limiting, bounded retries of retryable failures (timeouts,
    network errors, 429, 5xx, honouring ``Retry-After``) and typed errors: ``SearchAuthError``
    (never retried), ``MalformedResponse``, ``SearchProviderError``.

    Pass ``transport`` (or a whole ``client``) to route requests somewhere else, as tests and
    the simulated world do. A client passed in is never closed by the provider. ``rate_limit``
    is requests per second (default: the provider's ``default_rate``), None for no limit, or a
    ``TokenBucket`` to share one limit between providers.
    """

    name: str
    default_base_url: ClassVar[str]
    fields: ClassVar[HitFields] = HitFields()
    """The provider's row layout, read by :meth:`rows_to_hits`."""
    default_rate: ClassVar[float | None] = 1.0

    def __init__(
        self,
        *,
        api_key: str | None = None,
        base_url: str | None = None,
        timeout: float = 10.0,
        transport: httpx.AsyncBaseTransport | None = None,
        client: httpx.AsyncClient | None = None,
        retry: RetryPolicy | None = None,
        rate_limit: float | TokenBucket | None = -1.0,
        sleep: Sleep = asyncio.sleep,
        clock: Callable[[], datetime] | None = None,
    ) -> None:
        self.api_key = api_key
        self.base_url = (base_url or self.default_base_url).rstrip("/")
        self.timeout = timeout
        self.retry = retry or RetryPolicy()
        self._transport = transport
        self._client = client
        self._owns_client = client is None
        self._sleep = sleep
        self._clock = clock or (lambda: datetime.now(UTC))
        # -1 means "the provider's documented default"; None disables client-side limiting; a
        # TokenBucket instance can be shared by several providers using the same API key.
        self._bucket: TokenBucket | None
        if isinstance(rate_limit, TokenBucket):
            self._bucket = rate_limit
        else:
            rate = self.default_rate if rate_limit == -1.0 else rate_limit
            self._bucket = None if rate is None else TokenBucket(rate, sleep=sleep)

    async def __aenter__(self) -> RemoteSearchProvider:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        """Close the HTTP client this provider created (a client passed in is left open)."""
        if self._client is not None and self._owns_client:
            await self._client.aclose()
            self._client = None

    def _http(self) -> httpx.AsyncClient:
        if self._client is None:
            self._client = httpx.AsyncClient(transport=self._transport, timeout=self.timeout)
        return self._client

    @abstractmethod
    async def search(self, query: SearchInput) -> list[SearchHit]:
        """Run one search; each provider maps the query onto its own API."""

    async def _call(
        self,
        method: str,
        path: str,
        *,
        params: Mapping[str, str | int] | None = None,
        body: Mapping[str, Any] | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> Any:
        """Send one API request with rate limiting and retries; return the decoded JSON."""
        url = self.base_url + path

        async def attempt() -> Any:
            if self._bucket is not None:
                await self._bucket.acquire()
            try:
                response = await self._http().request(
                    method, url, params=params, json=body, headers=headers, timeout=self.timeout
                )
            except httpx.TimeoutException as exc:
                raise SearchProviderError(
                    self.name,
                    f"no answer within {self.timeout:g}s ({type(exc).__name__})",
                    retryable=True,
                ) from exc
            except httpx.TransportError as exc:
                raise SearchProviderError(
                    self.name, f"network error: {type(exc).__name__}: {exc}", retryable=True
                ) from exc
            if not response.is_success:
                raise self.status_error(response)
            return self.decode(response)

        return await retry_call(attempt, self.retry, sleep=self._sleep)

    def decode(self, response: httpx.Response) -> Any:
        """The response body as JSON, or ``MalformedResponse`` naming what came instead."""
        try:
            return json.loads(response.content)
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise MalformedResponse(
                self.name, f"not JSON ({exc})", response.text, status=response.status_code
            ) from exc

    def error_detail(self, payload: Any) -> str:
        """The human message inside a provider's error body; subclasses know where it lives."""
        return ""

    def status_error(self, response: httpx.Response) -> SearchProviderError:
        """The typed error for a non-2xx answer: auth, retryable (429/5xx), or plain."""
        status = response.status_code
        try:
            detail = self.error_detail(json.loads(response.content))
        except (json.JSONDecodeError, UnicodeDecodeError):
            detail = ""
        detail = detail or clean_text(response.text)[:200] or response.reason_phrase
        classified = self.classify(status, detail, response)
        if classified is not None:
            return classified
        if status in (401, 403):
            return SearchAuthError(
                self.name,
                f"authentication failed (HTTP {status}): {detail}; check the API key",
                status=status,
            )
        if 300 <= status < 400:
            location = response.headers.get("location", "?")
            return SearchProviderError(
                self.name, f"unexpected redirect (HTTP {status}) to {location}", status=status
            )
        retryable = is_retryable_status(status)
        retry_after = parse_retry_after(response.headers.get("retry-after"))
        return SearchProviderError(
            self.name,
            f"HTTP {status}: {detail}",
            status=status,
            retryable=retryable,
            retry_after=retry_after if retryable else None,
        )

    def classify(
        self, status: int, detail: str, response: httpx.Response
    ) -> SearchProviderError | None:
        """A provider-specific error for this answer, or None for the generic mapping."""
        return None

    def parse(self, payload: Any) -> list[SearchHit]:
        """Map a JSON results page to hits: here (SearXNG, Tavily) an object keeping its result
        rows as a list under ``"results"``; entries without a title or URL are skipped.
        Providers with another layout override this."""
        results = self.json_object(payload).get("results")
        if not isinstance(results, list):
            raise self.malformed("'results' is missing or not a list", payload)
        return self.rows_to_hits(results)

    def json_object(self, payload: Any) -> dict[str, Any]:
        """``payload`` if it is a JSON object; ``MalformedResponse`` otherwise."""
        if not isinstance(payload, dict):
            raise self.malformed(f"expected an object, got {type(payload).__name__}", payload)
        return payload

    def malformed(self, problem: str, payload: Any) -> MalformedResponse:
        """A ``MalformedResponse`` for a body of the wrong shape."""
        return MalformedResponse(self.name, problem, json.dumps(payload)[:500], status=200)

    def rows_to_hits(self, rows: Iterable[object]) -> list[SearchHit]:
        """Map result rows through :attr:`fields`; rows that are not objects, or lack a title
        or an absolute http(s) URL, are skipped."""
        fields = self.fields
        hits: list[SearchHit] = []
        for row in rows:
            if not isinstance(row, dict):
                continue
            url = web_url(row.get(fields.url))
            title = clean_text(row.get(fields.title))
            if url is None or not title:
                continue
            if callable(fields.published):
                published = fields.published(row)
            else:
                published = parse_datetime(row.get(fields.published)) if fields.published else None
            score = row.get(fields.score) if fields.score else None
            hits.append(
                SearchHit(
                    title=title,
                    url=url,
                    snippet=clean_text(row.get(fields.snippet)),
                    published=published,
                    provider=self.name,
                    score=float(score) if isinstance(score, int | float) else None,
                )
            )
        return hits

    def hits(self, rows: Iterable[SearchHit], query: SearchInput) -> list[SearchHit]:
        """The first ``num_results`` rows, one per URL, dropping any published before the
        freshness window (a provider's own filter is coarser than ours for some windows).
        """
        since = query.since(self._clock())
        seen: set[str] = set()
        kept: list[SearchHit] = []
        for hit in rows:
            if hit.url in seen:
                continue
            # A stale hit still claims its URL: a later duplicate without a date is no fresher.
            seen.add(hit.url)
            if since and hit.published and hit.published < since:
                continue
            kept.append(hit)
            if len(kept) == query.num_results:
                break
        return kept
