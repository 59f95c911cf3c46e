"""The realistic search engine: index lag, pages never indexed, missing and wrong dates."""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import AsyncIterator
from datetime import datetime, timedelta
from typing import Any

import httpx
import pytest

from sentinel.clock import VirtualClock
from sentinel.errors import InvalidInput
from sentinel.sim import Scenario, World, bundled_scenarios
from sentinel.sim.search_realism import PERFECT, REALISTIC, SearchRealism, search_realism
from tests.sim.conftest import ANNOUNCED, KEYNOTE, NEWSROOM, START

SEARCH = "http://search.sim/search"
LAG = timedelta(hours=6)


def _world(scenario: Scenario, clock: VirtualClock, realism: SearchRealism, seed: int = 7) -> World:
    return World.from_scenario(scenario, clock, seed=seed, search_realism=realism)


async def _results(world: World, q: str, **params: Any) -> list[dict[str, Any]]:
    async with httpx.AsyncClient(transport=world.transport(), timeout=2.0) as client:
        response = await client.get(SEARCH, params={"q": q, "format": "json", **params})
    assert response.status_code == 200, response.text
    results: list[dict[str, Any]] = response.json()["results"]
    return results


@pytest.fixture
async def page_client(world: World) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(transport=world.transport(), timeout=2.0) as client:
        yield client


# -- the profile of a page -------------------------------------------------------------------


def test_a_page_profile_is_a_function_of_seed_and_url() -> None:
    assert REALISTIC.profile(3, NEWSROOM) == REALISTIC.profile(3, NEWSROOM)
    urls = [f"http://shop.example/item/{i}" for i in range(200)]
    assert [REALISTIC.profile(3, u) for u in urls] != [REALISTIC.profile(4, u) for u in urls]


def test_realistic_shares_and_lags_match_the_stated_profile() -> None:
    profiles = [REALISTIC.profile(0, f"http://site{i}.example/page") for i in range(4000)]
    lags = [p.lag for p in profiles]
    assert min(lags) >= timedelta(hours=1)
    assert max(lags) <= timedelta(hours=24)
    # log-uniform over 1..24 h: the median is near sqrt(24) h.
    median_h = statistics.median(lag / timedelta(hours=1) for lag in lags)
    assert 4.0 < median_h < 6.0
    assert 0.08 < sum(not p.indexed for p in profiles) / len(profiles) < 0.12
    dates = Counter(p.date_mode for p in profiles)
    assert 0.13 < dates["missing"] / len(profiles) < 0.17
    assert 0.08 < dates["wrong"] / len(profiles) < 0.12


def test_the_perfect_engine_has_no_imperfection() -> None:
    assert PERFECT.perfect
    assert not REALISTIC.perfect
    profile = PERFECT.profile(5, NEWSROOM)
    assert (profile.lag, profile.indexed, profile.date_mode) == (timedelta(0), True, "right")


def test_engines_by_name_and_bad_settings_are_refused() -> None:
    assert search_realism("realistic") is REALISTIC
    assert search_realism("perfect") is PERFECT
    with pytest.raises(InvalidInput, match="search"):
        search_realism("fresh")
    with pytest.raises(InvalidInput, match="lag"):
        SearchRealism("x", min_lag=timedelta(hours=2), max_lag=timedelta(hours=1))
    with pytest.raises(InvalidInput, match="unindexed"):
        SearchRealism("x", unindexed=1.5)
    with pytest.raises(InvalidInput, match="undated"):
        SearchRealism("x", undated=0.6, misdated=0.6)


# -- the engine in a world -------------------------------------------------------------------


