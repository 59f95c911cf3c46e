"""Reading scenarios: every mistake is reported with the file's name and the field's path."""

from __future__ import annotations

from pathlib import Path

import pytest

from sentinel.sim import ScenarioError, parse_scenario, resolve_scenario
from sentinel.sim.loader import load_bundled, load_scenario, scenario_files, validate_scenario
from tests.sim.conftest import SCENARIO_YAML


def _errors(text: str) -> list[str]:
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(text, "gadget.yaml")
    assert caught.value.source == "gadget.yaml"
    lines = str(caught.value).splitlines()
    assert all(line.startswith("gadget.yaml: ") for line in lines)
    return [line.removeprefix("gadget.yaml: ") for line in lines]


def _edit(old: str, new: str) -> str:
    assert old in SCENARIO_YAML
    return SCENARIO_YAML.replace(old, new, 1)


def test_the_fixture_scenario_is_valid() -> None:
    scenario = parse_scenario(SCENARIO_YAML, "gadget.yaml")
    assert scenario.action_criteria == scenario.mission  # criteria defaults to the mission
    assert scenario.sites[0].pages[0].outages[1].status == "timeout"


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        (
            "        title: Gizmo Support\n",
            "        title: Gizmo Support\n        colour: red\n",
            "sites[0].pages[1].colour: unknown key",
        ),
        ("notify: once", "notify: sometimes", "notify: Input should be 'once' or 'always'"),
        (
            "[rotating_ads, relative_timestamp,",
            "[rotating_ads, blinking_text,",
            "sites[0].pages[0].noise[1]: Input should be 'rotating_ads'",
        ),
        (
            "          - at: 2025-08-20T09:00:00Z",
            "          - at: 2025-08-32T09:00:00Z",
            "sites[0].pages[0].timeline[1].at: Input should be a valid datetime",
        ),
        (
            "          - at: 2025-08-20T09:00:00Z",
            "          - at: 2025-08-20T09:00:00",
            "sites[0].pages[0].timeline[1].at: Input should have timezone info",
        ),
        ("    kind: news\n", "", "sites[1].kind: required field is missing"),
        (
            "mission: Tell me when Gizmo announces the Gadget 3 release date\n",
            "",
            "mission: required",
        ),
        ("    kind: news\n", "    kind: newspaper\n", "sites[1].kind: Input should be"),
        (
            "status: 503}",
            "status: 200}",
            "sites[0].pages[0].outages[0].status: status must be a 4xx/5xx code or 'timeout'",
        ),
        (
            "status: 503}",
            "status: later}",
            "sites[0].pages[0].outages[0].status: status must be a 4xx/5xx code or 'timeout'",
        ),
        (
            "{from: 2025-08-10T00:00:00Z, to: 2025-08-10T06:00:00Z",
            "{from: 2025-08-10T06:00:00Z, to: 2025-08-10T00:00:00Z",
            "sites[0].pages[0].outages[0]: 'from' (2025-08-10T06:00:00+00:00) must be before 'to'",
        ),
        (
            "      - path: /support",
            "      - path: support",
            "sites[0].pages[1].path: path 'support' must start with '/'",
        ),
        (
            "      - path: /support",
            "      - path: /__world",
            "sites[0].pages[1].path: path '/__world': paths starting with '/__' are reserved",
        ),
        (
            "      - path: /support",
            "      - path: /newsroom/gadget-3",
            "sites[0].pages: path '/newsroom/gadget-3' appears twice: [0] and [1]",
        ),
        (
            "  - host: techwire.example",
            "  - host: TechWire",
            "sites[1].host: host 'TechWire' must be a lowercase DNS name",
        ),
        (
            "          - at: 2025-08-20T09:00:00Z",
            "          - at: 2025-07-20T09:00:00Z",
            "sites[0].pages[0].timeline: entries must be sorted by 'at' without repeats: [1]",
        ),
        (
            "noise: [slow]",
            "noise: [slow, slow]",
            "sites[0].pages[1].noise: noise lists slow more than once",
        ),
        (
            "events:\n  - at: 2025-09-09T17:00:00Z\n    condition: true",
            "events:\n  - at: 2025-09-09T17:00:00Z\n    condition: maybe",
            "events[0].condition: Input should be a valid boolean",
        ),
        ("id: gadget-launch", "id: Gadget Launch", "id: id 'Gadget Launch' must be lowercase"),
    ],
)
def test_structural_errors_name_the_file_and_the_field(old: str, new: str, expected: str) -> None:
    errors = _errors(_edit(old, new))
    assert any(line.startswith(expected) for line in errors), errors


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("end: 2025-10-01T00:00:00Z", "end: 2025-07-01T00:00:00Z", "end: "),
        (
            "          - at: 2025-09-09T17:00:00Z\n            body: |\n              # Gizmo",
            "          - at: 2025-10-09T17:00:00Z\n            body: |\n              # Gizmo",
            "sites[0].pages[0].timeline[2].at: 2025-10-09T17:00:00+00:00 is after the",
        ),
        (
            "{from: 2025-08-12T00:00:00Z, to: 2025-08-12T02:00:00Z, status: 500}",
            "{from: 2025-12-12T00:00:00Z, to: 2025-12-12T02:00:00Z, status: 500}",
            "sites[0].pages[1].outages[0]: lies outside the scenario window",
        ),
        (
            "{from: 2025-08-11T00:00:00Z, to: 2025-08-11T01:00:00Z",
            "{from: 2025-08-10T05:00:00Z, to: 2025-08-11T01:00:00Z",
            "sites[0].pages[0].outages[1].from: outages must be sorted and must not overlap",
        ),
        (
            "events:\n  - at: 2025-09-09T17:00:00Z",
            "events:\n  - at: 2025-12-09T17:00:00Z",
            "events[0].at: 2025-12-09T17:00:00+00:00 is outside start..end",
        ),
        (
            "  - host: techwire.example",
            "  - host: www.gizmo.example",
            "sites[1].host: 'www.gizmo.example' is also sites[0]",
        ),
    ],
)
def test_cross_field_errors_name_the_field(old: str, new: str, expected: str) -> None:
    errors = _errors(_edit(old, new))
    assert any(line.startswith(expected) for line in errors), errors


