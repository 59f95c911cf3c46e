"""Noise: every kind changes the raw HTML over requests or time, reproducibly for a seed."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import httpx
import pytest

from sentinel.clock import VirtualClock
from sentinel.sim import Scenario, World
from sentinel.sim.noise import Churn, NoiseSeed, relative_time
from tests.sim.conftest import NEWSROOM, START

# (noise kind, a pattern the noise renders, how far apart two fetches must be to see it change)
CHANGES = [
    ("rotating_ads", r'<aside class="ad-slot[^"]*".*?</aside>', timedelta(0)),
    ("cookie_banner", r'data-consent-id="[0-9a-f]+"', timedelta(0)),
    ("relative_timestamp", r"Updated [^<]+ ago", timedelta(days=1)),
    ("trending_box", r'<aside class="trending[^"]*".*?</aside>', timedelta(hours=1)),
    ("markup_churn", r'class="headline[^"]*"', timedelta(days=1)),
]


def _world(scenario: Scenario, noise: list[str], seed: int = 7) -> tuple[World, VirtualClock]:
    site = scenario.sites[0]
    page = site.pages[0].model_copy(update={"noise": tuple(noise), "outages": ()})
    site = site.model_copy(update={"pages": (page,)})
    scenario = scenario.model_copy(update={"sites": (site, *scenario.sites[1:])})
    clock = VirtualClock(START + timedelta(days=25))
    return World.from_scenario(scenario, clock, seed=seed), clock


async def _fetch(world: World, url: str = NEWSROOM) -> str:
    async with httpx.AsyncClient(transport=world.transport()) as client:
        response = await client.get(url)
    response.raise_for_status()
    return response.text


@pytest.mark.parametrize(("kind", "pattern", "gap"), CHANGES)
async def test_each_noise_kind_changes_the_html_but_not_the_article(
    scenario: Scenario, kind: str, pattern: str, gap: timedelta
) -> None:
    world, clock = _world(scenario, [kind])
    first = await _fetch(world)
    clock.advance(gap)
    second = await _fetch(world)
    assert re.search(pattern, first, re.S), f"{kind} is not rendered"
    assert first != second
    article = re.compile(r'<div class="story-body[^"]*">(.*?)</div>', re.S)
    first_body, second_body = article.search(first), article.search(second)
    assert first_body is not None
    assert second_body is not None
    assert first_body.group(1) == second_body.group(1)


async def test_a_page_without_noise_is_byte_identical_between_requests(
    scenario: Scenario,
) -> None:
    world, clock = _world(scenario, [])
    first = await _fetch(world)
    clock.advance(timedelta(minutes=10))
    assert await _fetch(world) == first


async def test_noise_replays_identically_for_the_same_seed(scenario: Scenario) -> None:
    kinds = ["rotating_ads", "cookie_banner", "relative_timestamp", "trending_box", "markup_churn"]
    runs = []
    for _ in range(2):
        world, clock = _world(scenario, kinds, seed=11)
        pages = [await _fetch(world), await _fetch(world)]
        clock.advance(timedelta(days=1, hours=3))
        pages.append(await _fetch(world))
        runs.append(pages)
    assert runs[0] == runs[1]


async def test_a_different_seed_gives_different_noise(scenario: Scenario) -> None:
    kinds = ["rotating_ads", "cookie_banner"]
    one, _ = _world(scenario, kinds, seed=1)
    two, _ = _world(scenario, kinds, seed=2)
    assert await _fetch(one) != await _fetch(two)


async def test_trending_box_shows_other_headlines_of_the_world(scenario: Scenario) -> None:
    world, _ = _world(scenario, ["trending_box"])
    html = await _fetch(world)
    box = re.search(r'<aside class="trending".*?</aside>', html, re.S)
    assert box is not None
    assert box.group(0).count("<li>") == 5


@pytest.mark.parametrize(
    ("seconds", "text"),
    [
        (20, "just now"),
        (60, "1 minute ago"),
        (300, "5 minutes ago"),
        (7200, "2 hours ago"),
        (86400 * 3 + 5, "3 days ago"),
    ],
)
def test_relative_time_reads_like_a_site_says_it(seconds: int, text: str) -> None:
    now = datetime(2025, 8, 1, tzinfo=UTC)
    assert relative_time(now, now - timedelta(seconds=seconds)) == text


def test_churn_renames_classes_per_day_and_keeps_their_meaning() -> None:
    day_one = NoiseSeed(seed=1, url="http://a.example/", now=START, request=1)
    day_two = NoiseSeed(seed=1, url="http://a.example/", now=START + timedelta(days=1), request=1)
    one, two = Churn(day_one), Churn(day_two)
    assert one.cls("headline") != two.cls("headline")
    assert one.cls("headline").startswith("headline_")
    assert Churn(day_one).cls("headline") == one.cls("headline")
    assert Churn(None).cls("headline") == "headline"
    assert Churn(None).wrap("<p>x</p>") == "<p>x</p>"
