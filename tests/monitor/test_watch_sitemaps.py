"""Pages entering a watch set from the sitemap of a host read (sentinel.monitor.watch_sitemaps):
a page no link of the pages read leads to, but the site's sitemap lists, is followed and joins
the watch set with via "sitemap"; a full run reads the host's sitemap once a week at most; a
look reads it once per SITEMAP_EVERY, and a page the site publishes after the search is read
with the watch set, without a search; a sitemap that is missing is noted in the run's trace
and is no failure. A real site on 127.0.0.1
(ShopPage and a listing) answers; the search is a small fake whose one hit is the listing."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from sentinel.clock import VirtualClock
from sentinel.monitor.outcome import RunOutcome
from sentinel.monitor.run import RunServices, execute_run
from sentinel.monitor.scheduling.looks import SEARCH_EVERY, SITEMAP_EVERY
from sentinel.monitor.sensing.sources import PageRecord
from sentinel.monitor.watch_set import UNSENSED, WatchedPage, WatchSet, watch_set_from_context
from sentinel.monitor.watch_sitemaps import hosts_to_look, sitemap_hosts_due
from sentinel.storage import Database, GovernorKind, NewMonitor
from sentinel.web.fetch import Fetcher
from sentinel.web.guard import SSRFGuard
from sentinel.web.politeness import Politeness
from sentinel.web.search.base import SearchHit, SearchInput
from tests.monitor.shop_page import ShopPage, price_model
from tests.web.loopback import LoopbackServer, Reply

OWNER = "sitemap-test"
START = datetime(2025, 9, 1, 9, tzinfo=UTC)
HTML = {"Content-Type": "text/html; charset=utf-8"}
# A listing that names the product and its price cuts but links only to furniture: the
# product page is reachable from the site's sitemap alone.
LISTING = (
    "<html><head><title>Voltmart deals</title></head><body><main><article>"
    "<h1>Headphone deals</h1><p>This week's headphone price cuts at Voltmart: the Sonora QC "
    'Ultra among them.</p><ul><li><a href="/about">About Voltmart</a></li></ul>'
    "</article></main></body></html>"
)


class ListingSearch:
    """A search provider whose one hit is the listing; counts its queries."""

    name = "listing-search"

    def __init__(self, url: str) -> None:
        self.url = url
        self.queries: list[str] = []

    async def search(self, query: SearchInput) -> list[SearchHit]:
        self.queries.append(query.query)
        snippet = "Headphone deals at Voltmart"
        return [SearchHit(title="Deals", url=self.url, snippet=snippet, provider=self.name)]


@pytest.fixture
def server() -> Iterator[LoopbackServer]:
    running = LoopbackServer().start()
    yield running
    running.stop()


@pytest.fixture
async def fetcher() -> AsyncIterator[Fetcher]:
    opened = Fetcher(
        guard=SSRFGuard(allow_networks=["127.0.0.0/8"]),
        politeness=Politeness(min_interval=0),
        cache_size=0,
    )
    yield opened
    await opened.aclose()


def site(server: LoopbackServer, shop: ShopPage, *, sitemap: bool = True) -> ListingSearch:
    """The shop's site: the listing, the product page and (with ``sitemap``) a sitemap at
    /sitemap.xml (its robots.txt is missing: the fallback address) listing both and some
    furniture."""
    server.reply("/deals", Reply(200, LISTING, HTML))
    shop.serve(server)
    if sitemap:
        list_pages(
            server,
            {path: "2025-08-30" for path in ("/about", "/cart/headphones", "/deals", shop.path)},
        )
    return ListingSearch(server.url("/deals"))


def list_pages(server: LoopbackServer, lastmod: dict[str, str]) -> None:
    """Serve a sitemap at /sitemap.xml listing each path with its ``lastmod``."""
    urls = "".join(
        f"<url><loc>{server.url(path)}</loc><lastmod>{date}</lastmod></url>"
        for path, date in lastmod.items()
    )
    body = f'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{urls}</urlset>'
    server.reply("/sitemap.xml", Reply(200, body, {"Content-Type": "application/xml"}))


def services(db: Database, fetcher: Fetcher, clock: VirtualClock, search: Any) -> RunServices:
    return RunServices(
        db=db,
        search=search,
        fetcher=fetcher,
        clock=clock,
        sensor_model=price_model(),
        governor_model=None,
        rng=random.Random(3),
        lease_owner=OWNER,
    )


async def create(db: Database, clock: VirtualClock) -> int:
    async with db.transaction() as tx:
        monitor = await tx.monitors.create(
            NewMonitor(
                name="sonora",
                original_query="Tell me when the Sonora QC Ultra price is under $300",
                action_criteria="the price is under $300",
                governor_kind=GovernorKind.RULES,
                governor_rules="price_usd < 300",
            ),
            now=clock.now(),
        )
    return monitor.id


async def run_when_due(run_services: RunServices, monitor_id: int) -> RunOutcome:
    """Move the clock to the monitor's next run, lease it as the engine does, and run it."""
    clock = run_services.clock
    assert isinstance(clock, VirtualClock)
    async with run_services.db.transaction() as tx:
        due = await tx.monitors.earliest_next_run_at()
        assert due is not None
        clock.set(max(due, clock.now()))
        await tx.monitors.claim_due(clock.now(), OWNER, lease_s=300, limit=10)
    return await execute_run(run_services, monitor_id)


