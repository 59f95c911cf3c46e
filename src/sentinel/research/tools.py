"""What a run searches and reads with: a search provider and a page reader, built for the
three ways Sentinel reaches documents.

- ``ResearchTools.local(index)``: a local full-text index; pages are read from the index.
  ``ResearchTools.home_index(folder)`` loads one from a folder of documents (by default the
  one every application searches: ``SENTINEL_SEARCH_FOLDER``, ``<SENTINEL_HOME>/documents``
  unless set; see ``sentinel.web.search.settings``).
- ``ResearchTools.web(provider)``: any web search provider; pages fetched by a guarded
  ``Fetcher`` on the real network.
- ``ResearchTools.searxng_over(base_url, transport, hosts=...)``: a SearXNG-compatible engine
  and the pages it finds, both through one httpx transport (how a simulated world plugs in:
  its search endpoint and its in-process transport; this package never imports the world).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from types import TracebackType

import httpx

from sentinel.research.errors import EmptyIndexError
from sentinel.research.reading import FetcherReader, IndexReader, PageReader
from sentinel.web.fetch import Fetcher
from sentinel.web.guard import SSRFGuard
from sentinel.web.politeness import Politeness
from sentinel.web.search import SearchProvider
from sentinel.web.search.local import LocalIndex, LocalSearch
from sentinel.web.search.searxng import SearxngSearch
from sentinel.web.search.settings import SearchSettings
from sentinel.web.settings import configured_guard


@dataclass
class ResearchTools:
    """A search provider, a page reader, and what to close when the run is over."""

    search: SearchProvider
    reader: PageReader
    closers: list[Callable[[], Awaitable[None]]] = field(default_factory=list)

    @classmethod
    def local(
        cls, index: LocalIndex, *, clock: Callable[[], datetime] | None = None
    ) -> ResearchTools:
        """Search and read a local index."""
        return cls(LocalSearch(index, clock=clock), IndexReader(index))

    @classmethod
    def home_index(cls, folder: Path | None = None) -> ResearchTools:
        """The local index of the documents in ``folder`` (default: the documents folder of
        ``SENTINEL_SEARCH_FOLDER``); ``EmptyIndexError`` when it holds none (or is not
        there)."""
        folder = folder if folder is not None else SearchSettings().documents_folder()
        documents = LocalIndex.from_folder(folder) if folder.is_dir() else LocalIndex()
        if len(documents) == 0:
            raise EmptyIndexError(str(folder))
        return cls.local(documents)

    @classmethod
    def web(cls, provider: SearchProvider, *, fetcher: Fetcher | None = None) -> ResearchTools:
        """Search with ``provider``; read pages with ``fetcher`` (default: one guarded as the
        configuration says, ``SENTINEL_FETCH_ALLOW_HOSTS`` included)."""
        fetcher = fetcher or Fetcher(guard=configured_guard(), keep_blocks=True)
        closers: list[Callable[[], Awaitable[None]]] = [fetcher.aclose]
        aclose = getattr(provider, "aclose", None)
        if callable(aclose):
            closers.append(aclose)
        return cls(provider, FetcherReader(fetcher), closers)

    @classmethod
    def searxng_over(
        cls,
        base_url: str,
        transport: httpx.AsyncBaseTransport,
        *,
        hosts: Iterable[str],
        clock: Callable[[], datetime] | None = None,
        min_interval: float = 0.0,
    ) -> ResearchTools:
        """A SearXNG engine at ``base_url`` and pages on ``hosts``, all through ``transport``.

        The fetcher's guard allows exactly ``hosts``; ``clock`` dates freshness filters and
        fetches (a virtual clock for a simulated world); ``min_interval`` spaces requests to
        one host.
        """
        provider = SearxngSearch(
            base_url=base_url, transport=transport, rate_limit=None, clock=clock
        )
        fetcher = Fetcher(
            transport=transport,
            guard=SSRFGuard(allow_hosts=list(hosts)),
            politeness=Politeness(min_interval=min_interval),
            clock=clock,
            keep_blocks=True,  # a report quotes sentences: keep a page's blocks apart
        )
        return cls(provider, FetcherReader(fetcher), [fetcher.aclose, provider.aclose])

    async def aclose(self) -> None:
        """Close every client the tools opened."""
        for close in self.closers:
            await close()
        self.closers.clear()

    async def __aenter__(self) -> ResearchTools:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.aclose()
