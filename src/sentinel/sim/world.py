"""The simulated world: scenarios' sites served as they are at the clock's current time.

A :class:`World` holds one or more scenarios (their hosts must not collide) and a clock. It is
reachable three ways, all through the same ASGI app:

- in process, through :meth:`World.transport` (an httpx transport; fastest);
- over real HTTP on loopback, through :meth:`World.serve`: the server is also an HTTP forward
  proxy, so ``httpx.AsyncClient(proxy=url)`` reaches ``http://news.example/…``;
- in a browser, at ``{url}/__world/`` with every site under ``{url}/__site/<host>/…``.

Search goes to :attr:`World.search_url`, a SearXNG-compatible JSON API over the pages visible
at the current time.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from datetime import datetime
from typing import TYPE_CHECKING

from sentinel.clock import Clock, ensure_utc
from sentinel.errors import InvalidInput
from sentinel.sim.loader import ScenarioError
from sentinel.sim.scenario import Event, Page, Scenario, Site, scenario_issues
from sentinel.sim.search_realism import PERFECT, SearchRealism
from sentinel.sim.view import PageView

if TYPE_CHECKING:
    import httpx

    from sentinel.sim.app import WorldApp
    from sentinel.sim.search import WorldSearch

__all__ = ["DEFAULT_SEARCH_HOST", "World"]

DEFAULT_SEARCH_HOST = "search.sim"


class World:
    """Sites of one or more scenarios, served as they are at ``clock.now()``.

    ``seed`` makes noise reproducible; ``slow_delay`` is the real delay (seconds) of pages with
    ``slow`` noise; ``timeout_hold`` is how long (seconds) a page in a ``timeout`` outage holds
    the response before giving up with 504, longer than any sane client timeout;
    ``search_realism`` says how the search engine lags and misdates (default: a perfect one;
    see :mod:`sentinel.sim.search_realism`).
    """

    def __init__(
        self,
        scenarios: Iterable[Scenario],
        clock: Clock,
        *,
        seed: int = 0,
        search_host: str = DEFAULT_SEARCH_HOST,
        slow_delay: float = 0.25,
        timeout_hold: float = 30.0,
        search_realism: SearchRealism = PERFECT,
    ) -> None:
        self.scenarios: tuple[Scenario, ...] = tuple(scenarios)
        if not self.scenarios:
            raise InvalidInput("scenarios", [], "a world needs at least one scenario")
        self.clock = clock
        self.seed = seed
        self.search_host = search_host.lower()
        self.slow_delay = slow_delay
        self.timeout_hold = timeout_hold
        self.search_realism = search_realism
        self._sites: dict[str, tuple[Scenario, Site]] = {}
        self._pages: dict[tuple[str, str], tuple[Scenario, Site, Page]] = {}
        ids: set[str] = set()
        for scenario in self.scenarios:
            issues = scenario_issues(scenario)
            if issues:
                raise ScenarioError(scenario.id, issues)
            if scenario.id in ids:
                raise InvalidInput("scenario id", scenario.id, "appears twice in one world")
            ids.add(scenario.id)
            for site in scenario.sites:
                self._add_site(scenario, site)
        self._requests: Counter[str] = Counter()
        self._lock = threading.Lock()
        self._app: WorldApp | None = None
        self._search: WorldSearch | None = None

    def _add_site(self, scenario: Scenario, site: Site) -> None:
        if site.host == self.search_host:
            raise InvalidInput("host", site.host, "is the world's search host")
        if site.host in self._sites:
            other = self._sites[site.host][0].id
            raise InvalidInput(
                "host", site.host, f"is served by both scenario {other!r} and {scenario.id!r}"
            )
        self._sites[site.host] = (scenario, site)
        for page in site.pages:
            self._pages[(site.host, page.path)] = (scenario, site, page)

    @classmethod
    def from_scenario(
        cls,
        scenario: Scenario,
        clock: Clock,
        *,
        seed: int = 0,
        search_host: str = DEFAULT_SEARCH_HOST,
        slow_delay: float = 0.25,
        timeout_hold: float = 30.0,
        search_realism: SearchRealism = PERFECT,
    ) -> World:
        """A world holding a single scenario (options as for the constructor)."""
        return cls(
            [scenario],
            clock,
            seed=seed,
            search_host=search_host,
            slow_delay=slow_delay,
            timeout_hold=timeout_hold,
            search_realism=search_realism,
        )

    # -- what the world contains -------------------------------------------------------------

    @property
    def hosts(self) -> frozenset[str]:
        """Every host the world answers for: the sites' and the search engine's."""
        return frozenset(self._sites) | {self.search_host}

    @property
    def site_hosts(self) -> frozenset[str]:
        """The hosts of the scenarios' sites."""
        return frozenset(self._sites)

    @property
    def search_url(self) -> str:
        """Base URL of the SearXNG-compatible search engine (append ``/search?q=…``)."""
        return f"http://{self.search_host}"

    @property
    def ground_truth(self) -> dict[str, tuple[Event, ...]]:
        """Each scenario's events (when its condition turned true or false), by scenario id."""
        return {scenario.id: scenario.events for scenario in self.scenarios}

    def scenario(self, scenario_id: str) -> Scenario:
        """The scenario with this id."""
        for scenario in self.scenarios:
            if scenario.id == scenario_id:
                return scenario
        raise InvalidInput("scenario id", scenario_id, "is not in this world")

    def site(self, host: str) -> Site | None:
        """The site served at ``host``, if any."""
        entry = self._sites.get(host.lower())
        return entry[1] if entry else None

    def sites(self) -> list[tuple[Scenario, Site]]:
        """Every (scenario, site) pair, in scenario order."""
        return list(self._sites.values())

    # -- pages over time ---------------------------------------------------------------------

    def _moment(self, at: datetime | None) -> datetime:
        return self.clock.now() if at is None else ensure_utc(at, "at")

    def view(self, host: str, path: str, at: datetime | None = None) -> PageView | None:
        """The page at ``host`` + ``path`` as it is at ``at`` (default: now); None if absent."""
        entry = self._pages.get((host.lower(), path))
        if entry is None:
            return None
        scenario, site, page = entry
        index = page.version_index(self._moment(at))
        return None if index is None else PageView(scenario.id, site, page, index)

    def page_entry(self, host: str, path: str) -> tuple[Scenario, Site, Page] | None:
        """The scenario, site and page defined at ``host`` + ``path``, whatever the time."""
        return self._pages.get((host.lower(), path))

    def visible_pages(self, at: datetime | None = None) -> list[PageView]:
        """Every page that exists at ``at`` (default: now), in scenario, site and page order."""
        moment = self._moment(at)
        views = []
        for (_, _), (scenario, site, page) in self._pages.items():
            index = page.version_index(moment)
            if index is not None:
                views.append(PageView(scenario.id, site, page, index))
        return views

    def site_pages(self, host: str, at: datetime | None = None) -> list[PageView]:
        """The pages of one site that exist at ``at``, newest version first."""
        views = [v for v in self.visible_pages(at) if v.site.host == host.lower()]
        return sorted(views, key=lambda v: (v.modified, v.page.path), reverse=True)

    def boundaries(self) -> list[datetime]:
        """Every moment at which some page changes, sorted: where search must reindex."""
        moments = {version.at for _, _, page in self._pages.values() for version in page.timeline}
        return sorted(moments)

    def next_request(self, url: str) -> int:
        """Count a request to ``url`` and return its number (noise that changes per request)."""
        with self._lock:
            self._requests[url] += 1
            return self._requests[url]

    # -- ways in -----------------------------------------------------------------------------

    @property
    def search(self) -> WorldSearch:
        """The world's search engine (the index behind :attr:`search_url`)."""
        if self._search is None:
            from sentinel.sim.search import WorldSearch

            self._search = WorldSearch(self)
        return self._search

    @property
    def asgi_app(self) -> WorldApp:
        """The ASGI application serving every host of the world (dispatch on the target host)."""
        if self._app is None:
            from sentinel.sim.app import WorldApp

            self._app = WorldApp(self)
        return self._app

    def transport(self) -> httpx.AsyncBaseTransport:
        """An httpx transport into the world, in process: ``AsyncClient(transport=…)``.

        It honours the client's read timeout, so ``timeout`` outages and ``slow`` pages behave
        as over the network.
        """
        from sentinel.sim.transport import WorldTransport

        return WorldTransport(self.asgi_app)

    @asynccontextmanager
    async def serve(self, *, host: str = "127.0.0.1", port: int = 0) -> AsyncIterator[str]:
        """Serve the world over real HTTP on loopback; yields the base URL (also the proxy URL)."""
        from sentinel.sim.server import serve_in_thread

        async with serve_in_thread(self.asgi_app, host=host, port=port) as url:
            yield url
