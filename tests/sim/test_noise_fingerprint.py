"""Cross-check with Sentinel's fetcher: noise changes bytes, never the content fingerprint;
a real timeline change always changes it."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime, timedelta

import pytest

from sentinel.clock import VirtualClock
from sentinel.sim import Scenario, World
from sentinel.web.fetch import Fetcher
from sentinel.web.guard import SSRFGuard
from sentinel.web.politeness import Politeness
from tests.sim.conftest import ANNOUNCED, HEATWAVE, NEWSROOM, START

MakeFetcher = Callable[[World, VirtualClock], Fetcher]
NOISE = ["rotating_ads", "relative_timestamp", "cookie_banner", "markup_churn", "trending_box"]


def _noisy_world(
    scenario: Scenario, noise: list[str], start: datetime = START + timedelta(days=20, hours=10)
) -> tuple[World, VirtualClock]:
    """The fixture world with only ``noise`` on the newsroom page, and no outages."""
    site = scenario.sites[0]
    page = site.pages[0].model_copy(update={"noise": tuple(noise), "outages": ()})
    scenario = scenario.model_copy(
        update={"sites": (site.model_copy(update={"pages": (page,)}), *scenario.sites[1:])}
    )
    clock = VirtualClock(start)
    return World.from_scenario(scenario, clock, seed=3), clock


@pytest.fixture
async def fetcher_for() -> AsyncIterator[MakeFetcher]:
    fetchers: list[Fetcher] = []

    def make(world: World, clock: VirtualClock) -> Fetcher:
        fetcher = Fetcher(
            transport=world.transport(),
            guard=SSRFGuard(allow_hosts=world.hosts),
            politeness=Politeness(min_interval=0),
            clock=clock.now,
            cache_size=0,
        )
        fetchers.append(fetcher)
        return fetcher

    yield make
    for fetcher in fetchers:
        await fetcher.aclose()


@pytest.mark.parametrize("kind", [*NOISE, "all"])
async def test_noise_changes_the_html_but_not_the_fingerprint(
    scenario: Scenario, fetcher_for: MakeFetcher, kind: str
) -> None:
    world, clock = _noisy_world(scenario, NOISE if kind == "all" else [kind])
    fetcher = fetcher_for(world, clock)
    results = []
    for gap in (timedelta(0), timedelta(hours=2), timedelta(days=1, hours=1)):
        clock.advance(gap)
        results.append(await fetcher.fetch(NEWSROOM))
    assert "Our September keynote will be streamed live" in results[0].text
    assert len({r.fingerprint for r in results}) == 1, [r.text for r in results]


async def test_a_timeline_change_changes_the_fingerprint(
    scenario: Scenario, fetcher_for: MakeFetcher
) -> None:
    world, clock = _noisy_world(scenario, NOISE, start=START)
    fetcher = fetcher_for(world, clock)
    first = await fetcher.fetch(NEWSROOM)
    clock.set(datetime(2025, 8, 20, 9, tzinfo=UTC))  # the body changes, the headline does not
    before = await fetcher.fetch(NEWSROOM)
    clock.set(ANNOUNCED)
    after = await fetcher.fetch(NEWSROOM)
    assert len({first.fingerprint, before.fingerprint, after.fingerprint}) == 3
    assert "available from Friday, September 19" in after.text
    assert after.title is not None
    assert after.title.startswith("Gizmo announces Gadget 3")


async def test_static_pages_are_revalidated_with_not_modified(
    world: World, clock: VirtualClock
) -> None:
    clock.set(ANNOUNCED)
    fetcher = Fetcher(
        transport=world.transport(),
        guard=SSRFGuard(allow_hosts=world.hosts),
        politeness=Politeness(min_interval=0),
        clock=clock.now,
    )
    async with fetcher:
        first = await fetcher.fetch(HEATWAVE)
        clock.advance(timedelta(days=1))
        second = await fetcher.fetch(HEATWAVE)
    assert not first.not_modified
    assert second.not_modified
    assert second.fingerprint == first.fingerprint
