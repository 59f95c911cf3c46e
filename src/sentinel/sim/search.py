"""The world's search engine: a SearXNG-compatible JSON API over the pages visible right now.

``GET /search?q=…&format=json[&time_range=day|week|month|year][&pageno=N]`` answers like a
SearXNG instance (``query``, ``number_of_results``, ``results`` with ``url``, ``title``,
``content``, ``engine``, ``publishedDate``, ``score``…), so Sentinel's SearXNG adapter is tested
end to end against it. Ranking is BM25 over :class:`sentinel.web.search.local.LocalIndex`,
reindexed lazily whenever virtual time has crossed an indexing boundary since the last query.

What the index holds follows the world's :class:`~sentinel.sim.search_realism.SearchRealism`:
with the perfect engine, every page as it is now, dated by its version in effect (which is how
engines date updated pages); with a realistic one, each page as it was one index lag ago (a
lag drawn per page from the world's seed), some pages never, and some results undated or
misdated. The boundaries are the moments a version becomes searchable: its time plus its
page's lag.
"""

from __future__ import annotations

import threading
from bisect import bisect_right
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from sentinel.errors import InvalidInput
from sentinel.sim.search_realism import PageProfile
from sentinel.sim.view import PageView
from sentinel.web.search.local import Document, LocalIndex

if TYPE_CHECKING:
    from sentinel.sim.scenario import Page, Site
    from sentinel.sim.world import World

__all__ = ["ENGINE_NAME", "PAGE_SIZE", "TIME_RANGES", "SearchPage", "WorldSearch"]

ENGINE_NAME = "sim"
PAGE_SIZE = 10
# How many ranked hits are considered at most: plenty for worlds of a few hundred pages.
MAX_HITS = 500
TIME_RANGES = {
    "day": timedelta(days=1),
    "week": timedelta(weeks=1),
    "month": timedelta(days=30),
    "year": timedelta(days=365),
}


@dataclass(frozen=True)
class SearchPage:
    """One page of results, in SearXNG's JSON shape (:meth:`as_json`)."""

    query: str
    number_of_results: int
    results: list[dict[str, Any]]

    def as_json(self) -> dict[str, Any]:
        """The response body a SearXNG instance sends for ``format=json``."""
        return {
            "query": self.query,
            "number_of_results": self.number_of_results,
            "results": self.results,
            "answers": [],
            "corrections": [],
            "infoboxes": [],
            "suggestions": [],
            "unresponsive_engines": [],
        }


def _iso(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat().replace("+00:00", "Z")


class WorldSearch:
    """The index of a world's pages as the engine has crawled them, and the queries against it."""

    def __init__(self, world: World) -> None:
        self._world = world
        self._index = LocalIndex()
        self._lock = threading.Lock()
        # Every page the engine indexes, with its profile (lag, dating).
        self._pages: list[tuple[str, Site, Page, PageProfile]] = []
        self._profiles: dict[str, PageProfile] = {}
        moments: set[datetime] = set()
        for scenario in world.scenarios:
            for site, page in scenario.pages():
                url = f"http://{site.host}{page.path}"
                profile = world.search_realism.profile(world.seed, url)
                self._profiles[url] = profile
                if profile.indexed:
                    self._pages.append((scenario.id, site, page, profile))
                    moments.update(version.at + profile.lag for version in page.timeline)
        self._boundaries = sorted(moments)
        self._indexed: dict[str, tuple[str, int]] = {}  # url -> (scenario id, version index)
        self._valid: tuple[datetime | None, datetime | None] | None = None
        self.reindex_count = 0

    def _interval(self, moment: datetime) -> tuple[datetime | None, datetime | None]:
        """The span between indexing boundaries that contains ``moment``."""
        i = bisect_right(self._boundaries, moment)
        start = self._boundaries[i - 1] if i > 0 else None
        end = self._boundaries[i] if i < len(self._boundaries) else None
        return start, end

    def _fresh(self, moment: datetime) -> bool:
        if self._valid is None:
            return False
        start, end = self._valid
        return (start is None or start <= moment) and (end is None or moment < end)

    def sync(self, moment: datetime | None = None) -> None:
        """Bring the index to what the engine has crawled by ``moment`` (default: now), if it
        is stale."""
        moment = self._world.clock.now() if moment is None else moment
        with self._lock:
            if self._fresh(moment):
                return
            views = {view.url: view for view in self.indexed_pages(moment)}
            for url in [u for u in self._indexed if u not in views]:
                self._index.delete(url)
                del self._indexed[url]
            changed = [
                view
                for url, view in views.items()
                if self._indexed.get(url) != (view.scenario_id, view.index)
            ]
            self._index.upsert_many(self._document(view) for view in changed)
            for view in changed:
                self._indexed[view.url] = (view.scenario_id, view.index)
            self._valid = self._interval(moment)
            self.reindex_count += 1

    def indexed_pages(self, moment: datetime) -> list[PageView]:
        """The pages the index holds at ``moment``, each in the version it was crawled in."""
        views = []
        for scenario_id, site, page, profile in self._pages:
            index = page.version_index(moment - profile.lag)
            if index is not None:
                views.append(PageView(scenario_id, site, page, index))
        return views

    def profile(self, url: str) -> PageProfile:
        """How the engine treats the page at ``url`` (unindexed when it is not a page)."""
        return self._profiles.get(url, PageProfile(timedelta(0), False, "missing"))

    def _document(self, view: PageView) -> Document:
        profile = self.profile(view.url)
        return Document(
            url=view.url,
            title=f"{view.headline} | {view.site.name}",
            text=view.text,
            published=profile.shown_date(view.published, view.modified),
        )

    def search(self, query: str, *, time_range: str | None = None, pageno: int = 1) -> SearchPage:
        """Results for ``query`` as of now, ``PAGE_SIZE`` per page."""
        if time_range is not None and time_range not in TIME_RANGES:
            raise InvalidInput("time_range", time_range, f"must be one of {', '.join(TIME_RANGES)}")
        if pageno < 1:
            raise InvalidInput("pageno", pageno, "must be 1 or more")
        now = self._world.clock.now()
        self.sync(now)
        after = now - TIME_RANGES[time_range] if time_range else None
        with self._lock:
            hits = self._index.query(query, limit=MAX_HITS, published_after=after)
        first = (pageno - 1) * PAGE_SIZE
        results = []
        for position, hit in enumerate(hits[first : first + PAGE_SIZE], start=first + 1):
            parts = urlsplit(hit.url)
            results.append(
                {
                    "url": hit.url,
                    "title": hit.title,
                    "content": hit.snippet,
                    "engine": ENGINE_NAME,
                    "engines": [ENGINE_NAME],
                    "parsed_url": [parts.scheme, parts.netloc, parts.path, "", parts.query, ""],
                    "template": "default.html",
                    "positions": [position],
                    "publishedDate": _iso(hit.published),
                    "score": round(hit.score or 0.0, 6),
                    "category": "general",
                }
            )
        return SearchPage(query=query, number_of_results=len(hits), results=results)
