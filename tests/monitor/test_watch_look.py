"""The look at a watch set (sentinel.monitor.look, read_plan): a monitor watching a brief
state (a price below a threshold) finds its pages through search and links, then between its
rare searches only looks at them — a conditional request and a fingerprint of their relevant
content — and reads them without searching when that content changes. A real page on
127.0.0.1 (ShopPage) answers; the search provider is a small fake that counts its queries."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from sentinel.clock import VirtualClock
from sentinel.llm import ScriptedModel
from sentinel.monitor.budget import REQUESTS_PER_DAY, RequestBudget
from sentinel.monitor.look import NO_CHANGE
from sentinel.monitor.run import MonitorSources, RunServices, execute_run
from sentinel.monitor.scheduling.looks import LOOK_MAX, SEARCH_EVERY
from sentinel.monitor.watch_set import LEGACY_KEY, WATCH_SET, WatchSet, watch_set_context
from sentinel.monitor.watch_set import watch_set_from_context as known_from_context
from sentinel.monitor.workspace import PageFetcher
from sentinel.storage import Database, GovernorKind, MonitorRecord, NewMonitor
from sentinel.web.fetch import Fetcher
from sentinel.web.guard import SSRFGuard
from sentinel.web.politeness import Politeness
from sentinel.web.search.base import SearchHit, SearchInput, SearchProvider
from tests.monitor.shop_page import ShopPage, price_model
from tests.web.loopback import LoopbackServer, Reply

OWNER = "known-look-test"
START = datetime(2025, 9, 1, 9, tzinfo=UTC)


class ShopSearch:
    """A search provider whose one hit is the shop page; counts its queries."""

    name = "shop-search"

    def __init__(self, url: str) -> None:
        self.url = url
        self.queries: list[str] = []

    async def search(self, query: SearchInput) -> list[SearchHit]:
        self.queries.append(query.query)
        snippet = "Sonora QC Ultra at Voltmart"
        return [SearchHit(title="Sonora", url=self.url, snippet=snippet, provider=self.name)]


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
        respect_robots=False,
        cache_size=0,
    )
    yield opened
    await opened.aclose()


def services(
    db: Database,
    fetcher: Fetcher,
    clock: VirtualClock,
    search: ShopSearch,
    model: ScriptedModel,
    extra_sources: MonitorSources | None = None,
) -> RunServices:
    return RunServices(
        extra_sources=extra_sources,
        db=db,
        search=search,
        fetcher=fetcher,
        clock=clock,
        sensor_model=model,
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


async def run_when_due(run_services: RunServices, monitor_id: int, clock: VirtualClock) -> str:
    """Move the clock to the monitor's next run, lease it as the engine does, and run it."""
    async with run_services.db.transaction() as tx:
        due = await tx.monitors.earliest_next_run_at()
        assert due is not None
        clock.set(max(due, clock.now()))
        await tx.monitors.claim_due(clock.now(), OWNER, lease_s=300, limit=10)
    return (await execute_run(run_services, monitor_id)).status


async def test_between_daily_searches_a_brief_state_monitor_only_looks_at_its_known_page(
    db: Database, server: LoopbackServer, fetcher: Fetcher
) -> None:
    shop = ShopPage()
    search = ShopSearch(shop.serve(server))
    clock = VirtualClock(START)
    model = price_model()
    run_services = services(db, fetcher, clock, search, model)
    monitor_id = await create(db, clock)

    assert await run_when_due(run_services, monitor_id, clock) == "succeeded"
    async with db.transaction() as tx:
        monitor = await tx.monitors.get(monitor_id)
    known = known_from_context(monitor.context)
    assert known is not None
    assert known.urls == (search.url,)
    assert monitor.next_run_at is not None
    assert monitor.next_run_at - START <= LOOK_MAX

    looks = [await run_when_due(run_services, monitor_id, clock) for _ in range(4)]

    assert looks == ["skipped-no-change"] * 4
    assert len(search.queries) == 1  # no search between the daily ones
    assert len(model.calls) == 1  # no model call either
    assert shop.conditional()[-1]  # each look is a conditional request
    async with db.transaction() as tx:
        [last, *_] = await tx.runs.for_monitor(monitor_id, limit=1)
        stored = known_from_context((await tx.monitors.get(monitor_id)).context)
    # The first look kept the page's validators; the next ones found the page as kept: each
    # is recorded compactly and leaves the set be.
    assert last.trace == []
    assert last.decision == {"skipped": "look: 304"}
    assert stored is not None
    assert stored.pages[0].etag == shop.etag
    assert stored.pages[0].looks == 1


