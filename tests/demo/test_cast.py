"""The demo's monitors: valid windows inside their scenarios, rules that read the keys the
monitor starts from, and a clear refusal of unknown scenarios."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from sentinel.demo.cast import CAST, DEFAULT_SCENARIOS, DemoMonitor, cast_for
from sentinel.errors import InvalidInput
from sentinel.monitor import parse_rule
from sentinel.sim import load_bundled
from sentinel.storage import GovernorKind

START, END = datetime(2025, 9, 1, tzinfo=UTC), datetime(2025, 9, 8, tzinfo=UTC)


@pytest.mark.parametrize("monitor", CAST, ids=lambda m: m.scenario_id)
def test_each_window_lies_inside_its_scenario(monitor: DemoMonitor) -> None:
    scenario = load_bundled(monitor.scenario_id)

    assert scenario.start <= monitor.start < monitor.end <= scenario.end


@pytest.mark.parametrize(
    "monitor", [m for m in CAST if m.rule is not None], ids=lambda m: m.scenario_id
)
def test_a_rule_reads_only_keys_the_initial_state_names(monitor: DemoMonitor) -> None:
    assert monitor.rule is not None
    assert monitor.initial_state is not None

    assert set(parse_rule(monitor.rule).paths) <= set(monitor.initial_state)


def test_the_default_demo_has_events_to_detect_and_a_noise_only_scenario() -> None:
    events = [load_bundled(m).events for m in DEFAULT_SCENARIOS]

    assert any(not e for e in events)
    assert sum(1 for e in events if any(event.condition for event in e)) >= 2
    assert 2 <= len(DEFAULT_SCENARIOS) <= 3
    assert {m.scenario_id for m in CAST} >= set(DEFAULT_SCENARIOS)


def test_scenarios_are_played_in_the_order_asked() -> None:
    chosen = cast_for(["library-hours-churn", "iphone-release"])

    assert [m.scenario_id for m in chosen] == ["library-hours-churn", "iphone-release"]


def test_an_unknown_scenario_is_refused_naming_the_known_ones() -> None:
    with pytest.raises(InvalidInput, match="known: quillstore-release"):
        cast_for(["camera-stock-flipflop"])


def test_a_scenario_named_twice_or_none_at_all_is_refused() -> None:
    with pytest.raises(InvalidInput, match="twice"):
        cast_for(["iphone-release", "iphone-release"])
    with pytest.raises(InvalidInput, match="at least one"):
        cast_for([])


def test_a_rule_without_the_rules_governor_is_refused() -> None:
    with pytest.raises(InvalidInput, match="rules governor"):
        DemoMonitor("x", "x", GovernorKind.LLM, "x", START, END, rule="a == 1")
    with pytest.raises(InvalidInput, match="rules governor"):
        DemoMonitor("x", "x", GovernorKind.RULES, "x", START, END)


def test_a_window_that_ends_before_it_starts_is_refused() -> None:
    with pytest.raises(InvalidInput, match="end after"):
        DemoMonitor("x", "x", GovernorKind.LLM, "x", END, START)
