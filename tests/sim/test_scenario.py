"""The scenario model: versions over time, ground truth over time, names."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from sentinel.sim import Scenario, load_bundled
from sentinel.sim.scenario import Outage, Site, Version
from tests.sim.conftest import ANNOUNCED, START

SECOND = timedelta(seconds=1)


def test_version_index_is_none_before_the_first_entry(scenario: Scenario) -> None:
    page = scenario.sites[1].pages[0]  # the keynote story, from Aug 20 12:00
    first = page.timeline[0].at
    assert page.version_index(first - SECOND) is None
    assert page.version_index(first) == 0
    assert page.version_index(first + timedelta(days=300)) == 0


def test_version_index_switches_exactly_at_each_entry(scenario: Scenario) -> None:
    page = scenario.sites[0].pages[0]
    assert page.version_index(START) == 0
    assert page.version_index(ANNOUNCED - SECOND) == 1
    assert page.version_index(ANNOUNCED) == 2


def test_outage_covers_from_inclusive_to_exclusive() -> None:
    outage = Outage.model_validate(
        {"from": "2025-08-10T00:00:00Z", "to": "2025-08-10T06:00:00Z", "status": "503"}
    )
    assert outage.status == 503
    assert outage.covers(datetime(2025, 8, 10, tzinfo=UTC))
    assert not outage.covers(datetime(2025, 8, 10, 6, tzinfo=UTC))


def test_times_are_normalized_to_utc() -> None:
    version = Version.model_validate({"at": "2025-08-10T02:00:00+02:00", "body": "x"})
    assert version.at == datetime(2025, 8, 10, tzinfo=UTC)
    assert version.at.tzinfo is UTC


def test_a_leading_heading_is_the_versions_headline() -> None:
    version = Version.model_validate(
        {"at": "2025-08-10T00:00:00Z", "body": "\n# Big news\n\nBody."}
    )
    assert version.headline == "Big news"
    assert version.markdown.strip() == "Body."
    plain = Version.model_validate({"at": "2025-08-10T00:00:00Z", "body": "## Sub\n\nBody."})
    assert plain.headline is None
    assert plain.markdown == "## Sub\n\nBody."


@pytest.mark.parametrize(
    ("host", "name"),
    [
        ("www.daily-ledger.example", "Daily Ledger"),
        ("techwire.example", "Techwire"),
        ("blog.quillstore.example", "Quillstore"),
        ("careers.northwind.example", "Careers"),
    ],
)
def test_site_name_comes_from_the_host(host: str, name: str) -> None:
    site = Site.model_validate(
        {
            "host": host,
            "kind": "news",
            "pages": [
                {
                    "path": "/",
                    "title": "t",
                    "timeline": [{"at": "2025-01-01T00:00:00Z", "body": "b"}],
                }
            ],
        }
    )
    assert site.name == name


def test_condition_follows_the_events_over_time() -> None:
    flipflop = load_bundled("camera-stock-flipflop")
    on, off, again = (event.at for event in flipflop.events)
    assert not flipflop.condition_at(flipflop.start)
    assert flipflop.condition_at(on)
    assert not flipflop.condition_at(off)
    assert not flipflop.condition_at(again - SECOND)
    assert flipflop.condition_at(flipflop.end)


def test_a_scenario_without_events_is_never_true() -> None:
    never = load_bundled("game-never-announced")
    assert never.events == ()
    assert not never.condition_at(never.end)


def test_criteria_default_to_the_mission(scenario: Scenario) -> None:
    assert scenario.criteria is None
    assert scenario.action_criteria == scenario.mission
    assert load_bundled("iphone-release").action_criteria.startswith("Apple has officially")