async def test_a_look_that_changes_what_the_set_keeps_writes_it_with_a_trace(
    db: Database, server: LoopbackServer, fetcher: Fetcher
) -> None:
    shop = ShopPage()
    search = ShopSearch(shop.serve(server))
    clock = VirtualClock(START)
    run_services = services(db, fetcher, clock, search, price_model())
    monitor_id = await create(db, clock)
    await run_when_due(run_services, monitor_id, clock)
    async with db.transaction() as tx:
        monitor = await tx.monitors.get(monitor_id)
    known = known_from_context(monitor.context)
    assert known is not None
    # The set kept other validators than the page now answers with: the look keeps the new ones.
    stale = replace(known, pages=(replace(known.pages[0], etag='"old"'),))
    async with db.transaction() as tx:
        context = {**monitor.context, **watch_set_context(stale, monitor.context)}
        await tx.monitors.update(monitor_id, now=clock.now(), context=context)

    assert await run_when_due(run_services, monitor_id, clock) == "skipped-no-change"

    async with db.transaction() as tx:
        [last, *_] = await tx.runs.for_monitor(monitor_id, limit=1)
        stored = known_from_context((await tx.monitors.get(monitor_id)).context)
    assert last.trace[1]["summary"] == NO_CHANGE
    assert stored is not None
    assert stored.pages[0].etag == shop.etag
    assert stored.pages[0].looks == known.pages[0].looks + 1


async def test_a_changed_known_page_is_read_and_sensed_without_a_search(
    db: Database, server: LoopbackServer, fetcher: Fetcher
) -> None:
    shop = ShopPage()
    search = ShopSearch(shop.serve(server))
    clock = VirtualClock(START)
    model = price_model()
    run_services = services(db, fetcher, clock, search, model)
    monitor_id = await create(db, clock)
    await run_when_due(run_services, monitor_id, clock)

    shop.publish("279.99")
    status = await run_when_due(run_services, monitor_id, clock)

    assert status == "succeeded"
    assert len(search.queries) == 1
    assert len(model.calls) == 2
    async with db.transaction() as tx:
        [run, *_] = await tx.runs.for_monitor(monitor_id, limit=1)
        monitor = await tx.monitors.get(monitor_id)
    assert run.decision is not None
    assert run.decision["notified"] is True
    assert "instead of searching" in next(e["summary"] for e in run.trace if e["step"] == "look")
    known = known_from_context(monitor.context)
    assert known is not None
    assert known.pages[0].changes == 1


async def test_furniture_that_defeats_304_is_not_a_change(
    db: Database, server: LoopbackServer, fetcher: Fetcher
) -> None:
    shop = ShopPage()
    search = ShopSearch(shop.serve(server))
    served = [0]

    def noisy(request: object) -> Reply:
        # No validators, and a banner that differs at every request.
        served[0] += 1
        html = shop.html().replace(
            "</article>", f"<p>Newsletter: {served[0]} readers joined today.</p></article>"
        )
        return Reply(200, html, {"Content-Type": "text/html; charset=utf-8"})

    server.routes[shop.path] = noisy
    clock = VirtualClock(START)
    model = price_model()
    run_services = services(db, fetcher, clock, search, model)
    monitor_id = await create(db, clock)
    await run_when_due(run_services, monitor_id, clock)

    statuses = [await run_when_due(run_services, monitor_id, clock) for _ in range(3)]

    assert statuses == ["skipped-no-change"] * 3
    assert (len(search.queries), len(model.calls)) == (1, 1)


async def test_the_search_comes_back_a_week_after_the_last(
    db: Database, server: LoopbackServer, fetcher: Fetcher
) -> None:
    shop = ShopPage()
    search = ShopSearch(shop.serve(server))
    clock = VirtualClock(START)
    run_services = services(db, fetcher, clock, search, price_model())
    monitor_id = await create(db, clock)
    await run_when_due(run_services, monitor_id, clock)

    while clock.now() < START + SEARCH_EVERY:
        await run_when_due(run_services, monitor_id, clock)

    assert len(search.queries) == 2
    assert clock.now() - START < SEARCH_EVERY + LOOK_MAX


