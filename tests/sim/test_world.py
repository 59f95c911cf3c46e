"""The world: which version of which page exists at which moment, and what it holds."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from sentinel.clock import VirtualClock
from sentinel.errors import InvalidInput
from sentinel.sim import Scenario, World, parse_scenario
from tests.sim.conftest import ANNOUNCED, HEATWAVE, KEYNOTE, NEWSROOM, SCENARIO_YAML, START

SECOND = timedelta(seconds=1)


def test_page_does_not_exist_before_its_first_entry(world: World) -> None:
    assert world.view("techwire.example", "/2025/09/gizmo-gadget-3-keynote") is None
    appears = datetime(2025, 8, 20, 12, tzinfo=UTC)
    path = "/2025/09/gizmo-gadget-3-keynote"
    assert world.view("techwire.example", path, appears - SECOND) is None
    view = world.view("techwire.example", path, appears)
    assert view is not None
    assert view.url == KEYNOTE


def test_between_entries_the_earlier_version_is_served(world: World) -> None:
    before = world.view("www.gizmo.example", "/newsroom/gadget-3", ANNOUNCED - SECOND)
    at = world.view("www.gizmo.example", "/newsroom/gadget-3", ANNOUNCED)
    assert before is not None
    assert at is not None
    assert before.index == 1
    assert "September 9" not in before.headline
    assert at.index == 2
    assert at.headline == "Gizmo announces Gadget 3, available September 19"
    assert at.modified == ANNOUNCED
    assert at.published == START


def test_views_follow_the_clock_by_default(world: World, clock: VirtualClock) -> None:
    def index() -> int | None:
        view = world.view("www.gizmo.example", "/newsroom/gadget-3")
        return None if view is None else view.index

    assert index() == 0
    clock.set(ANNOUNCED)
    assert index() == 2


def test_leading_heading_becomes_the_headline_and_leaves_the_body(world: World) -> None:
    view = world.view("www.gizmo.example", "/newsroom/gadget-3", ANNOUNCED)
    assert view is not None
    assert view.text.startswith("Gizmo today announced Gadget 3")
    assert "# " not in view.version.markdown.splitlines()[0]
    untitled = world.view("techwire.example", "/2025/08/heatwave-data-centres", ANNOUNCED)
    assert untitled is not None
    assert untitled.headline == "Heatwave pushes data centres to their limits"


def test_visible_pages_lists_only_existing_pages(world: World) -> None:
    urls = {v.url for v in world.visible_pages(START)}
    assert urls == {NEWSROOM, "http://www.gizmo.example/support"}
    later = {v.url for v in world.visible_pages(ANNOUNCED)}
    assert {KEYNOTE, HEATWAVE} <= later


def test_hosts_include_the_search_engine(world: World) -> None:
    assert world.hosts == {"www.gizmo.example", "techwire.example", "search.sim"}
    assert world.site_hosts == {"www.gizmo.example", "techwire.example"}
    assert world.search_url == "http://search.sim"


def test_search_host_is_configurable(scenario: Scenario, clock: VirtualClock) -> None:
    world = World.from_scenario(scenario, clock, search_host="searx.test")
    assert world.search_url == "http://searx.test"
    assert "searx.test" in world.hosts


def test_ground_truth_is_the_scenarios_events(world: World, scenario: Scenario) -> None:
    assert world.ground_truth == {"gadget-launch": scenario.events}
    event = world.ground_truth["gadget-launch"][0]
    assert event.facts == {"release_date": "2025-09-19", "price_usd": 799}


def test_two_scenarios_sharing_a_host_cannot_share_a_world(
    scenario: Scenario, clock: VirtualClock
) -> None:
    twin = parse_scenario(SCENARIO_YAML.replace("id: gadget-launch", "id: twin"), "twin.yaml")
    with pytest.raises(InvalidInput, match=r"www\.gizmo\.example"):
        World([scenario, twin], clock)


def test_several_scenarios_share_one_world(scenario: Scenario, clock: VirtualClock) -> None:
    other = parse_scenario(
        SCENARIO_YAML.replace("id: gadget-launch", "id: other")
        .replace("www.gizmo.example", "www.other.example")
        .replace("techwire.example", "wire.example"),
        "other.yaml",
    )
    world = World([scenario, other], clock)
    assert len(world.hosts) == 5
    assert set(world.ground_truth) == {"gadget-launch", "other"}
    assert world.scenario("other") is other


def test_a_site_cannot_take_the_search_host(scenario: Scenario, clock: VirtualClock) -> None:
    with pytest.raises(InvalidInput, match="search host"):
        World.from_scenario(scenario, clock, search_host="techwire.example")


def test_boundaries_are_every_moment_a_page_changes(world: World) -> None:
    boundaries = world.boundaries()
    assert boundaries == sorted(boundaries)
    assert ANNOUNCED in boundaries
    assert datetime(2025, 7, 1, tzinfo=UTC) in boundaries
