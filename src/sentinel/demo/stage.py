"""A scenario's simulated world on an auto-advancing virtual clock, as the demo's web.

The demo plays each scenario in a world of its own: its sites, its search engine (SearXNG's
JSON API) and a clock that starts at the demo monitor's window and jumps from one scheduled
run to the next. Monitors reach it the way they reach the real web — Sentinel's SearXNG
provider and its fetcher (SSRF guard limited to the world's hosts, robots.txt, conditional
requests) — through an in-process HTTP transport, so nothing leaves the machine.

Outages are instant: a page in a ``timeout`` outage answers 504 at once and ``slow`` pages do
not sleep, so real waiting never stretches the demo.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sentinel.clock import VirtualClock
from sentinel.sim import Scenario, World
from sentinel.web.fetch import Fetcher
from sentinel.web.guard import SSRFGuard
from sentinel.web.politeness import Politeness
from sentinel.web.search.searxng import SearxngSearch

FETCH_TIMEOUT_S = 10.0


@dataclass
class Stage:
    """One scenario's world, its clock, and the search provider and fetcher monitors use.

    Open with :meth:`open`, close with :meth:`aclose`.
    """

    scenario: Scenario
    clock: VirtualClock
    world: World
    search: SearxngSearch
    fetcher: Fetcher

    @classmethod
    def open(cls, scenario: Scenario, start: datetime, *, seed: int = 0) -> Stage:
        """The world of ``scenario`` as it is at ``start``; its clock advances by itself."""
        return cls.on(scenario, VirtualClock(start, auto_advance=True), seed=seed)

    @classmethod
    def on(cls, scenario: Scenario, clock: VirtualClock, *, seed: int = 0) -> Stage:
        """The world of ``scenario`` as it is at ``clock``'s time, which moves as it is told."""
        world = World.from_scenario(scenario, clock, seed=seed, slow_delay=0.0, timeout_hold=0.0)
        search = SearxngSearch(
            base_url=world.search_url, transport=world.transport(), rate_limit=None, clock=clock.now
        )
        fetcher = Fetcher(
            transport=world.transport(),
            guard=SSRFGuard(allow_hosts=world.hosts),
            politeness=Politeness(min_interval=0),
            timeout=FETCH_TIMEOUT_S,
            clock=clock.now,
            article=False,  # a monitor reads the visible blocks (sentinel.web.extract)
        )
        return cls(scenario, clock, world, search, fetcher)

    async def aclose(self) -> None:
        """Close the search provider and the fetcher."""
        await self.search.aclose()
        await self.fetcher.aclose()
