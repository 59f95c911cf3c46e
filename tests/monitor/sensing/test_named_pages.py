"""A monitor's named pages: read every run before (or instead of) search, with conditional
requests from validators stored in the snapshot, so that a fresh fetcher (another process)
still asks conditionally and a 304 costs no model call. A real server on 127.0.0.1 counts
the requests; the sensor model is scripted."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from sentinel.llm import ScriptedModel
from sentinel.monitor.models import SensorContext
from sentinel.monitor.sensing.prefilter import SourceSnapshot
from sentinel.monitor.sensing.result import SensorResult
from sentinel.monitor.sensing.sensor import Sensor
from sentinel.monitor.sensing.stored_snapshot import snapshot_from_json, snapshot_to_json
from sentinel.web.fetch import Fetcher
from sentinel.web.guard import SSRFGuard
from sentinel.web.politeness import Politeness
from sentinel.web.search.base import SearchHit, SearchInput
from tests.monitor.shop_page import ShopPage, price_model
from tests.web.loopback import LoopbackServer

MISSION = "Tell me when the Sonora QC Ultra is under $300"
MONDAY = datetime(2025, 9, 1, 9, tzinfo=UTC)


class RecordingSearch:
    """A search provider that records its queries and finds one unrelated page."""

    name = "recording"

    def __init__(self, hits: list[SearchHit] | None = None) -> None:
        self.queries: list[str] = []
        self.hits = hits or []

    async def search(self, query: SearchInput) -> list[SearchHit]:
        self.queries.append(query.query)
        return self.hits


@pytest.fixture
def server() -> Iterator[LoopbackServer]:
    running = LoopbackServer().start()
    yield running
    running.stop()


@pytest.fixture
def shop(server: LoopbackServer) -> ShopPage:
    page = ShopPage()
    page.serve(server)
    return page


def loopback_fetcher() -> Fetcher:
    """A new fetcher (as a new process has) that may reach the loopback server."""
    return Fetcher(
        guard=SSRFGuard(allow_networks=["127.0.0.0/8"]), politeness=Politeness(min_interval=0)
    )


@pytest.fixture
async def fetchers() -> AsyncIterator[list[Fetcher]]:
    opened: list[Fetcher] = []
    yield opened
    for fetcher in opened:
        await fetcher.aclose()


async def sense(
    model: ScriptedModel,
    fetchers: list[Fetcher],
    named: list[str],
    *,
    previous: SourceSnapshot | None = None,
    now: datetime = MONDAY,
    search: RecordingSearch | None = None,
    fetcher: Fetcher | None = None,
    **options: Any,
) -> SensorResult:
    """One sensing with a fresh fetcher (unless given) and a stored-then-read ``previous``."""
    if fetcher is None:
        fetcher = loopback_fetcher()
        fetchers.append(fetcher)
    stored = snapshot_from_json(snapshot_to_json(previous)) if previous is not None else None
    ctx = SensorContext(original_query=MISSION, current_query=MISSION, now=now)
    sensor = Sensor(model, search or RecordingSearch(), fetcher)
    return await sensor.sense(ctx, previous=stored, named=named, **options)


async def test_a_named_page_is_read_without_search_and_its_validators_are_kept(
    server: LoopbackServer, shop: ShopPage, fetchers: list[Fetcher]
) -> None:
    model, search = price_model(), RecordingSearch()
    url = server.url(shop.path)

    first = await sense(model, fetchers, [url], search=search)

    assert first.status == "reported", first.reason
    assert first.output is not None
    assert first.output.updated_state == {"price_usd": 349.99}
    assert search.queries == [], "a monitor with a named page does not search"
    assert shop.conditional() == [False]
    entry = first.baseline.sources[url]
    assert (entry.etag, entry.last_modified) == (shop.etag, shop.last_modified)
    assert entry.first_read == entry.changed_at == MONDAY.isoformat()
    assert entry.changes == 0
    stored = snapshot_from_json(snapshot_to_json(first.baseline))
    assert stored is not None
    assert stored.sources == first.baseline.sources


async def test_a_new_fetcher_asks_conditionally_and_a_304_costs_no_model_call(
    server: LoopbackServer, shop: ShopPage, fetchers: list[Fetcher]
) -> None:
    model = price_model()
    url = server.url(shop.path)
    first = await sense(model, fetchers, [url])

    second = await sense(
        model, fetchers, [url], previous=first.baseline, now=MONDAY + timedelta(hours=6)
    )

    assert shop.conditional() == [False, True]
    assert shop.served[1].headers["if-none-match"] == shop.etag
    assert shop.served[1].headers["if-modified-since"] == shop.last_modified
    assert second.status == "skipped", second.reason
    assert second.reason.startswith("no change")
    assert len(model.calls) == 1, "the 304 called no model"
    assert second.pages == {}, "nothing was downloaded"
    # The baseline keeps what the page was: its fingerprint, its entry dated the first read.
    assert second.baseline.fingerprints == first.baseline.fingerprints
    assert second.baseline.sources == first.baseline.sources
    fetches = [e for e in second.trace if e.action == "fetch"]
    assert len(fetches) == 1


async def test_a_changed_page_is_read_and_its_entry_counts_the_change(
    server: LoopbackServer, shop: ShopPage, fetchers: list[Fetcher]
) -> None:
    model = price_model()
    url = server.url(shop.path)
    first = await sense(model, fetchers, [url])
    shop.publish("279.99")
    later = MONDAY + timedelta(days=1)

    changed = await sense(model, fetchers, [url], previous=first.baseline, now=later)

    assert shop.conditional() == [False, True]
    assert changed.status == "reported", changed.reason
    assert changed.output is not None
    assert changed.output.updated_state == {"price_usd": 279.99}
    entry = changed.baseline.sources[url]
    assert entry.etag == shop.etag
    assert (entry.first_read, entry.changed_at, entry.changes) == (
        MONDAY.isoformat(),
        later.isoformat(),
        1,
    )


async def test_a_run_that_must_sense_reads_a_confirmed_page_in_full(
    server: LoopbackServer, shop: ShopPage, fetchers: list[Fetcher]
) -> None:
    model = price_model()
    url = server.url(shop.path)
    first = await sense(model, fetchers, [url])

    forced = await sense(model, fetchers, [url], previous=first.baseline, force=True)

    # Conditional (304), then in full: the model never reads an empty page.
    assert shop.conditional() == [False, True, False]
    assert forced.status == "reported", forced.reason
    assert forced.output is not None
    assert forced.output.updated_state == {"price_usd": 349.99}
    assert list(forced.pages) == [url]
    assert forced.baseline.sources[url].changes == 0


async def test_of_two_pages_the_unchanged_one_is_read_again_when_the_other_changed(
    server: LoopbackServer, fetchers: list[Fetcher]
) -> None:
    shop, other = ShopPage(), ShopPage(price="399.00", path="/p/other-shop")
    urls = [shop.serve(server), other.serve(server)]
    model = price_model()
    first = await sense(model, fetchers, urls)
    other.publish("389.00")

    second = await sense(model, fetchers, urls, previous=first.baseline)

    assert shop.conditional() == [False, True, False], "304, then read for the model"
    assert other.conditional() == [False, True], "changed: read at once"
    assert second.status == "reported"
    assert second.prefilter is not None
    assert second.prefilter.changed_urls == (urls[1],)
    assert list(second.pages) == [urls[1], urls[0]]
    assert len(model.calls) == 2
    assert second.baseline.sources[urls[0]].changes == 0
    assert second.baseline.sources[urls[1]].changes == 1


async def test_the_same_fetcher_answers_a_304_from_its_memory(
    server: LoopbackServer, shop: ShopPage, fetchers: list[Fetcher]
) -> None:
    model, fetcher = price_model(), loopback_fetcher()
    fetchers.append(fetcher)
    url = server.url(shop.path)
    first = await sense(model, fetchers, [url], fetcher=fetcher)

    second = await sense(model, fetchers, [url], previous=first.baseline, fetcher=fetcher)

    assert shop.conditional() == [False, True]
    assert second.status == "skipped"
    assert second.pages[url].not_modified, "the worker's own copy stands in"


async def test_a_monitor_whose_sources_come_through_search_searches_too(
    server: LoopbackServer, shop: ShopPage, fetchers: list[Fetcher]
) -> None:
    url = server.url(shop.path)
    search = RecordingSearch()

    result = await sense(price_model(), fetchers, [url], search=search, search_too=True)

    assert search.queries == [MISSION]
    assert result.status == "reported"
    assert shop.conditional() == [False]


async def test_a_named_page_on_a_private_address_fails_naming_the_setting(
    server: LoopbackServer, shop: ShopPage
) -> None:
    url = server.url(shop.path)
    async with Fetcher(politeness=Politeness(min_interval=0)) as fetcher:
        result = await sense(price_model(), [], [url], fetcher=fetcher)

    assert result.status == "failed"
    assert "loopback address" in result.reason
    assert "SENTINEL_FETCH_ALLOW_HOSTS" in result.reason
    assert shop.served == [], "nothing was sent to the refused address"


async def test_search_monitors_store_no_source_entries(
    server: LoopbackServer, shop: ShopPage, fetchers: list[Fetcher]
) -> None:
    url = server.url(shop.path)
    search = RecordingSearch([SearchHit(url=url, title="Sonora", snippet="price", provider="test")])

    result = await sense(price_model(), fetchers, [], search=search)

    assert result.status == "reported"
    assert result.baseline.sources == {}
    assert "sources" not in snapshot_to_json(result.baseline)
