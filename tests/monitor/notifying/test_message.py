"""Notification text: answer first, source cited, short, plain, deterministic."""

from __future__ import annotations

from sentinel.monitor.models import Evidence, GovernorDecision
from sentinel.monitor.notifying.message import (
    MAX_MESSAGE_CHARS,
    compose_notification,
    plain_text,
    rank_evidence,
)

URL = "https://www.apple.com/newsroom/2025/09/iphone-17/"
QUOTE = Evidence(url=URL, quote="Apple today announced iPhone 17, with prices starting at $799")


def decision(content: str | None, facts: dict[str, object] | None = None) -> GovernorDecision:
    return GovernorDecision(
        should_act=True, action_content=content, next_check="1 day", facts=facts or {}
    )


def test_the_message_leads_with_the_answer_then_cites_domain_and_url_then_the_quote() -> None:
    note = compose_notification(
        "iPhone 17 launch", decision("Apple announced iPhone 17; it starts at $799."), [QUOTE], {}
    )
    assert note.title == "iPhone 17 launch"
    assert note.message.splitlines() == [
        "Apple announced iPhone 17; it starts at $799.",
        f"Source: apple.com — {URL}",
        "“Apple today announced iPhone 17, with prices starting at $799”",
    ]


def test_the_first_line_is_at_most_280_characters_cut_at_a_word() -> None:
    note = compose_notification("m", decision("word " * 100), [QUOTE], {})
    first = note.message.splitlines()[0]
    assert len(first) <= 280
    assert first.endswith("word…")


def test_the_whole_message_stays_within_600_characters_and_keeps_whole_urls() -> None:
    long_url = "https://example.com/" + "a" * 250
    evidence = [Evidence(url=long_url, quote="q " * 200), Evidence(url=URL, quote="x " * 200)]
    note = compose_notification("m", decision("answer " * 60), evidence, {})
    assert len(note.message) <= MAX_MESSAGE_CHARS
    assert long_url in note.message


def test_markdown_tables_headings_and_emphasis_are_removed() -> None:
    content = (
        "## Result\n**Announced**: iPhone 17 at $799\n| model | price |\n|---|---|\n| 17 | 799 |"
    )
    note = compose_notification("m", decision(content), [], {})
    assert note.message == "Result. Announced: iPhone 17 at $799"


def test_field_names_with_underscores_survive_emphasis_removal() -> None:
    assert plain_text("price_usd is _now_ 89") == "price_usd is now 89"


def test_without_content_the_answer_is_built_from_the_facts() -> None:
    note = compose_notification("m", decision(None, {"price_usd": 89.5, "in_stock": True}), [], {})
    assert note.message == "price usd: 89.5; in stock: yes"


def test_without_content_or_facts_the_answer_is_built_from_the_state() -> None:
    note = compose_notification("m", decision(None), [], {"announced": True, "features": ["x"]})
    assert note.message == "announced: yes"


def test_each_source_is_cited_once_and_at_most_two() -> None:
    evidence = [
        QUOTE,
        Evidence(url=URL.rstrip("/"), quote="another quote from the same page"),
        Evidence(url="https://b.example/x", quote="quote b here please"),
        Evidence(url="https://c.example/y", quote="quote c here please"),
    ]
    lines = compose_notification("m", decision("News."), evidence, {}).message.splitlines()
    assert [line for line in lines if line.startswith("Source:")] == [
        f"Source: apple.com — {URL}",
        "Source: b.example — https://b.example/x",
    ]


def test_composition_is_deterministic() -> None:
    first = compose_notification("m", decision("News."), [QUOTE], {"a": 1})
    assert compose_notification("m", decision("News."), [QUOTE], {"a": 1}) == first


def test_the_lead_source_is_the_quote_that_states_the_facts() -> None:
    rc = Evidence(url="http://blog.example/rc1", quote="We publish the first release candidate")
    final = Evidence(url="http://example/download", quote="The current stable version is 5.0.0")

    note = compose_notification(
        "Release", decision("It is out.", {"stable_version": "5.0.0"}), [rc, final], {}
    )

    lines = note.message.splitlines()
    assert lines[1] == "Source: example — http://example/download"
    assert lines[-1] == "“The current stable version is 5.0.0”"


def test_a_price_fact_finds_its_quote_and_order_is_kept_otherwise() -> None:
    other = Evidence(url="http://a.example/x", quote="Gearhaven sells it for 379.99 USD")
    shop = Evidence(url="http://b.example/y", quote="Sonora QC Ultra, 279.99 USD, InStock")

    assert rank_evidence([other, shop], {"price_usd": 279.99}) == [shop, other]
    assert rank_evidence([other, shop], {"in_stock": True}) == [other, shop]
