"""The actuator's half of a run: notification payload and the dedupe memory."""

from __future__ import annotations

from datetime import UTC, datetime

from sentinel.monitor.models import Evidence, GovernorDecision
from sentinel.monitor.notifying.actuator import (
    MAX_SENT_KEYS,
    SENT_KEYS,
    notification_for,
    payload_for,
    remember_key,
    sent_keys,
)
from tests.monitor.governing.test_governor import monitor

NOW = datetime(2025, 9, 10, 12, tzinfo=UTC)
QUOTE = Evidence(url="http://www.shop.example/p", quote="Now $89.99, in stock today.")


def test_sent_keys_are_remembered_newest_last_without_repeats_and_capped() -> None:
    context = {"timezone": "Europe/Paris"}
    for number in range(MAX_SENT_KEYS + 5):
        context = remember_key(context, f"key-{number}")
    context = remember_key(context, "key-10")

    keys = sent_keys(context)
    assert len(keys) == MAX_SENT_KEYS
    assert keys[-1] == "key-10"
    assert keys.count("key-10") == 1
    assert "key-0" not in keys
    assert context["timezone"] == "Europe/Paris"


def test_a_context_without_or_with_a_malformed_memory_has_no_sent_keys() -> None:
    assert sent_keys({}) == []
    assert sent_keys({SENT_KEYS: "oops"}) == []
    assert sent_keys({SENT_KEYS: ["a", 3, None]}) == ["a"]


def test_the_payload_leads_with_the_answer_and_carries_facts_and_quotes() -> None:
    decision = GovernorDecision(
        should_act=True,
        action_content="The headphones cost $89.99 now.",
        next_check="1 day",
        facts={"price_usd": 89.99},
        evidence=[QUOTE],
    )
    record = monitor(name="Headphones under $100")

    notification = notification_for(record, decision, {"price_usd": 89.99})
    payload = payload_for(record, notification, decision, run_id=7, state_version=3, now=NOW)

    assert payload.title == "Headphones under $100"
    assert payload.message.startswith("The headphones cost $89.99 now.\nSource: shop.example")
    assert payload.facts == {"price_usd": 89.99}
    assert [(q.url, q.quote) for q in payload.evidence] == [(QUOTE.url, QUOTE.quote)]
    assert (payload.run_id, payload.state_version, payload.monitor_id) == (7, 3, record.id)