async def watch_set_of(db: Database, monitor_id: int) -> WatchSet:
    async with db.transaction() as tx:
        monitor = await tx.monitors.get(monitor_id)
    watch = watch_set_from_context(monitor.context)
    assert watch is not None
    return watch


async def shop_monitor(
    db: Database, server: LoopbackServer, fetcher: Fetcher
) -> tuple[ShopPage, VirtualClock, RunServices, int]:
    """The shop's site with its sitemap, a clock at START, the run services and the monitor."""
    shop = ShopPage()
    search = site(server, shop)
    clock = VirtualClock(START)
    return shop, clock, services(db, fetcher, clock, search), await create(db, clock)


async def trace_of(db: Database, outcome: RunOutcome) -> list[dict[str, Any]]:
    async with db.transaction() as tx:
        run = await tx.runs.get(outcome.run_id or 0)
    return list(run.trace or [])


async def test_a_page_only_the_sitemap_lists_joins_the_watch_set_via_the_sitemap(
    db: Database, server: LoopbackServer, fetcher: Fetcher
) -> None:
    shop, _clock, run_services, monitor_id = await shop_monitor(db, server, fetcher)

    outcome = await run_when_due(run_services, monitor_id)

    watch = await watch_set_of(db, monitor_id)
    shop_url = server.url(shop.path)
    assert shop_url in watch.urls
    assert watch.page(shop_url).via == "sitemap"  # type: ignore[union-attr]
    assert watch.sitemap_read_at("127.0.0.1") == START
    assert "/about" not in server.paths()
    assert "/cart/headphones" not in server.paths()  # furniture is not followed
    steps = [entry["step"] for entry in await trace_of(db, outcome)]
    assert "sitemap" in steps
    assert "follow" in steps


async def test_a_hosts_sitemap_is_not_read_again_within_a_week(
    db: Database, server: LoopbackServer, fetcher: Fetcher
) -> None:
    shop, clock, run_services, monitor_id = await shop_monitor(db, server, fetcher)
    await run_when_due(run_services, monitor_id)

    shop.publish("279.99")  # the next look sees it change: a full read of the watch set
    outcome = await run_when_due(run_services, monitor_id)

    assert outcome.status == "succeeded"
    assert clock.now() - START < SEARCH_EVERY
    assert server.paths().count("/sitemap.xml") == 1
    assert server.paths().count("/robots.txt") == 1
    watch = await watch_set_of(db, monitor_id)
    assert watch.sitemap_read_at("127.0.0.1") == START


def test_a_hosts_sitemap_is_due_again_a_week_after_it_was_read_and_never_for_a_full_set() -> None:
    page = PageRecord("https://shop.example/deals", "https://shop.example/deals", None, "", "fp")
    pages = {page.url: page}
    read = WatchSet(sitemaps_read={"shop.example": START.isoformat()})

    assert sitemap_hosts_due(pages, None, now=START) == ["shop.example"]
    assert sitemap_hosts_due(pages, read, now=START + SEARCH_EVERY - timedelta(hours=1)) == []
    assert sitemap_hosts_due(pages, read, now=START + SEARCH_EVERY) == ["shop.example"]


