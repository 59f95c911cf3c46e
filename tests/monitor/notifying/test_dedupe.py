"""Dedupe: notify=always never sends the same facts twice."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from sentinel.monitor.models import GovernorDecision
from sentinel.monitor.notifying.dedupe import (
    decision_key,
    facts_key,
    forgets_memory,
    is_duplicate,
    suppress_duplicate,
)
from sentinel.storage.enums import NotifyBehavior

keys = st.text(alphabet="abcdefghij_", min_size=1, max_size=8)
scalars = st.one_of(
    st.booleans(),
    st.none(),
    st.integers(-(10**9), 10**9),
    st.text(alphabet="abcxyz ", max_size=10).filter(lambda s: s.strip()),
)
facts_dicts = st.dictionaries(keys, scalars, min_size=1, max_size=6)


def test_the_key_is_a_sha256_hex_digest() -> None:
    key = facts_key({"price": 799})
    assert len(key) == 64
    assert int(key, 16) >= 0


def test_formatting_noise_does_not_change_the_key() -> None:
    assert facts_key({"price": "799"}) == facts_key({"price": 799.0}) == facts_key({"price": 799})
    assert facts_key({"price": "$1,299.00"}) == facts_key({"price": 1299})
    assert facts_key({"status": " Delayed "}) == facts_key({"status": "delayed"})
    assert facts_key({"Status": "x"}) == facts_key({"status": "x"})
    assert facts_key({"date": "2025-09-09T17:00:00Z"}) == facts_key(
        {"date": "2025-09-09T19:00:00+02:00"}
    )
    assert facts_key({"date": "September 9, 2025"}) == facts_key({"date": "2025-09-09"})
    assert facts_key({"tags": ["b", "a"]}) == facts_key({"tags": ["a", "b"]})
    assert facts_key({"price": 0.1 + 0.2}) == facts_key({"price": 0.3})


def test_real_changes_change_the_key() -> None:
    assert facts_key({"price": 799}) != facts_key({"price": 749})
    assert facts_key({"announced": True}) != facts_key({"announced": False})
    assert facts_key({"announced": True}) != facts_key({"announced": 1})
    assert facts_key({"date": "2025-09-09"}) != facts_key({"date": "2025-09-10"})
    assert facts_key({"a": 1}) != facts_key({"a": 1, "b": 2})
    assert facts_key({"v": None}) != facts_key({"v": "none"})


@given(facts_dicts, st.randoms(use_true_random=False))
def test_key_order_never_matters(facts: dict[str, Any], rng: Any) -> None:
    items = list(facts.items())
    rng.shuffle(items)
    assert facts_key(dict(items)) == facts_key(facts)


@given(facts_dicts)
def test_numbers_written_as_text_or_floats_key_like_the_numbers(facts: dict[str, Any]) -> None:
    rewritten = {
        key: (str(value) if rng_choice else float(value))
        if isinstance(value, int) and not isinstance(value, bool)
        else value
        for rng_choice, (key, value) in zip([True, False] * 4, facts.items(), strict=False)
    }
    assert facts_key(rewritten) == facts_key(facts)


@given(facts_dicts, st.data())
def test_changing_any_number_changes_the_key(facts: dict[str, Any], data: st.DataObject) -> None:
    key = data.draw(st.sampled_from(sorted(facts)))
    changed = {**facts, key: data.draw(st.integers(10**9 + 1, 10**10))}
    assert facts_key(changed) != facts_key(facts)


def test_is_duplicate_checks_membership_of_the_key() -> None:
    sent = {facts_key({"price": 89})}
    assert is_duplicate({"price": "89.00"}, sent)
    assert not is_duplicate({"price": 85}, sent)


def acting(facts: dict[str, Any], content: str = "Price dropped to $89") -> GovernorDecision:
    return GovernorDecision(
        should_act=True, action_content=content, next_check="6 hours", facts=facts
    )


def test_a_decision_without_facts_is_keyed_by_its_message() -> None:
    assert decision_key(acting({}, "Price dropped")) == decision_key(acting({}, " price  DROPPED"))
    assert decision_key(acting({}, "Price dropped")) != decision_key(acting({}, "Price rose"))


def test_always_monitors_suppress_facts_already_sent() -> None:
    sent = {facts_key({"price": 89})}
    suppressed, reason = suppress_duplicate(acting({"price": 89.0}), NotifyBehavior.ALWAYS, sent)
    assert not suppressed.should_act
    assert suppressed.action_type == "none"
    assert reason is not None
    assert reason.startswith("duplicate")


def test_always_monitors_send_new_facts() -> None:
    sent = {facts_key({"price": 89})}
    decision = acting({"price": 85})
    assert suppress_duplicate(decision, NotifyBehavior.ALWAYS, sent) == (decision, None)


def test_once_monitors_are_not_deduplicated_because_they_complete() -> None:
    decision = acting({"price": 89})
    sent = {facts_key({"price": 89})}
    assert suppress_duplicate(decision, NotifyBehavior.ONCE, sent) == (decision, None)


def test_only_a_governor_finding_the_criteria_unmet_ends_an_always_episode() -> None:
    met = GovernorDecision(should_act=True, action_content="in stock", next_check="1 day")
    unmet = GovernorDecision(should_act=False, next_check="1 day")

    assert forgets_memory(unmet, NotifyBehavior.ALWAYS)
    assert not forgets_memory(met, NotifyBehavior.ALWAYS)
    assert not forgets_memory(unmet, NotifyBehavior.ONCE)
