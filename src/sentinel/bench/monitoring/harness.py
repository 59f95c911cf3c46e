"""A scenario's simulated world prepared for one policy: clock, counted HTTP, search, fetcher.

Every policy run gets a fresh world on a manual :class:`~sentinel.clock.VirtualClock` (the
policy moves it to each check time), so noise and request counts of one policy never leak
into another. The world's search engine is the realistic one unless told otherwise
(:data:`~sentinel.sim.search_realism.REALISTIC`: index lag, unindexed pages, missing and
wrong dates). Every request into the world passes a :class:`RequestCounter`: page fetches and
search queries are the checks a policy spends; ``robots.txt`` is counted apart (a fetcher's
overhead, not a check).

Outages are made instant and deterministic: a page in a ``timeout`` outage answers 504 at once
(``timeout_hold=0``) instead of holding a real socket, and ``slow`` pages do not sleep, so a
run's outcome never depends on how busy the machine is.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import httpx

from sentinel.clock import VirtualClock
from sentinel.sim import Scenario, World
from sentinel.sim.search_realism import REALISTIC, SearchRealism
from sentinel.web.fetch import Fetcher
from sentinel.web.guard import SSRFGuard
from sentinel.web.politeness import Politeness
from sentinel.web.search.searxng import SearxngSearch

FETCH_TIMEOUT_S = 10.0


@dataclass
class RequestCounter:
    """Requests a policy made: pages (full or answered 304), search queries, robots.txt.

    ``conditional`` counts page requests that carried a validator (``If-None-Match`` or
    ``If-Modified-Since``); ``not_modified`` those the site answered 304 (no body sent, the
    caller's copy is current): what a user pays for a cheap look rather than a full fetch.
    """

    pages: int = 0
    searches: int = 0
    robots: int = 0
    conditional: int = 0
    not_modified: int = 0

    @property
    def checks(self) -> int:
        """What a check costs the watched sites: page fetches plus search queries."""
        return self.pages + self.searches

    @property
    def full_fetches(self) -> int:
        """Page requests answered with a body (anything but 304)."""
        return self.pages - self.not_modified

    def count(self, host: str, path: str, search_host: str) -> None:
        """Count one request by what it asked for."""
        if host == search_host:
            self.searches += path == "/search"
        elif path == "/robots.txt":
            self.robots += 1
        else:
            self.pages += 1

    def count_page(self, request: httpx.Request, status: int) -> None:
        """Count whether a page request was conditional and answered 304."""
        if CONDITIONAL_HEADERS & {name.lower() for name in request.headers}:
            self.conditional += 1
        if status == 304:
            self.not_modified += 1


CONDITIONAL_HEADERS = frozenset({"if-none-match", "if-modified-since"})


class CountingTransport(httpx.AsyncBaseTransport):
    """An httpx transport that counts each request and how it was answered."""

    def __init__(
        self, inner: httpx.AsyncBaseTransport, counter: RequestCounter, search_host: str
    ) -> None:
        self._inner = inner
        self._counter = counter
        self._search_host = search_host

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        """Count, send, and count a page's answer."""
        host, path = request.url.host, request.url.path
        self._counter.count(host, path, self._search_host)
        response = await self._inner.handle_async_request(request)
        if host != self._search_host and path != "/robots.txt":
            self._counter.count_page(request, response.status_code)
        return response

    async def aclose(self) -> None:
        """Close the inner transport."""
        await self._inner.aclose()


@dataclass
class ScenarioWorld:
    """One scenario's world for one policy run; close it with :meth:`aclose`."""

    scenario: Scenario
    clock: VirtualClock
    world: World
    counter: RequestCounter = field(default_factory=RequestCounter)
    _clients: list[SearxngSearch | Fetcher] = field(default_factory=list)

    @classmethod
    def open(
        cls, scenario: Scenario, *, seed: int, search: SearchRealism = REALISTIC
    ) -> ScenarioWorld:
        """A fresh world at the scenario's start, its search engine as ``search`` says (the
        realistic one unless told: index lag, unindexed pages, wrong dates)."""
        clock = VirtualClock(scenario.start)
        world = World.from_scenario(
            scenario, clock, seed=seed, slow_delay=0.0, timeout_hold=0.0, search_realism=search
        )
        return cls(scenario, clock, world)

    def transport(self) -> CountingTransport:
        """A counted transport into the world."""
        return CountingTransport(self.world.transport(), self.counter, self.world.search_host)

    def search(self) -> SearxngSearch:
        """The world's search engine, through the SearXNG adapter a deployment would use."""
        provider = SearxngSearch(
            base_url=self.world.search_url,
            transport=self.transport(),
            rate_limit=None,
            clock=self.clock.now,
        )
        self._clients.append(provider)
        return provider

    def fetcher(self, *, article: bool = True) -> Fetcher:
        """The production fetcher (guard, robots.txt, extraction, fingerprints) into the world;
        without ``article`` it reads as a monitor's does (``sentinel.web.extract``)."""
        fetcher = Fetcher(
            transport=self.transport(),
            guard=SSRFGuard(allow_hosts=self.world.hosts),
            politeness=Politeness(min_interval=0),
            timeout=FETCH_TIMEOUT_S,
            clock=self.clock.now,
            article=article,
        )
        self._clients.append(fetcher)
        return fetcher

    async def aclose(self) -> None:
        """Close every client handed out."""
        for client in self._clients:
            await client.aclose()
        self._clients.clear()
