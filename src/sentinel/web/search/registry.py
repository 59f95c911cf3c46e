"""Building a search provider by name from plain settings (the one table of providers)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from sentinel.errors import ConfigError
from sentinel.web.search.base import SearchProvider
from sentinel.web.search.brave import BraveSearch
from sentinel.web.search.google_cse import GoogleCustomSearch
from sentinel.web.search.local import LocalIndex, LocalSearch
from sentinel.web.search.remote import RemoteSearchProvider
from sentinel.web.search.searxng import SearxngSearch
from sentinel.web.search.tavily import TavilySearch

REMOTE_PROVIDERS: dict[str, type[RemoteSearchProvider]] = {
    "brave": BraveSearch,
    "google_cse": GoogleCustomSearch,
    "searxng": SearxngSearch,
    "tavily": TavilySearch,
}
PROVIDER_NAMES = ("local", *sorted(REMOTE_PROVIDERS))
ALIASES = {"google": "google_cse", "searx": "searxng"}

# Settings read from the environment when not given, under the names each service documents.
ENVIRONMENT: dict[str, dict[str, str]] = {
    "brave": {"api_key": "BRAVE_API_KEY"},
    "tavily": {"api_key": "TAVILY_API_KEY"},
    "google_cse": {"api_key": "GOOGLE_SEARCH_API_KEY", "engine_id": "GOOGLE_SEARCH_ENGINE_ID"},
    "searxng": {"base_url": "SEARXNG_URL"},
}


def get_search_provider(
    name: str, *, env: Mapping[str, str] | None = None, **settings: Any
) -> SearchProvider:
    """The provider called ``name`` (local, searxng, brave, tavily, google_cse), configured.

    ``settings`` are the provider's keyword arguments (``api_key``, ``base_url``, ``timeout``,
    ``transport``…; ``index`` or ``folder`` for ``local``). Missing credentials are taken from
    the environment variables in ``ENVIRONMENT``; ``env`` replaces ``os.environ`` for that.
    """
    key = ALIASES.get(name.strip().lower(), name.strip().lower())
    if key == "local":
        return _local(settings)
    provider = REMOTE_PROVIDERS.get(key)
    if provider is None:
        raise ConfigError(
            f"unknown search provider {name!r}; choose one of {', '.join(PROVIDER_NAMES)}"
        )
    source = os.environ if env is None else env
    for setting, variable in ENVIRONMENT.get(key, {}).items():
        if settings.get(setting) is None and source.get(variable):
            settings[setting] = source[variable]
    try:
        return provider(**settings)
    except TypeError as exc:
        raise ConfigError(f"bad settings for search provider {key!r}: {exc}") from exc


def _local(settings: dict[str, Any]) -> LocalSearch:
    index = settings.pop("index", None)
    folder = settings.pop("folder", None)
    if index is None and folder is None:
        raise ConfigError("the local search provider needs an 'index' or a 'folder'")
    if index is None:
        index = LocalIndex.from_folder(Path(folder))
    if not isinstance(index, LocalIndex):
        raise ConfigError(f"'index' must be a LocalIndex, not {type(index).__name__}")
    try:
        return LocalSearch(index, **settings)
    except TypeError as exc:
        raise ConfigError(f"bad settings for search provider 'local': {exc}") from exc
