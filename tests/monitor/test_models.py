"""The monitor's data: what flows through a run, and what a user may create."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from pydantic import ValidationError

from sentinel.errors import InvalidInput
from sentinel.monitor.models import (
    Evidence,
    GovernorDecision,
    InvalidMonitorSpec,
    MonitorSpec,
    SensorOutput,
    parse_monitor_spec,
)
from sentinel.monitor.scheduling.bounds import ScheduleBounds
from sentinel.storage.enums import NotifyBehavior


def spec(**fields: Any) -> MonitorSpec:
    return parse_monitor_spec({"query": "When will Apple announce the iPhone 17?", **fields})


def problems(**fields: Any) -> dict[str, str]:
    with pytest.raises(InvalidMonitorSpec) as caught:
        spec(**fields)
    return dict(caught.value.problems)


def test_sensor_output_carries_a_domain_shaped_state_and_evidence() -> None:
    output = SensorOutput.model_validate(
        {
            "updated_state": {"announced": True, "pricing": {"base": 799}},
            "evidence": [{"url": "https://apple.com/news", "quote": "iPhone 17 is here today"}],
        }
    )
    assert output.updated_state["pricing"] == {"base": 799}
    assert output.evidence == [
        Evidence(url="https://apple.com/news", quote="iPhone 17 is here today")
    ]
    assert output.volatility_hint is None
    assert output.query_update is None
    assert output.error is None


def test_sensor_output_refuses_a_state_that_is_not_an_object() -> None:
    with pytest.raises(ValidationError):
        SensorOutput.model_validate({"updated_state": "announced: yes"})


def test_a_decision_to_act_is_a_notify_action_whatever_type_the_model_wrote() -> None:
    decision = GovernorDecision.model_validate(
        {"should_act": True, "action_type": "email", "next_check": "1 day"}
    )
    assert decision.action_type == "notify"


def test_a_decision_not_to_act_has_no_action_even_if_one_was_written() -> None:
    decision = GovernorDecision.model_validate(
        {"should_act": False, "action_type": "notify", "next_check": "1 day"}
    )
    assert decision.action_type == "none"
    assert GovernorDecision(should_act=False, next_check="6 hours").action_type == "none"


def test_a_decision_without_next_check_is_invalid() -> None:
    with pytest.raises(ValidationError, match="next_check"):
        GovernorDecision.model_validate({"should_act": False})


def test_a_minimal_spec_gets_safe_defaults() -> None:
    created = spec(criteria="when it is announced")
    assert created.notify is NotifyBehavior.ONCE
    assert created.min_interval == timedelta(minutes=15)
    assert created.max_interval == timedelta(days=30)
    assert created.channels == []
    assert created.governor == "llm"
    assert created.display_name == "When will Apple announce the iPhone 17?"
    assert created.schedule_bounds() == ScheduleBounds()


def test_intervals_may_be_written_in_words_or_iso_8601() -> None:
    created = spec(criteria="x", min_interval="1 hour", max_interval="P7D")
    assert created.min_interval == timedelta(hours=1)
    assert created.max_interval == timedelta(days=7)


def test_an_empty_query_is_refused() -> None:
    assert problems(query="   ", criteria="x") == {"query": "must not be empty"}


def test_an_oversized_query_is_refused_with_its_length() -> None:
    assert problems(query="q" * 501, criteria="x") == {
        "query": "is 501 characters; the limit is 500"
    }


def test_too_long_criteria_are_refused() -> None:
    assert "criteria" in problems(criteria="c" * 2001)


def test_min_interval_above_max_interval_is_refused() -> None:
    found = problems(criteria="x", min_interval="2 days", max_interval="1 day")
    assert "min_interval 2 days, 0:00:00 exceeds max_interval 1 day, 0:00:00" in found["monitor"]


def test_an_interval_in_unknown_words_is_refused() -> None:
    assert "min_interval" in problems(criteria="x", min_interval="a while")


def test_a_minimum_below_one_minute_is_refused() -> None:
    assert "at least" in problems(criteria="x", min_interval="10 seconds")["monitor"]


def test_an_llm_monitor_needs_criteria() -> None:
    assert "criteria must say when" in problems()["monitor"]


def test_a_rules_monitor_needs_a_valid_rule_and_uses_it_as_criteria() -> None:
    created = spec(governor="rules", rules="announced == true")
    assert created.criteria == "announced == true"
    assert "needs a rule" in problems(governor="rules")["monitor"]
    assert "position 7" in problems(governor="rules", rules="price <")["rules"]


def test_rules_without_the_rules_governor_are_refused() -> None:
    assert "only with governor 'rules'" in problems(criteria="x", rules="a == 1")["monitor"]


def test_unknown_fields_are_refused_so_typos_surface() -> None:
    assert "critera" in problems(critera="when announced")


def test_an_unknown_time_zone_is_refused() -> None:
    assert "IANA" in problems(criteria="x", timezone="Mars/Olympus")["timezone"]


def test_channels_are_deduplicated_and_must_not_be_blank() -> None:
    created = spec(criteria="x", channels=["webhook:a", " webhook:a ", "email:b"])
    assert created.channels == ["webhook:a", "email:b"]
    assert "empty" in problems(criteria="x", channels=[" "])["channels"]
    assert (
        "limit is 10" in problems(criteria="x", channels=[f"c{i}" for i in range(11)])["channels"]
    )


def test_every_problem_is_reported_at_once_as_an_invalid_input() -> None:
    with pytest.raises(InvalidInput) as caught:
        parse_monitor_spec({"query": "", "notify": "sometimes", "timezone": "Nowhere"})
    message = str(caught.value)
    assert "query: must not be empty" in message
    assert "notify:" in message
    assert "timezone:" in message
    assert "errors.pydantic.dev" not in message


def test_a_long_query_is_shortened_for_display() -> None:
    created = spec(query="word " * 40, criteria="x")
    assert len(created.display_name) <= 60
    assert created.display_name.endswith("…")
