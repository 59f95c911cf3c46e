"""How to build each remote provider against a test server, and where it sends requests."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sentinel.web.search.brave import BraveSearch
from sentinel.web.search.google_cse import GoogleCustomSearch
from sentinel.web.search.remote import RemoteSearchProvider
from sentinel.web.search.searxng import SearxngSearch
from sentinel.web.search.tavily import TavilySearch


@dataclass(frozen=True)
class ProviderCase:
    name: str
    path: str
    fixture: str
    make: Callable[..., RemoteSearchProvider]


CASES = [
    ProviderCase(
        "brave",
        "/res/v1/web/search",
        "brave_web_search.json",
        lambda **kw: BraveSearch(**{"api_key": "brave-key", **kw}),
    ),
    ProviderCase(
        "tavily",
        "/search",
        "tavily_search.json",
        lambda **kw: TavilySearch(**{"api_key": "tvly-key", **kw}),
    ),
    ProviderCase(
        "google_cse",
        "/customsearch/v1",
        "google_cse.json",
        lambda **kw: GoogleCustomSearch(**{"api_key": "g-key", "engine_id": "cx-id", **kw}),
    ),
    ProviderCase(
        "searxng",
        "/search",
        "searxng_search.json",
        lambda **kw: SearxngSearch(**kw),
    ),
]


def ids(case: Any) -> str:
    return str(case.name)
