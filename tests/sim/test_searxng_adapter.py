"""Sentinel's real SearXNG provider against the world's search engine, end to end."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sentinel.clock import VirtualClock
from sentinel.sim import World
from sentinel.web.search.base import SearchInput
from sentinel.web.search.searxng import SearxngSearch
from tests.sim.conftest import ANNOUNCED, HEATWAVE, KEYNOTE, NEWSROOM


def _provider(world: World, clock: VirtualClock) -> SearxngSearch:
    return SearxngSearch(
        base_url=world.search_url,
        transport=world.transport(),
        rate_limit=None,
        clock=clock.now,
    )


async def test_adapter_finds_official_and_news_pages(world: World, clock: VirtualClock) -> None:
    clock.set(ANNOUNCED + timedelta(hours=1))
    async with _provider(world, clock) as provider:
        hits = await provider.search(SearchInput(query="Gizmo Gadget 3 keynote", num_results=5))
    urls = [hit.url for hit in hits]
    assert NEWSROOM in urls
    assert KEYNOTE in urls
    official = hits[urls.index(NEWSROOM)]
    assert official.provider == "searxng"
    assert official.published == ANNOUNCED
    assert official.title.startswith("Gizmo announces Gadget 3")
    assert official.score is not None


async def test_adapter_sees_pages_only_once_they_exist(world: World, clock: VirtualClock) -> None:
    async with _provider(world, clock) as provider:
        query = SearchInput(query="invitations", num_results=5)
        assert [hit.url for hit in await provider.search(query)] == []
        clock.set(datetime(2025, 8, 20, 12, tzinfo=UTC))
        assert [hit.url for hit in await provider.search(query)] == [KEYNOTE]


async def test_adapter_freshness_follows_virtual_time(world: World, clock: VirtualClock) -> None:
    clock.set(ANNOUNCED + timedelta(hours=1))
    async with _provider(world, clock) as provider:
        everything = await provider.search(SearchInput(query="heatwave Gadget", num_results=10))
        recent = await provider.search(
            SearchInput(query="heatwave Gadget", num_results=10, freshness="d3")
        )
    assert HEATWAVE in [hit.url for hit in everything]
    assert [hit.url for hit in recent] == [NEWSROOM]
