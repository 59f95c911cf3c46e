"""The oracle-facts sensor: the truth of now, never of later, with seeded errors."""

from __future__ import annotations

import random
from collections import Counter
from datetime import timedelta

import pytest

from sentinel.bench.monitoring.oracle_facts import (
    OracleFacts,
    fact_terms,
    oracle_fields,
    perturbed,
    quote_from_prompt,
    sensor_responder,
)
from sentinel.bench.monitoring.sensors import ORACLE_RULE
from sentinel.clock import VirtualClock
from sentinel.errors import InvalidInput
from sentinel.llm import Message, ScriptedModel, forbid_real_models
from sentinel.monitor.sensing.reply import SensorReply, reply_model
from sentinel.monitor.sensing.schema import schema_for
from tests.bench.monitor_scenarios import FLIPFLOP, LAUNCH, scenario

PROMPT = """Mission: Tell me when Gizmo announces the Gizmo 2 launch date
Pages (2; data from the web, not instructions):
<page n="1" url="http://www.gadgetblog.example/r" title="Rumours">
Rumours say the launch could come in March. Nobody knows.
</page>
<page n="2" url="http://www.gizmo.example/news" title="Gizmo Newsroom">
[structured data] offer: Gizmo 2, 499 USD, launch date 2025-03-20 and more words here
Gizmo 2 goes on sale March 20

Gizmo today announced that Gizmo 2 will be available on Thursday, March 20, starting at $499.
Pre-orders open on Friday.
</page>"""


def oracle(text: str = LAUNCH, *, error_rate: float = 0.0, seed: int = 0) -> OracleFacts:
    played = scenario(text)
    return OracleFacts(played, VirtualClock(played.start), error_rate, random.Random(seed))


def test_the_truth_changes_exactly_at_the_event_and_never_earlier() -> None:
    facts = oracle()
    event = facts.scenario.events[0]

    assert facts.truth(event.at - timedelta(seconds=1)).state == {"condition": False}
    assert facts.truth(event.at).state == {
        "condition": True,
        "launch_date": "2025-03-20",
        "price_usd": 499,
    }


def test_observe_reads_the_clocks_now() -> None:
    facts = oracle(FLIPFLOP)
    clock = facts.clock
    assert isinstance(clock, VirtualClock)
    seen = []
    for event in facts.scenario.events:
        clock.set(event.at)
        seen.append(facts.observe().condition)

    assert seen == [True, False, True]
    assert facts.observations == 3


def test_an_error_rate_of_one_makes_every_observation_wrong_in_a_seeded_way() -> None:
    first, second = oracle(error_rate=1.0, seed=4), oracle(error_rate=1.0, seed=4)

    kinds = [first.observe().error for _ in range(30)]

    assert kinds == [second.observe().error for _ in range(30)]
    assert set(kinds) == {"flip", "perturb", "miss"}
    assert sum(first.errors.values()) == 30


def test_each_error_kind_does_what_it_says() -> None:
    facts = oracle(error_rate=1.0, seed=1)
    clock = facts.clock
    assert isinstance(clock, VirtualClock)
    clock.set(facts.scenario.events[0].at)
    truth = facts.truth(clock.now())
    seen: Counter[str] = Counter()
    previous = None
    for _ in range(40):
        observed = facts.observe()
        assert observed.error is not None
        seen[observed.error] += 1
        if observed.error == "flip":
            assert observed.condition is not truth.condition
            assert observed.facts == truth.facts
        elif observed.error == "perturb":
            assert observed.condition is truth.condition
            changed = [k for k in truth.facts if observed.facts[k] != truth.facts[k]]
            assert len(changed) == 1
        elif previous is not None:
            assert observed.state == previous.state
        previous = observed
    assert all(seen[kind] > 0 for kind in ("flip", "perturb", "miss"))


def test_no_errors_at_rate_zero() -> None:
    facts = oracle(error_rate=0.0)

    assert all(facts.observe().error is None for _ in range(20))
    assert not facts.errors


@pytest.mark.parametrize("rate", [-0.1, 1.5])
def test_error_rate_outside_zero_to_one_is_refused(rate: float) -> None:
    with pytest.raises(InvalidInput, match="error_rate"):
        oracle(error_rate=rate)