async def test_a_missing_sitemap_is_noted_in_the_trace_and_does_not_fail_the_run(
    db: Database, server: LoopbackServer, fetcher: Fetcher
) -> None:
    shop = ShopPage()
    search = site(server, shop, sitemap=False)
    clock = VirtualClock(START)
    run_services = services(db, fetcher, clock, search)
    monitor_id = await create(db, clock)

    outcome = await run_when_due(run_services, monitor_id)

    assert outcome.status == "succeeded"
    notes = [entry for entry in await trace_of(db, outcome) if entry["step"] == "sitemap"]
    assert [note["summary"] for note in notes] == [
        f"could not read the sitemap {server.url('/sitemap.xml')}: skipped"
    ]
    assert "HTTP 404" in notes[0]["error"]
    watch = await watch_set_of(db, monitor_id)
    assert server.url(shop.path) not in watch.urls
    assert watch.sitemap_read_at("127.0.0.1") == START  # a 404 is not asked again next run


def test_a_look_reads_a_watched_hosts_sitemap_once_its_wait_has_passed() -> None:
    when = START.isoformat()
    page = WatchedPage("https://shop.example/deals", "fp", 2, when, when)
    watch = WatchSet((page,), searched_at=when, sitemaps_read={"shop.example": when})

    assert hosts_to_look(watch, now=START + SITEMAP_EVERY - timedelta(minutes=1)) == ()
    assert hosts_to_look(watch, now=START + SITEMAP_EVERY) == ("shop.example",)
    later = (START + 2 * SITEMAP_EVERY).isoformat()
    resting = WatchSet((replace(page, resume_at=later),), sitemaps_read=watch.sitemaps_read)
    assert hosts_to_look(resting, now=START + SITEMAP_EVERY) == ()


async def test_a_page_the_site_publishes_after_the_search_is_read_at_a_look_without_a_search(
    db: Database, server: LoopbackServer, fetcher: Fetcher
) -> None:
    shop = ShopPage(price="279.99")
    server.reply("/deals", Reply(200, LISTING, HTML))
    list_pages(server, {"/about": "2025-08-30", "/deals": "2025-08-30"})
    search = ListingSearch(server.url("/deals"))
    clock = VirtualClock(START)
    run_services = services(db, fetcher, clock, search)
    monitor_id = await create(db, clock)
    await run_when_due(run_services, monitor_id)  # the search: the listing only
    assert (await watch_set_of(db, monitor_id)).urls == (server.url("/deals"),)
    assert server.paths().count("/sitemap.xml") == 1

    # The product page appears on the site the next day, listed in its sitemap; an old
    # page joins the sitemap too, with its old date.
    clock.set(START + timedelta(days=1))
    shop.serve(server)
    list_pages(server, {"/about": "2025-08-30", "/deals": "2025-08-30", shop.path: "2025-09-02"})
    outcome = await run_when_due(run_services, monitor_id)

    assert outcome.status == "succeeded"
    assert len(search.queries) == 1  # no search: the look found it
    looks = [entry for entry in await trace_of(db, outcome) if entry["step"] == "look"]
    assert [entry["summary"] for entry in looks] == [
        "1 new page(s) in a watched site's sitemap: reading the watch set instead of searching"
    ]
    shop_url = server.url(shop.path)
    assert looks[0]["found"] == [shop_url]
    assert looks[0]["pages"]["sitemap of 127.0.0.1"] == "1 address(es) new since it was last read"
    async with db.transaction() as tx:
        state = await tx.states.latest(monitor_id)
    assert state is not None
    assert state.state["price_usd"] == 279.99  # read in the same run
    watch = await watch_set_of(db, monitor_id)
    page = watch.page(shop_url)
    assert page is not None
    assert page.via == "sitemap"
    assert page.relevant != UNSENSED
    assert watch.sitemap_read_at("127.0.0.1") == clock.now()
    assert server.paths().count("/about") == 0


async def test_a_page_reached_by_a_link_is_read_in_full_at_the_next_look(
    db: Database, server: LoopbackServer, fetcher: Fetcher
) -> None:
    shop, _clock, run_services, monitor_id = await shop_monitor(db, server, fetcher)
    await run_when_due(run_services, monitor_id)  # follows the product page: not sensed yet
    shop_url = server.url(shop.path)
    assert (await watch_set_of(db, monitor_id)).page(shop_url).relevant == UNSENSED  # type: ignore[union-attr]

    outcome = await run_when_due(run_services, monitor_id)

    assert outcome.status == "succeeded"
    async with db.transaction() as tx:
        state = await tx.states.latest(monitor_id)
    assert state is not None
    assert state.state["price_usd"] == 349.99
    assert (await watch_set_of(db, monitor_id)).page(shop_url).relevant != UNSENSED  # type: ignore[union-attr]