async def test_a_change_becomes_searchable_only_after_the_page_lag(
    scenario: Scenario, clock: VirtualClock, page_client: httpx.AsyncClient
) -> None:
    world = _world(scenario, clock, SearchRealism("lagging", min_lag=LAG, max_lag=LAG))
    clock.set(ANNOUNCED + timedelta(minutes=5))
    # The page itself already says it...
    page = await page_client.get(NEWSROOM)
    assert "available September 19" in page.text
    # ...but the engine still has the version it crawled before: no "pre-orders" yet.
    assert await _results(world, "pre-orders") == []
    stale = next(r for r in await _results(world, "Gadget 3") if r["url"] == NEWSROOM)
    assert stale["publishedDate"] == "2025-08-20T09:00:00Z"
    clock.set(ANNOUNCED + LAG - timedelta(seconds=1))
    assert await _results(world, "pre-orders") == []
    clock.set(ANNOUNCED + LAG)
    fresh = await _results(world, "pre-orders")
    assert [r["url"] for r in fresh] == [NEWSROOM]
    assert fresh[0]["publishedDate"] == "2025-09-09T17:00:00Z"


async def test_a_new_page_appears_in_results_only_after_its_lag(
    scenario: Scenario, clock: VirtualClock
) -> None:
    world = _world(scenario, clock, SearchRealism("lagging", min_lag=LAG, max_lag=LAG))
    appears = datetime.fromisoformat("2025-08-20T12:00:00+00:00")
    clock.set(appears + LAG - timedelta(minutes=1))
    assert KEYNOTE not in [r["url"] for r in await _results(world, "keynote")]
    clock.set(appears + LAG)
    assert KEYNOTE in [r["url"] for r in await _results(world, "keynote")]


async def test_unindexed_pages_are_never_found_but_still_served(
    scenario: Scenario, clock: VirtualClock, page_client: httpx.AsyncClient
) -> None:
    world = _world(scenario, clock, SearchRealism("blind", unindexed=1.0))
    clock.set(ANNOUNCED + timedelta(days=2))
    assert await _results(world, "Gadget 3") == []
    assert world.search.profile(NEWSROOM).indexed is False
    assert (await page_client.get(NEWSROOM)).status_code == 200


async def test_undated_results_show_no_date_and_drop_out_of_time_ranges(
    scenario: Scenario, clock: VirtualClock
) -> None:
    world = _world(scenario, clock, SearchRealism("undated", undated=1.0))
    clock.set(ANNOUNCED + timedelta(hours=1))
    results = await _results(world, "Gadget 3")
    assert results
    assert all(r["publishedDate"] is None for r in results)
    assert await _results(world, "pre-orders", time_range="day") == []


async def test_misdated_results_show_a_date_before_the_first_publication(
    scenario: Scenario, clock: VirtualClock
) -> None:
    world = _world(scenario, clock, SearchRealism("misdated", misdated=1.0))
    clock.set(ANNOUNCED + timedelta(hours=1))
    hit = next(r for r in await _results(world, "pre-orders") if r["url"] == NEWSROOM)
    shown = datetime.fromisoformat(hit["publishedDate"].replace("Z", "+00:00"))
    assert shown < START  # the page was first published on START; the engine says earlier
    assert START - shown <= timedelta(days=30)
    # A fresh change with a wrong (old) date is not "from the past day".
    assert await _results(world, "pre-orders", time_range="day") == []


async def test_the_default_world_keeps_the_perfect_engine(
    world: World, clock: VirtualClock
) -> None:
    assert world.search_realism is PERFECT
    clock.set(ANNOUNCED)
    assert [r["url"] for r in await _results(world, "pre-orders")] == [NEWSROOM]


async def test_a_realistic_world_answers_the_same_for_the_same_seed() -> None:
    scenario = next(s for s in bundled_scenarios() if s.id == "merger-clearance")
    answers = []
    for seed in (1, 1, 2):
        clock = VirtualClock(scenario.start)
        world = World.from_scenario(scenario, clock, seed=seed, search_realism=REALISTIC)
        seen = []
        moment = scenario.start
        while moment <= scenario.end:
            clock.set(moment)
            seen.append(
                [(r["url"], r["publishedDate"]) for r in await _results(world, scenario.mission)]
            )
            moment += timedelta(days=3)
        answers.append(seen)
    assert answers[0] == answers[1]
    assert answers[0] != answers[2]