@pytest.mark.parametrize("own_search", [False, True])
async def test_a_monitor_whose_own_sources_answer_through_search_runs_in_full(
    db: Database, server: LoopbackServer, fetcher: Fetcher, own_search: bool
) -> None:
    shop = ShopPage()
    search = ShopSearch(shop.serve(server))
    other = ShopSearch(search.url)

    def sources(
        monitor: MonitorRecord, given: SearchProvider, pages: PageFetcher
    ) -> tuple[SearchProvider, PageFetcher]:
        # As the worker's A2A hook: only a monitor naming agents gets a search of its own.
        return (other if own_search else given), pages

    clock = VirtualClock(START)
    run_services = services(db, fetcher, clock, search, price_model(), sources)
    monitor_id = await create(db, clock)
    await run_when_due(run_services, monitor_id, clock)

    await run_when_due(run_services, monitor_id, clock)

    assert len(search.queries) + len(other.queries) == (2 if own_search else 1)


async def test_a_moment_the_known_page_names_is_a_full_run_between_looks(
    db: Database, server: LoopbackServer, fetcher: Fetcher
) -> None:
    shop = ShopPage()
    url = shop.serve(server)
    announced = shop.html().replace(
        "In stock, ships tomorrow.",
        "In stock, ships tomorrow. The Sonora QC Ultra price drops to $279.99 on "
        "Friday 5 September 2025 at 10:00 UTC.",
    )
    server.routes[shop.path] = lambda request: Reply(
        200, announced, {"Content-Type": "text/html; charset=utf-8"}
    )
    clock = VirtualClock(START)
    search = ShopSearch(url)
    searched_at: list[datetime] = []
    real_search = search.search

    async def dated(query: SearchInput) -> list[SearchHit]:
        searched_at.append(clock.now())
        return await real_search(query)

    search.search = dated  # type: ignore[method-assign]
    run_services = services(db, fetcher, clock, search, price_model())
    monitor_id = await create(db, clock)
    moment = datetime(2025, 9, 5, 10, tzinfo=UTC)

    while clock.now() < moment + timedelta(hours=1):
        await run_when_due(run_services, monitor_id, clock)

    assert any(moment < at <= moment + timedelta(minutes=30) for at in searched_at)


LISTING = (
    "<html><head><title>Voltmart deals</title></head><body><main><article>"
    "<h1>Headphone deals</h1><p>This week's headphone price cuts at Voltmart.</p>"
    '<ul><li><a href="{shop}">Sonora QC Ultra: see the price</a></li>'
    '<li><a href="/about">About Voltmart</a></li></ul></article></main></body></html>'
)


def serve_listing(server: LoopbackServer, shop_url: str) -> str:
    html = LISTING.format(shop=shop_url)
    server.routes["/deals"] = lambda request: Reply(
        200, html, {"Content-Type": "text/html; charset=utf-8"}
    )
    return server.url("/deals")


async def watch_set_of(db: Database, monitor_id: int) -> WatchSet:
    async with db.transaction() as tx:
        monitor = await tx.monitors.get(monitor_id)
    watch = known_from_context(monitor.context)
    assert watch is not None
    return watch


async def test_a_page_linked_from_a_search_hit_joins_the_watch_set_and_is_looked_at(
    db: Database, server: LoopbackServer, fetcher: Fetcher
) -> None:
    shop = ShopPage()
    shop_url = shop.serve(server)
    search = ShopSearch(serve_listing(server, shop_url))
    clock = VirtualClock(START)
    run_services = services(db, fetcher, clock, search, price_model())
    monitor_id = await create(db, clock)

    await run_when_due(run_services, monitor_id, clock)
    watch = await watch_set_of(db, monitor_id)
    assert set(watch.urls) == {search.url, shop_url}
    assert watch.page(shop_url).via == "link"  # type: ignore[union-attr]

    shop.publish("279.99")
    status = await run_when_due(run_services, monitor_id, clock)

    assert status == "succeeded"  # the look saw the linked page change and read it
    assert len(search.queries) == 1


