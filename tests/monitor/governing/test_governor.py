"""Governors: the LLM governor's one call, the rules governor, and choosing between them."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import pytest

from sentinel.errors import ConfigError, InvalidInput
from sentinel.llm import ScriptedModel
from sentinel.monitor.governing.checks import CheckInput, run_checks
from sentinel.monitor.governing.governor import (
    LLMGovernor,
    RuleBasedGovernor,
    make_governor,
)
from sentinel.monitor.governing.relevance import bears_on, criteria_words
from sentinel.monitor.models import Evidence, GovernorContext
from sentinel.storage import GovernorKind, MonitorRecord, MonitorState
from sentinel.storage import NotifyBehavior as StoredNotify
from sentinel.storage.enums import NotifyBehavior

NOW = datetime(2025, 9, 10, 12, tzinfo=UTC)
OFFICIAL = Evidence(
    url="http://www.apple.example/newsroom/iphone-17",
    quote="Apple today announced iPhone 17, available Friday, September 19.",
)
RUMOUR = Evidence(
    url="http://www.rumorbyte.example/leak", quote="The event is set for September 9, sources say."
)


def ctx(**changes: Any) -> GovernorContext:
    base: dict[str, Any] = {
        "original_query": "Tell me when Apple announces the iPhone 17 release date",
        "action_criteria": "Apple has officially announced the date iPhone 17 goes on sale",
        "previous_state": {"announced": False},
        "current_state": {"announced": True, "release_date": "2025-09-19"},
        "volatility_hint": "launch next week",
        "notify": NotifyBehavior.ONCE,
        "evidence": [RUMOUR, OFFICIAL],
        "now": NOW,
    }
    return GovernorContext(**(base | changes))


def reply(**fields: Any) -> dict[str, Any]:
    return {
        "reasoning": "The newsroom announced it.",
        "should_act": True,
        "answer": "iPhone 17 goes on sale on September 19.",
        "facts": {"release_date": "2025-09-19"},
        "evidence": [2],
        "next_check": "6 hours",
    } | fields


def monitor(**changes: Any) -> MonitorRecord:
    record = MonitorRecord(
        id=1,
        name="iphone",
        original_query="q",
        current_query="q",
        action_criteria="c",
        notify_behavior=StoredNotify.ONCE,
        channels=[],
        state=MonitorState.ACTIVE,
        next_run_at=NOW,
        last_run_at=None,
        run_count=0,
        consecutive_failures=0,
        min_interval_s=900,
        max_interval_s=86400,
        governor_kind=GovernorKind.LLM,
        governor_rules=None,
        context={},
        lease_owner=None,
        lease_expires_at=None,
        created_at=NOW,
        updated_at=NOW,
    )
    return replace(record, **changes)


async def test_the_llm_governor_cites_the_quotes_it_names_by_number() -> None:
    governor = LLMGovernor(ScriptedModel([reply()]))

    decision = await governor.govern(ctx())

    assert decision.should_act
    assert decision.action_type == "notify"
    assert decision.evidence == [OFFICIAL]
    assert decision.facts == {"release_date": "2025-09-19"}
    assert decision.action_content == "iPhone 17 goes on sale on September 19."
    assert decision.next_check == "6 hours"


async def test_an_acting_decision_citing_nothing_rests_on_every_sensor_quote() -> None:
    governor = LLMGovernor(ScriptedModel([reply(evidence=[])]))

    decision = await governor.govern(ctx())

    assert decision.evidence == [RUMOUR, OFFICIAL]


async def test_quote_numbers_out_of_range_are_ignored() -> None:
    governor = LLMGovernor(ScriptedModel([reply(evidence=[9, 2, 2, 0])]))

    decision = await governor.govern(ctx())

    assert decision.evidence == [OFFICIAL]


async def test_a_decision_not_to_act_carries_no_message_facts_or_quotes() -> None:
    governor = LLMGovernor(ScriptedModel([reply(should_act=False, next_check="2 days")]))

    decision = await governor.govern(ctx())

    assert not decision.should_act
    assert decision.action_type == "none"
    assert decision.action_content is None
    assert decision.facts == {}
    assert decision.evidence == []
    assert decision.next_check == "2 days"


async def test_the_governor_reads_criteria_states_and_numbered_quotes_after_its_rules() -> None:
    model = ScriptedModel([reply()])

    await LLMGovernor(model).govern(ctx())

    system, user = model.calls[0].messages
    assert system.role == "system"
    assert "You do not browse" in system.content
    assert "Notify when: Apple has officially announced" in user.content
    assert 'Previous state: {"announced": false}' in user.content
    assert '"release_date": "2025-09-19"' in user.content
    assert '[2] (apple.example) "Apple today announced iPhone 17' in user.content
    assert "Notify: once" in user.content


async def test_the_rules_governor_decides_without_a_model() -> None:
    governor = make_governor(
        monitor(governor_kind=GovernorKind.RULES, governor_rules="announced == true"), None
    )

    decision = await governor.govern(ctx())

    assert isinstance(governor, RuleBasedGovernor)
    assert governor.model_calls == 0
    assert decision.should_act
    assert decision.facts == {"announced": True}
    assert decision.evidence == [RUMOUR, OFFICIAL]


def test_an_llm_monitor_gets_the_llm_governor() -> None:
    governor = make_governor(monitor(), ScriptedModel([]))

    assert isinstance(governor, LLMGovernor)
    assert governor.model_calls == 1


def test_an_llm_monitor_without_a_model_is_a_configuration_error() -> None:
    with pytest.raises(ConfigError, match="no governor model"):
        make_governor(monitor(), None)


def test_rules_that_do_not_parse_are_invalid_input() -> None:
    with pytest.raises(InvalidInput):
        make_governor(monitor(governor_kind=GovernorKind.RULES, governor_rules="price <"), None)


TICKER = Evidence(
    url="http://www.halcyonair.example/investors",
    quote="Halcyon Air Group trades on the New York Stock Exchange under the ticker HLCY.",
)
MERGER = "Halcyon Air or BlueKite has officially confirmed an agreed acquisition"


def test_the_criteria_words_leave_out_names_numbers_and_exclusions() -> None:
    assert criteria_words(MERGER) == {"offic", "confi", "agree", "acqui"}
    assert criteria_words("Meridian has published Q3 2025 results; estimates do not count") == {
        "publi",
        "resul",
    }
    assert criteria_words("Apple and BlueKite") == frozenset()


async def test_acting_on_quotes_that_do_not_bear_on_the_criteria_is_overruled() -> None:
    governor = LLMGovernor(ScriptedModel([reply(evidence=[1], facts={})]))
    proposed = await governor.govern(ctx(action_criteria=MERGER, evidence=[TICKER]))
    assert proposed.should_act

    decision, verdict = run_checks(
        proposed, CheckInput({TICKER.url: TICKER.quote}, criteria=MERGER, governor="llm")
    )

    assert not decision.should_act
    assert verdict.failed == "bears-on-criteria"
    assert "no grounded quote bears on the criteria" in (decision.reasoning or "")
    assert bears_on(MERGER, ["BlueKite confirmed the acquisition is agreed."])


async def test_acting_without_quotes_is_left_to_grounding() -> None:
    governor = LLMGovernor(ScriptedModel([reply(evidence=[])]))

    decision = await governor.govern(ctx(action_criteria=MERGER, evidence=[]))

    assert decision.should_act
