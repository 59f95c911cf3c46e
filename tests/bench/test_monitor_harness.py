"""The benchmark's world for one policy: what its requests are counted as, which engine."""

from __future__ import annotations

from datetime import timedelta

from sentinel.bench.monitoring.harness import ScenarioWorld
from sentinel.sim.search_realism import PERFECT, REALISTIC
from sentinel.web.search.base import SearchInput
from tests.bench.monitor_scenarios import LAUNCH, scenario

PAGE = "http://www.gizmo.example/news/gizmo-2"


async def test_a_conditional_fetch_answered_304_is_counted_apart_from_full_fetches() -> None:
    env = ScenarioWorld.open(scenario(LAUNCH), seed=0)
    fetcher = env.fetcher()
    try:
        first = await fetcher.fetch(PAGE)
        again = await fetcher.fetch(PAGE)  # the fetcher sends the ETag it was given
        env.clock.set(env.clock.now() + timedelta(days=3))  # the page changed meanwhile
        changed = await fetcher.fetch(PAGE)
    finally:
        await env.aclose()
    assert "no news" in first.text
    assert again.text == first.text
    assert "March 20" in changed.text
    counter = env.counter
    assert counter.pages == 3
    assert counter.conditional == 2  # the second and third requests carried validators
    assert counter.not_modified == 1  # only the second was answered 304
    assert counter.full_fetches == 2
    assert counter.robots == 1


async def test_searches_are_counted_and_never_as_page_fetches() -> None:
    env = ScenarioWorld.open(scenario(LAUNCH), seed=0, search=PERFECT)
    search = env.search()
    try:
        await search.search(SearchInput(query="Gizmo 2 launch", num_results=5))
    finally:
        await env.aclose()
    assert (env.counter.searches, env.counter.pages, env.counter.conditional) == (1, 0, 0)


def test_the_benchmark_world_uses_the_realistic_engine_unless_told() -> None:
    played = scenario(LAUNCH)
    assert ScenarioWorld.open(played, seed=0).world.search_realism is REALISTIC
    assert ScenarioWorld.open(played, seed=0, search=PERFECT).world.search_realism is PERFECT