def test_only_the_first_timeline_entry_may_predate_the_window() -> None:
    text = _edit(
        "          - at: 2025-08-20T09:00:00Z", "          - at: 2025-07-20T09:00:00Z"
    ).replace("          - at: 2025-08-01T00:00:00Z\n", "          - at: 2025-07-01T00:00:00Z\n", 1)
    assert _errors(text) == [
        "sites[0].pages[0].timeline[1].at: 2025-07-20T09:00:00+00:00 is before the scenario's "
        "start; only the first entry may be"
    ]


def test_events_must_be_sorted() -> None:
    text = SCENARIO_YAML + ("  - at: 2025-09-01T00:00:00Z\n    condition: false\n")
    assert _errors(text) == ["events[1].at: events must be sorted by 'at' without repeats"]


def test_every_error_is_reported_at_once() -> None:
    text = _edit("notify: once", "notify: never").replace("kind: news", "kind: paper")
    errors = _errors(text)
    assert len(errors) == 2


def test_duplicate_keys_and_bad_yaml_are_errors() -> None:
    assert _errors(_edit("notify: once", "notify: once\nnotify: always")) == [
        "line 5: invalid YAML: duplicate key 'notify'"
    ]
    assert _errors("id: [unclosed")[0].startswith("line ")
    assert _errors("- just\n- a list\n") == ["a scenario must be a YAML mapping"]


def test_empty_lists_are_errors_but_no_events_is_fine() -> None:
    assert (
        parse_scenario(
            _edit(
                "events:\n  - at: 2025-09-09T17:00:00Z\n    condition: true\n"
                "    facts: {release_date: 2025-09-19, price_usd: 799}\n",
                "events: []\n",
            ),
            "gadget.yaml",
        ).events
        == ()
    )
    assert "sites: must have at least one entry" in _errors(
        SCENARIO_YAML.split("sites:")[0] + "sites: []\nevents: []\n"
    )


def test_facts_keep_dates_as_iso_text() -> None:
    scenario = parse_scenario(SCENARIO_YAML, "gadget.yaml")
    assert scenario.events[0].facts == {"release_date": "2025-09-19", "price_usd": 799}


def test_a_fact_named_condition_is_refused_with_the_name_to_use() -> None:
    facts = "facts: {condition: [noise plan], release_date:"
    errors = _errors(_edit("facts: {release_date:", facts))

    assert any("a fact may not be named 'condition'" in e and "'conditions'" in e for e in errors)


def test_validate_scenario_accepts_parsed_data_and_runs_the_cross_checks() -> None:
    data = {"id": "x"}
    with pytest.raises(ScenarioError, match="mission: required field is missing"):
        validate_scenario(data, "inline")


def test_load_scenario_reports_under_the_file_name(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text(_edit("notify: once", "notify: twice"), encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"^broken\.yaml: notify: "):
        load_scenario(path)
    with pytest.raises(ScenarioError, match="cannot read"):
        load_scenario(tmp_path / "missing.yaml")


def test_scenarios_resolve_from_a_path_or_a_bundled_id(tmp_path: Path) -> None:
    path = tmp_path / "gadget.yaml"
    path.write_text(SCENARIO_YAML, encoding="utf-8")
    assert resolve_scenario(path).id == "gadget-launch"
    assert resolve_scenario(str(path)).id == "gadget-launch"
    assert resolve_scenario("iphone-release").id == "iphone-release"
    with pytest.raises(ScenarioError, match="no bundled scenario with this id"):
        load_bundled("no-such-scenario")


def test_scenario_files_expands_directories(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("", encoding="utf-8")
    (tmp_path / "nested").mkdir()
    (tmp_path / "nested" / "b.yml").write_text("", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("", encoding="utf-8")
    found = scenario_files([tmp_path, tmp_path / "explicit.yaml"])
    assert [p.name for p in found] == ["a.yaml", "b.yml", "explicit.yaml"]