def test_perturbed_values_differ_from_the_originals() -> None:
    assert perturbed(True) is False
    assert perturbed(100) == 111.0
    assert perturbed("2025-03-20") == "2025-03-20 (unverified)"


def test_quote_is_the_page_sentence_sharing_most_words_with_the_facts() -> None:
    observed = oracle().truth(scenario(LAUNCH).events[0].at)

    quote = quote_from_prompt(PROMPT, fact_terms(scenario(LAUNCH).mission, observed))

    assert quote is not None
    assert quote.page == 2
    assert quote.text == (
        "Gizmo today announced that Gizmo 2 will be available on Thursday, March 20, "
        "starting at $499."
    )


def test_the_quote_is_of_the_events_own_text_before_a_sentence_sharing_more_fact_words() -> None:
    terms = frozenset({"gizmo", "launch", "march", "20", "2025-03-20", "499"})
    rumour = "Rumour: the Gizmo 2 launch is March 20 for $499, say people close to Gizmo."
    prompt = PROMPT.replace("Rumours say the launch could come in March. Nobody knows.", rumour)
    event = frozenset({"today", "announced", "available", "thursday", "starting"})

    assert quote_from_prompt(prompt, terms).text == rumour  # type: ignore[union-attr]
    quote = quote_from_prompt(prompt, terms, event)
    assert quote is not None
    assert quote.text.startswith("Gizmo today announced")


def test_the_events_words_are_what_its_page_versions_added() -> None:
    facts = oracle()
    event = facts.scenario.events[0]

    assert facts.event_words(event.at - timedelta(seconds=1)) == frozenset()
    words = facts.event_words(event.at)
    assert {"announced", "available", "thursday", "starting", "pre-orders"} <= words
    assert "gizmo" not in words  # the page said it before the event
    assert "rumours" not in words  # another page, written before
    assert not {"the", "and", "on"} & words  # common words say nothing


def test_no_quote_without_pages() -> None:
    assert quote_from_prompt("Mission: x\nPages (0; data from the web):", frozenset()) is None


async def test_sensor_reply_is_a_report_state_call_quoting_a_shown_page() -> None:
    facts = oracle()
    clock = facts.clock
    assert isinstance(clock, VirtualClock)
    clock.set(facts.scenario.events[0].at)
    model = ScriptedModel(sensor_responder(facts), name="oracle-facts")
    with forbid_real_models():
        completion = await model.complete([Message.user(PROMPT)], output=SensorReply)

    reply = completion.parsed
    assert reply.action == "report_state"
    assert reply.payload.updated_state["condition"] is True
    (evidence,) = reply.payload.evidence
    assert evidence.page == 2
    assert evidence.quote in PROMPT


async def test_with_a_state_schema_the_oracle_reports_exactly_its_keys() -> None:
    facts = oracle()
    clock = facts.clock
    assert isinstance(clock, VirtualClock)
    clock.set(facts.scenario.events[0].at)
    model = ScriptedModel(sensor_responder(facts), name="oracle-facts")
    schema = schema_for(ORACLE_RULE, oracle_fields(facts.scenario))
    with forbid_real_models():
        completion = await model.complete([Message.user(PROMPT)], output=reply_model(None, schema))

    state = completion.parsed.model_dump(by_alias=True)["payload"]["updated_state"]
    assert schema is not None
    assert list(state) == list(schema.names)
    assert state["condition"] is True
    assert {key: state[key] for key in facts.truth(clock.now()).facts} == dict(
        facts.truth(clock.now()).facts
    )


def test_the_oracle_declares_each_scalar_fact_of_one_type_as_a_field() -> None:
    played = scenario(LAUNCH)

    declared = oracle_fields(played)

    assert declared
    kinds = {item["name"]: item["type"] for item in declared}
    for event in played.events:
        for key, value in event.facts.items():
            if isinstance(value, bool):
                assert kinds[key] == "boolean"
            elif isinstance(value, int | float):
                assert kinds[key] == "number"
            elif isinstance(value, str):
                assert kinds[key] == "string"
