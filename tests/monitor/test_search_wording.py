"""A monitor whose search finds no page to watch words its next search another way
(sentinel.monitor.search_queries through the run): the criteria, which say what the page
says, find the page the request did not; once a search fills the watch set, the monitor
searches with its own query again. A real page on 127.0.0.1 (ShopPage) answers."""

from __future__ import annotations

from datetime import timedelta

from sentinel.clock import VirtualClock
from sentinel.monitor.scheduling.looks import SEARCH_EVERY
from sentinel.monitor.watch_set import watch_set_from_context
from sentinel.storage import Database
from sentinel.web.fetch import Fetcher
from sentinel.web.search.base import SearchHit, SearchInput
from tests.monitor.shop_page import ShopPage, price_model
from tests.monitor.test_watch_look import (
    START,
    create,
    fetcher,
    run_when_due,
    server,
    services,
)
from tests.web.loopback import LoopbackServer

__all__ = ["fetcher", "server"]  # the fixtures this module's tests use

MISSION = "Tell me when the Sonora QC Ultra price is under $300"
CRITERIA = "the price is under $300"


class CriteriaSearch:
    """A search engine that finds the shop page only for a query naming "price" without
    the request ("tell me when"): the criteria's wording, not the mission's."""

    name = "criteria-search"

    def __init__(self, url: str) -> None:
        self.url = url
        self.queries: list[str] = []

    async def search(self, query: SearchInput) -> list[SearchHit]:
        self.queries.append(query.query)
        if "tell me" in query.query.casefold():
            return []
        snippet = "Sonora QC Ultra at Voltmart"
        return [SearchHit(title="Sonora", url=self.url, snippet=snippet, provider=self.name)]


async def test_a_search_that_finds_nothing_to_watch_is_worded_by_the_criteria_next(
    db: Database, server: LoopbackServer, fetcher: Fetcher
) -> None:
    shop = ShopPage()
    search = CriteriaSearch(shop.serve(server))
    clock = VirtualClock(START)
    run_services = services(db, fetcher, clock, search, price_model())
    monitor_id = await create(db, clock)

    await run_when_due(run_services, monitor_id, clock)
    async with db.transaction() as tx:
        first = watch_set_from_context((await tx.monitors.get(monitor_id)).context)
    assert search.queries == [MISSION]
    assert first is not None
    assert first.stale
    assert first.fruitless == 1

    await run_when_due(run_services, monitor_id, clock)
    async with db.transaction() as tx:
        monitor = await tx.monitors.get(monitor_id)
    found = watch_set_from_context(monitor.context)
    assert search.queries == [MISSION, CRITERIA]
    assert found is not None
    assert found.urls == (search.url,)
    assert found.fruitless == 0
    assert monitor.current_query == MISSION  # the wording is the run's, not a new query

    # Looks until the slow search, which is worded as the monitor's query again.
    clock.advance(SEARCH_EVERY + timedelta(minutes=1))
    while len(search.queries) < 3:
        await run_when_due(run_services, monitor_id, clock)
    assert search.queries[-1] == MISSION
