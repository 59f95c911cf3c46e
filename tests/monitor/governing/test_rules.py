"""Rule evaluation and the rules governor."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sentinel.monitor.governing.rules import RulesGovernor, evaluate_rule, hinted_next_check
from sentinel.monitor.models import Evidence, GovernorContext
from sentinel.storage.enums import NotifyBehavior


def truth(
    rule: str, current: dict[str, Any], previous: dict[str, Any] | None = None
) -> bool | None:
    return evaluate_rule(rule, previous, current).truth


STATE = {
    "announced": True,
    "price_usd": 89.99,
    "in_stock": True,
    "status": "Delayed",
    "version": "2.1.0",
    "title": "Public Beta opens",
    "tags": ["beta", "ios"],
    "product": {"price": 95, "name": "Widget"},
    "products": [{"sku": "X", "price": "$1,299.00"}],
    "released": "2025-09-09",
    "note": None,
    "prev_usd": 80,
}


@pytest.mark.parametrize(
    ("rule", "expected"),
    [
        ("announced == true", True),
        ("announced", True),
        ("not announced", False),
        ("price_usd < 100", True),
        ("price_usd <= 99.5 and in_stock == true", True),
        ("price_usd > 100 or in_stock", True),
        ('status in ["delayed", "cancelled"]', True),
        ('status not in ["delayed", "cancelled"]', False),
        ("version != null", True),
        ("product.price < 100", True),
        ('contains(title, "beta")', True),
        ('"ios" in tags', True),
        ('contains(tags, "android")', False),
        ("products.0.price > 1000", True),
        ("released < '2025-10-01'", True),
        ("exists(note)", False),
        ("exists(version)", True),
        ("note == null", True),
        ("(price_usd < 50 or price_usd > 80) and not (status == 'on time')", True),
    ],
)
def test_rules_evaluate_against_the_current_state(rule: str, expected: bool) -> None:
    assert truth(rule, STATE) is expected


def test_numbers_compare_with_numeric_text_as_sensors_write_it() -> None:
    assert truth("price < 800", {"price": "799.00"}) is True
    assert truth("price == 799", {"price": "$799"}) is True


def test_booleans_compare_with_the_text_true_and_false() -> None:
    assert truth("announced == true", {"announced": "TRUE"}) is True


def test_text_compares_case_insensitively() -> None:
    assert truth("status == 'delayed'", {"status": " Delayed "}) is True


def test_keys_match_case_insensitively_when_the_sensor_changes_their_case() -> None:
    assert truth("price < 100", {"Price": 90}) is True


def test_a_missing_field_makes_a_comparison_unknown_and_the_rule_not_hold() -> None:
    evaluation = evaluate_rule("price_usd < 100", None, {"announced": True})
    assert evaluation.truth is None
    assert not evaluation.holds
    assert evaluation.notes == ("price_usd is missing",)


def test_not_of_a_missing_field_stays_unknown_so_it_never_notifies() -> None:
    assert truth("not announced", {}) is None


def test_a_missing_field_equals_null() -> None:
    assert truth("version == null", {}) is True
    assert truth("version != null", {}) is False


def test_comparing_text_with_a_number_is_unknown_with_a_note() -> None:
    evaluation = evaluate_rule("price < 100", None, {"price": "call for price"})
    assert evaluation.truth is None
    assert evaluation.notes == ("price is text 'call for price', not a number",)


def test_a_non_boolean_used_as_a_condition_is_unknown_with_a_note() -> None:
    evaluation = evaluate_rule("announced", None, {"announced": "rumoured"})
    assert evaluation.truth is None
    assert "not true/false" in evaluation.notes[0]


def test_and_or_follow_kleene_logic() -> None:
    assert truth("in_stock and missing < 1", {"in_stock": False}) is False
    assert truth("in_stock or missing < 1", {"in_stock": True}) is True
    assert truth("in_stock and missing < 1", {"in_stock": True}) is None


def test_changed_is_false_on_the_first_run_because_the_first_observation_is_a_baseline() -> None:
    assert truth("changed(version)", {"version": "2.1"}, previous=None) is False


def test_changed_sees_a_new_value_and_a_field_that_appeared() -> None:
    assert truth("changed(version)", {"version": "2.10"}, {"version": "2.1"}) is True
    assert truth("changed(version)", {"version": "2.1"}, {"other": 1}) is True


def test_changed_ignores_formatting_noise() -> None:
    assert truth("changed(price)", {"price": 799}, {"price": "799.00"}) is False
    assert truth("changed(status)", {"status": "Delayed"}, {"status": "delayed"}) is False


def test_changed_is_unknown_when_the_field_vanished() -> None:
    assert truth("changed(version)", {}, {"version": "2.1"}) is None


def test_prev_reads_the_previous_state() -> None:
    assert truth("price < prev(price)", {"price": 85}, {"price": 90}) is True
    assert truth("price < prev(price)", {"price": 85}, None) is None


def test_facts_are_the_current_values_of_the_fields_the_rule_reads() -> None:
    evaluation = evaluate_rule("price_usd <= 99.5 and in_stock == true and nope", None, STATE)
    assert evaluation.facts == {"price_usd": 89.99, "in_stock": True}


def context(current: dict[str, Any], previous: dict[str, Any] | None = None) -> GovernorContext:
    return GovernorContext(
        original_query="Widget under $100",
        action_criteria="price_usd < 100",
        previous_state=previous,
        current_state=current,
        notify=NotifyBehavior.ALWAYS,
        evidence=[Evidence(url="https://shop.example/w", quote="Widget now only $89.99")],
    )


def test_the_governor_acts_when_the_rule_holds_and_cites_the_sensor_evidence() -> None:
    governor = RulesGovernor("price_usd < 100 and in_stock")
    decision = governor.decide(context({"price_usd": 89.99, "in_stock": True}))
    assert decision.should_act
    assert decision.action_type == "notify"
    assert decision.facts == {"price_usd": 89.99, "in_stock": True}
    assert decision.action_content == (
        "price_usd is 89.99, in_stock is true (rule: price_usd < 100 and in_stock)"
    )
    assert decision.next_check == "6 hours"
    assert decision.evidence[0].url == "https://shop.example/w"
    assert decision.reasoning == "rule 'price_usd < 100 and in_stock' holds"


def test_the_governor_waits_longer_when_the_rule_does_not_hold() -> None:
    decision = RulesGovernor("price_usd < 100").decide(context({"price_usd": 120}))
    assert not decision.should_act
    assert decision.action_type == "none"
    assert decision.next_check == "1 day"
    assert decision.evidence == []


def test_the_governor_explains_an_undecidable_rule_and_does_not_act() -> None:
    decision = RulesGovernor("price_usd < 100", next_check_miss="12 hours").decide(
        context({"price": 90})
    )
    assert not decision.should_act
    assert decision.next_check == "12 hours"
    assert decision.reasoning == "rule 'price_usd < 100' cannot be decided (price_usd is missing)"


def test_the_governor_acts_on_the_first_observation_when_the_condition_already_holds() -> None:
    assert RulesGovernor("announced").decide(context({"announced": True}, previous=None)).should_act


HINT_NOW = datetime(2025, 9, 10, 12, tzinfo=UTC)


@pytest.mark.parametrize(
    ("hint", "expected"),
    [
        ("6 hours", "6 hours"),
        ("hourly", "1 hour"),
        ("tomorrow 9am", "tomorrow 9am"),
        ("weekly", "1 day"),
        ("3 weeks", "1 day"),
        ("soon, maybe", "1 day"),
        (None, "1 day"),
    ],
)
def test_a_volatility_hint_only_brings_the_next_check_forward(
    hint: str | None, expected: str
) -> None:
    assert hinted_next_check(hint, HINT_NOW, "1 day") == expected


def test_the_governor_reads_the_sensors_volatility_hint_when_the_rule_does_not_hold() -> None:
    ctx = context({"price_usd": 120}).model_copy(
        update={"volatility_hint": "hourly", "now": HINT_NOW}
    )

    assert RulesGovernor("price_usd < 100").decide(ctx).next_check == "1 hour"


# -- CEL ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rule", "expected"),
    [
        ("price_usd < 100 && in_stock", True),
        ("price_usd > 100 || !in_stock", False),
        ('status in ["delayed", "cancelled"] && title.contains("BETA")', True),
        ('tags.exists(t, t == "iOS")', True),
        ("size(tags) == 2 && tags[0] == 'beta'", True),
        ('products[0].sku == "x" && products[0].price > 1000', True),
        ('product["name"].startsWith("wid")', True),
        ('title.matches("^Public")', True),
        ("price_usd * 2 < 200 && price_usd * 0.5 < 45 && price_usd - prev_usd > 9", True),
        ("released < '2025-10-01' && released > '2025-09-08T23:00:00Z'", True),
        ("released == 'September 9, 2025'", True),
        ("in_stock ? price_usd < 90 : false", True),
        ("has(product.price) && !has(product.color)", True),
    ],
)
def test_cel_rules_evaluate_against_the_current_state(rule: str, expected: bool) -> None:
    assert truth(rule, STATE) is expected


def test_the_readme_rule_reads_the_price_the_sensor_reports() -> None:
    assert truth("price_usd < 300", {"price_usd": 279.99}) is True
    assert truth("price_usd < 300", {"price_usd": "$279.99"}) is True
    assert truth("price_usd < 300", {"price_usd": 300}) is False


def test_a_field_the_sensor_reports_as_null_is_noted_as_null() -> None:
    evaluation = evaluate_rule("price_usd < 300", None, {"price_usd": None})

    assert evaluation.truth is None
    assert evaluation.notes == ("price_usd is null",)


def test_a_nested_missing_field_equals_null_too() -> None:
    assert truth("product.color == null", STATE) is True
    assert truth("product.color != null", STATE) is False


def test_prev_of_a_missing_field_is_noted() -> None:
    evaluation = evaluate_rule("price < prev(price)", {"other": 1}, {"price": 85})

    assert evaluation.truth is None
    assert evaluation.notes == ("prev(price) is missing",)


def test_a_rule_that_gives_no_boolean_is_unknown_with_a_note() -> None:
    evaluation = evaluate_rule("price_usd + 1", None, {"price_usd": 5})

    assert evaluation.truth is None
    assert evaluation.notes == ("the rule gives number 6.0, not true/false",)


def test_an_error_no_field_explains_gives_cels_reason() -> None:
    evaluation = evaluate_rule("size(tags) > 'two'", None, {"tags": ["a"]})

    assert evaluation.truth is None
    assert evaluation.notes[0].startswith("cannot be evaluated: No such overload")


def test_declared_kinds_override_the_kinds_the_rule_implies() -> None:
    # code < prev(code) says nothing of the kind: numeric text reads as a number, unless
    # the field is declared text.
    rule = "code < prev(code)"
    previous, current = {"code": "9"}, {"code": "10"}

    assert evaluate_rule(rule, previous, current).truth is False
    assert evaluate_rule(rule, previous, current, {"code": "string"}).truth is True


def test_the_governor_uses_declared_kinds() -> None:
    governor = RulesGovernor("price < prev(price)", kinds={"price": "number"})

    decision = governor.decide(context({"price": "$90"}, previous={"price": "$100"}))

    assert decision.should_act


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=8,
)
STATES = st.dictionaries(
    st.sampled_from(["price", "Price", "in_stock", "status", "tags", "product", "released"]),
    JSON,
    max_size=5,
)
RULES = [
    "price < 300 && in_stock",
    "status in ['late'] || changed(price)",
    "price < prev(price) and not in_stock",
    "'x' in tags || tags.exists(t, t == 'y')",
    "product.price > 5 || has(product.name)",
    "released < '2025-10-01'",
    "size(tags) > 1 && contains(status, 'a')",
    "price * 2 < 10",
]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(RULES), st.none() | STATES, STATES)
def test_a_rule_on_any_state_decides_or_says_why_and_never_raises(
    rule: str, previous: dict[str, Any] | None, current: dict[str, Any]
) -> None:
    evaluation = evaluate_rule(rule, previous, current)

    assert evaluation.truth in (True, False, None)
    assert (evaluation.truth is None) == bool(evaluation.notes)
