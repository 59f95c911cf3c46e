"""The bundled scenario library: valid, varied, sharing one world, and with ground truth
that matches what the pages say."""

from __future__ import annotations

import re
from datetime import timedelta
from importlib import resources

import httpx
import pytest

from sentinel.clock import VirtualClock
from sentinel.sim import Scenario, World, bundled_ids, bundled_scenarios, load_bundled
from sentinel.web.extract import extract_html

SCENARIOS = bundled_scenarios()
_WORD = re.compile(r"[^\W_]+(?:[.,'’-][^\W_]+)*")


def _words(text: str) -> str:
    """Text reduced to its words, so that Markdown and table syntax do not matter."""
    return " ".join(_WORD.findall(text))


AUTHORITATIVE = {"official", "shop"}


def test_library_holds_at_least_fifteen_scenarios_named_by_their_files() -> None:
    assert len(SCENARIOS) >= 15
    assert [s.id for s in SCENARIOS] == bundled_ids()
    files = [
        entry.name
        for entry in resources.files("sentinel.sim").joinpath("scenarios").iterdir()
        if entry.name.endswith(".yaml")
    ]
    assert sorted(f.removesuffix(".yaml") for f in files) == bundled_ids()


def test_every_bundled_scenario_fits_in_one_world() -> None:
    world = World(SCENARIOS, VirtualClock(min(s.start for s in SCENARIOS)))
    assert len(world.site_hosts) == sum(len(s.sites) for s in SCENARIOS)


def test_library_covers_the_shapes_a_benchmark_needs() -> None:
    kinds = {site.kind for s in SCENARIOS for site in s.sites}
    assert kinds == {"official", "news", "rumor", "shop", "blog", "forum", "social"}
    assert sum(1 for s in SCENARIOS if not s.events) >= 3  # any alert is false
    assert any(s.notify == "always" for s in SCENARIOS)
    assert any([e.condition for e in s.events] == [True, False, True] for s in SCENARIOS)
    noise = {kind for s in SCENARIOS for _, page in s.pages() for kind in page.noise}
    assert noise == {
        "rotating_ads",
        "relative_timestamp",
        "cookie_banner",
        "markup_churn",
        "trending_box",
        "slow",
    }
    assert any(o.status == "timeout" for s in SCENARIOS for _, p in s.pages() for o in p.outages)


# Research worlds (research-*.yaml) are read at one virtual time by `sentinel research`: their
# pages appear but need not evolve, so the richness a monitoring scenario needs is not asked
# of them.
MONITORING = [s for s in SCENARIOS if not s.id.startswith("research-")]


@pytest.mark.parametrize("scenario", MONITORING, ids=lambda s: s.id)
def test_monitoring_scenario_is_rich_enough(scenario: Scenario) -> None:
    pages = list(scenario.pages())
    assert len(scenario.sites) >= 2
    # Worlds vary in size (a status page and a forum thread, or four shops): at least a few
    # pages, so that there is something to read besides the page that matters.
    assert len(pages) >= 4
    assert any(page.noise for _, page in pages)
    assert timedelta(days=14) <= scenario.end - scenario.start <= timedelta(days=120)
    changing = [page for _, page in pages if len(page.timeline) > 1]
    assert changing, "nothing ever changes"


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: s.id)
def test_each_event_is_the_moment_an_authoritative_page_says_so(scenario: Scenario) -> None:
    for event in scenario.events:
        changed = [
            (site.host, page.path)
            for site, page in scenario.pages()
            if site.kind in AUTHORITATIVE and any(v.at == event.at for v in page.timeline)
        ]
        assert changed, f"{scenario.id}: no official page changes at {event.at.isoformat()}"


@pytest.mark.parametrize("scenario", [s for s in SCENARIOS if s.events], ids=lambda s: s.id)
async def test_pages_changing_at_an_event_are_served_and_extracted_then(
    scenario: Scenario,
) -> None:
    clock = VirtualClock(scenario.start)
    world = World.from_scenario(scenario, clock)
    async with httpx.AsyncClient(transport=world.transport()) as client:
        for event in scenario.events:
            clock.set(event.at)
            for view in world.visible_pages():
                if view.site.kind not in AUTHORITATIVE or view.modified != event.at:
                    continue
                if view.page.outage_at(event.at) is not None:  # down at that very moment
                    continue
                response = await client.get(view.url)
                assert response.status_code == 200, view.url
                first_line = next(line for line in view.text.splitlines() if len(line) > 20)
                extracted = _words(extract_html(response.text, view.url).text)
                assert " ".join(_words(first_line).split()[:6]) in extracted


def test_a_bundled_scenario_loads_by_id() -> None:
    scenario = load_bundled("iphone-release")
    assert scenario.notify == "once"
    assert scenario.events[0].facts["release_date"] == "2025-09-19"


def test_sentinel_sim_validate_accepts_the_whole_library() -> None:
    from typer.testing import CliRunner

    from sentinel.cli.sim import app

    library = resources.files("sentinel.sim").joinpath("scenarios")
    result = CliRunner().invoke(app, ["validate", str(library)])

    assert result.exit_code == 0, result.output
    assert result.output.count("OK ") == len(SCENARIOS)
