"""Orchestration rules: pure functions from (state, delta) to the calls the app dispatches."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from sentinel.agents import ActionCall, RuleFailed, trigger, when_changed
from sentinel.agents.orchestration import CallLike, as_calls, path_matches
from sentinel.store import Change, Delta


def delta_at(*paths: str) -> Delta:
    changes = tuple(Change(path, "set", None, 1) for path in paths)
    return Delta(1, "x", {}, changes, datetime.now(UTC))


def test_a_rule_may_return_calls_names_or_pairs():
    output: list[CallLike] = [ActionCall("a", {"n": 1}), "b", ("c", {"text": "t"})]
    assert as_calls("r", output) == [
        ActionCall("a", {"n": 1}),
        ActionCall("b"),
        ActionCall("c", {"text": "t"}),
    ]


@pytest.mark.parametrize("single", [ActionCall("a"), "a", ("a", {})])
def test_a_single_call_need_not_be_wrapped_in_a_list(single):
    assert as_calls("r", single) == [ActionCall("a")]


def test_none_means_no_calls():
    assert as_calls("r", None) == []


def test_anything_else_is_a_rule_failure_naming_the_rule():
    with pytest.raises(RuleFailed, match=r"rule 'mine': returned 42"):
        as_calls("mine", [42])  # type: ignore[list-item]


def test_trigger_names_the_agents_built_in_trigger():
    assert trigger("translator") == ActionCall("translator.trigger")


@pytest.mark.parametrize(
    ("pattern", "path", "matches"),
    [
        ("shared.summary", "shared.summary", True),
        ("shared.summary", "shared.summary.text", True),
        ("shared.summary", "shared", True),
        ("shared.summary", "shared.document", False),
        ("items.*", "items.3", True),
        ("items.*.name", "items.3.price", False),
    ],
)
def test_path_patterns_match_at_below_and_above(pattern, path, matches):
    assert path_matches(pattern, path) is matches


def test_when_changed_fires_only_for_matching_changes_that_pass_its_condition():
    rule = when_changed("shared.summary", then=trigger("t"), only_if=lambda s: s["ready"])
    assert rule({"ready": True}, delta_at("shared.summary")) == [trigger("t")]
    assert rule({"ready": False}, delta_at("shared.summary")) == []
    assert rule({"ready": True}, delta_at("shared.document")) == []
    assert "shared.summary" in rule.__qualname__


def test_when_changed_may_make_several_calls():
    rule = when_changed("a", "b", then=[trigger("x"), ("log", {"line": "b"})])
    assert as_calls("r", rule(None, delta_at("b"))) == [
        trigger("x"),
        ActionCall("log", {"line": "b"}),
    ]
