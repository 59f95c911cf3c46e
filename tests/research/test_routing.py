"""The analyzer's conditional edge: the model proposes, the code's rules decide."""

from __future__ import annotations

from typing import Any

from sentinel.research.routing import (
    Route,
    can_be_narrow,
    fallback_queries,
    mentions_recency,
    route,
    same_query,
)

QUESTION = "How did Parliament vote on the repair act?"


def decide(**overrides: Any) -> Route:
    arguments: dict[str, Any] = {
        "requested": "FINISH",
        "next_query": "",
        "question": QUESTION,
        "queries": ["repair vote"],
        "domains": 2,
        "min_domains": 2,
        "narrow": False,
        "iterations": 1,
        "max_iters": 3,
    }
    return route(**(arguments | overrides))


def test_finish_with_enough_domains_is_accepted() -> None:
    assert decide() == Route("FINISH", "", "the analyzer found the evidence sufficient")


def test_finish_with_too_few_domains_continues_with_the_models_query() -> None:
    outcome = decide(domains=1, next_query="repair press coverage")

    assert outcome.status == "CONTINUE"
    assert outcome.query == "repair press coverage"
    assert "only 1 domain(s), 2 needed" in outcome.reason


def test_finish_with_too_few_domains_and_no_query_falls_back_to_the_question() -> None:
    assert decide(domains=1).query == "Parliament vote repair act"


def test_a_narrow_question_finishes_with_one_domain() -> None:
    assert decide(domains=1, narrow=True).status == "FINISH"


def test_continue_with_a_query_already_tried_uses_a_new_one() -> None:
    outcome = decide(requested="CONTINUE", next_query="REPAIR, vote")

    assert outcome == Route(
        "CONTINUE", "Parliament vote repair act", "the analyzer asked for more evidence"
    )


def test_with_every_query_tried_the_loop_finishes() -> None:
    tried = ["repair vote", "Parliament vote repair act", QUESTION]

    outcome = decide(requested="CONTINUE", next_query="repair vote", queries=tried)

    assert outcome.status == "FINISH"
    assert outcome.reason == "the analyzer asked for more evidence, but no new query is left to try"


def test_max_iters_finishes_whatever_the_model_says() -> None:
    outcome = decide(requested="CONTINUE", next_query="new", iterations=3, domains=0)

    assert outcome == Route("FINISH", "", "max-iters reached (3 of 3 searches)")


def test_queries_differing_in_case_and_punctuation_are_the_same() -> None:
    assert same_query("Repair  vote!", "repair vote")
    assert not same_query("repair vote", "repair vote results")


def test_fallbacks_are_the_keywords_then_the_question() -> None:
    assert fallback_queries("What is the price of tea?") == [
        "price tea",
        "What is the price of tea?",
    ]
    assert fallback_queries("   ") == []


def test_only_a_question_asking_one_thing_can_be_narrow() -> None:
    assert can_be_narrow("What was the winning time of the 2025 Calder Marathon?")
    assert not can_be_narrow("How did Parliament vote on the repair act?")
    assert not can_be_narrow("Where will Quantra build its plant and what will it cost?")


def test_a_recent_period_is_recognised_in_the_question() -> None:
    assert mentions_recency("What changed in the last 7 days?")
    assert mentions_recency("What is the latest on the recall?")
    assert not mentions_recency("How did Parliament vote on the repair act?")
