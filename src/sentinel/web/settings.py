"""How Sentinel reaches the web: ``SENTINEL_WEB_PROXY``.

Without a proxy, page fetches connect directly, each address vetted by the SSRF guard at
connect time. With one, every page fetch and every remote search request goes through it —
a corporate proxy, or ``sentinel sim serve``, whose simulated hosts exist only there.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import httpx
from pydantic import ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from sentinel.errors import ConfigError
from sentinel.web.fetch import Fetcher


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


def configured_fetcher(*, file_roots: tuple[Path, ...] | list[Path] = ()) -> Fetcher:
    """A ``Fetcher`` going through ``SENTINEL_WEB_PROXY`` when it is set."""
    return Fetcher(proxy=web_settings().proxy, file_roots=file_roots)


def search_transport() -> httpx.AsyncBaseTransport | None:
    """The transport remote search providers use: through ``SENTINEL_WEB_PROXY`` when set,
    else None (their own default)."""
    proxy = web_settings().proxy
    return None if proxy is None else httpx.AsyncHTTPTransport(proxy=proxy, trust_env=False)