async def test_a_host_answering_429_rests_its_page_for_its_retry_after(
    db: Database, server: LoopbackServer, fetcher: Fetcher
) -> None:
    shop = ShopPage()
    search = ShopSearch(shop.serve(server))
    clock = VirtualClock(START)
    run_services = services(db, fetcher, clock, search, price_model())
    monitor_id = await create(db, clock)
    await run_when_due(run_services, monitor_id, clock)
    refused = len(shop.served)
    server.routes[shop.path] = lambda request: Reply(429, "slow down", {"Retry-After": "86400"})

    assert await run_when_due(run_services, monitor_id, clock) == "skipped-no-change"
    server.routes[shop.path] = shop.answer
    assert await run_when_due(run_services, monitor_id, clock) == "skipped-no-change"

    watch = await watch_set_of(db, monitor_id)
    assert watch.pages[0].resume_at is not None
    assert watch.pages[0].failures == 0  # "not now" is not a failure
    assert len(shop.served) == refused  # the second look did not ask the resting page
    async with db.transaction() as tx:
        [last, *_] = await tx.runs.for_monitor(monitor_id, limit=1)
    # Nothing was asked and the set is as kept: the look is recorded compactly.
    assert last.decision is not None
    assert last.decision["skipped"].startswith("look: resting until")


async def test_the_global_request_budget_defers_a_look_without_asking_the_page(
    db: Database, server: LoopbackServer, fetcher: Fetcher
) -> None:
    shop = ShopPage()
    search = ShopSearch(shop.serve(server))
    clock = VirtualClock(START)
    budget = RequestBudget(per_hour=1)
    run_services = replace(
        services(db, fetcher, clock, search, price_model()), request_budget=budget
    )
    monitor_id = await create(db, clock)
    await run_when_due(run_services, monitor_id, clock)
    budget.take(1, clock.now())  # someone else spent this hour's request
    asked = len(shop.served)

    status = await run_when_due(run_services, monitor_id, clock)

    assert status == "skipped-nothing-read"
    assert len(shop.served) == asked
    async with db.transaction() as tx:
        monitor = await tx.monitors.get(monitor_id)
    assert monitor.next_run_at is not None
    assert monitor.next_run_at > clock.now()


async def test_a_monitors_own_request_budget_stretches_its_looks(
    db: Database, server: LoopbackServer, fetcher: Fetcher
) -> None:
    shop = ShopPage()
    search = ShopSearch(shop.serve(server))
    clock = VirtualClock(START)
    run_services = services(db, fetcher, clock, search, price_model())
    monitor_id = await create(db, clock)
    async with db.transaction() as tx:
        await tx.monitors.update(monitor_id, now=clock.now(), context={REQUESTS_PER_DAY: 4})
    await run_when_due(run_services, monitor_id, clock)
    started = clock.now()

    await run_when_due(run_services, monitor_id, clock)

    async with db.transaction() as tx:
        monitor = await tx.monitors.get(monitor_id)
    assert monitor.next_run_at is not None
    assert monitor.next_run_at - clock.now() > timedelta(hours=5)  # 4 a day for 1 page
    assert clock.now() - started > timedelta(hours=5)


async def test_an_older_monitors_known_page_is_looked_at_and_migrated_to_the_watch_set(
    db: Database, server: LoopbackServer, fetcher: Fetcher
) -> None:
    shop = ShopPage()
    search = ShopSearch(shop.serve(server))
    clock = VirtualClock(START)
    run_services = services(db, fetcher, clock, search, price_model())
    monitor_id = await create(db, clock)
    await run_when_due(run_services, monitor_id, clock)
    async with db.transaction() as tx:
        monitor = await tx.monitors.get(monitor_id)
        legacy = {LEGACY_KEY: monitor.context[WATCH_SET]}
        await tx.monitors.update(monitor_id, now=clock.now(), context=legacy)

    status = await run_when_due(run_services, monitor_id, clock)

    async with db.transaction() as tx:
        monitor = await tx.monitors.get(monitor_id)
    assert status == "skipped-no-change"
    assert len(search.queries) == 1
    assert monitor.context[LEGACY_KEY] is None
    assert monitor.context[WATCH_SET]["pages"][0]["url"] == search.url
