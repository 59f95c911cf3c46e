"""Typed errors of the web layer: search provider failures, fetch failures, sitemaps that
cannot be read, blocked URLs."""

from __future__ import annotations

from typing import Literal

from sentinel.errors import InvalidInput, ProviderError

FetchErrorCategory = Literal[
    "blocked",
    "timeout",
    "too_large",
    "http_status",
    "robots",
    "network",
    "unsupported_type",
    "redirects",
    "backoff",
]


class SearchProviderError(ProviderError):
    """A search provider failed; ``retry_after`` is the wait the server asked for, if any."""

    def __init__(
        self,
        provider: str,
        message: str,
        *,
        retryable: bool = False,
        status: int | None = None,
        retry_after: float | None = None,
    ) -> None:
        super().__init__(provider, message, retryable=retryable, status=status)
        self.retry_after = retry_after


class SearchAuthError(SearchProviderError):
    """The provider refused the credentials (missing, invalid or unentitled API key).

    Never retried: the same key fails the same way until someone changes the configuration.
    """


class MalformedResponse(SearchProviderError):
    """The provider answered, but not with the JSON shape it documents; keeps a body excerpt."""

    def __init__(self, provider: str, problem: str, body: str, *, status: int | None) -> None:
        self.body = body[:500]
        message = f"malformed response: {problem} (body starts {self.body[:120]!r})"
        super().__init__(provider, message, status=status)


class FetchError(ProviderError):
    """Fetching a URL failed. ``category`` says how, so callers can decide what to do next."""

    def __init__(
        self,
        url: str,
        category: FetchErrorCategory,
        message: str,
        *,
        status: int | None = None,
        retryable: bool = False,
        retry_after: float | None = None,
    ) -> None:
        self.url = url
        self.category: FetchErrorCategory = category
        self.retry_after = retry_after
        super().__init__("fetch", f"{url}: {message}", retryable=retryable, status=status)


class SitemapError(ProviderError):
    """A sitemap could not be read as one: not well-formed XML, a DOCTYPE or entity
    declaration (refused), another root element, or too large. ``problem`` says which."""

    def __init__(self, url: str, problem: str) -> None:
        self.url = url
        self.problem = problem
        super().__init__("sitemap", f"{url}: {problem}")


class BlockedURL(InvalidInput):
    """A URL points where Sentinel must not connect (loopback, private network, bad scheme…)."""

    def __init__(
        self,
        url: str,
        reason: str,
        *,
        host: str | None = None,
        address: str | None = None,
        hint: str | None = None,
    ) -> None:
        self.url = url
        self.host = host
        self.address = address
        self.reason = reason
        where = ""
        if host is not None:
            resolved = f" -> {address}" if address and address != host else ""
            where = f" (host {host!r}{resolved})"
        advice = f"; {hint}" if hint else ""
        super().__init__("url", url, f"blocked{where}: {reason}{advice}")
