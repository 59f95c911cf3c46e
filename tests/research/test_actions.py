"""The store actions on their own: what each accepts, refuses and writes."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from sentinel.pacing import RetryPolicy
from sentinel.research import ResearchSettings, RunLog, SearchInput
from sentinel.research.graph import build_agents, build_store
from sentinel.research.state import ResearchState
from sentinel.research.throttle import CallGate
from sentinel.store import Store
from tests.research.conftest import PRESS, VOTE, FakeSearch, NodeScript, tools


def make_store(
    search: FakeSearch, question: str = "How did Parliament vote on the repair act?"
) -> Store[ResearchState]:
    settings = ResearchSettings(search_rate_per_s=None)
    log = RunLog()
    gate = CallGate("test", timeout_s=1, retry=RetryPolicy(max_attempts=1))
    agents = build_agents(NodeScript().models, settings, gate, log)
    store = build_store(agents, tools(search), settings, gate, log)
    store.dispatch("start", question=question)
    return store


async def searched(hits: list) -> Store[ResearchState]:  # type: ignore[type-arg]
    store = make_store(FakeSearch(script=[hits]))
    await store.dispatch_async("search", request=SearchInput(query="repair vote"))
    return store


def report_json(
    *sources: tuple[str, str], content: str = "The act passed with 412 votes in favour [1]."
) -> str:
    return json.dumps(
        {
            "topic": "Repair act",
            "executive_summary": "Parliament adopted the repair act [2].",
            "sections": [{"section_title": "Vote", "content": content}],
            "sources": [{"title": t, "url": u} for t, u in sources],
        }
    )


async def test_publishing_a_report_removes_a_source_never_retrieved() -> None:
    store = await searched(VOTE)

    store.dispatch(
        "publish_report",
        report_json=report_json(("Leak", "https://leaks.example/x"), ("EP", VOTE[0].url)),
    )

    state = store.state
    assert state.final_report is not None
    assert [s.url for s in state.final_report.sources] == [VOTE[0].url]
    # The sentence that cited the invented source rests on the retrieved one that says it.
    assert state.final_report.sections[0].content == "The act passed with 412 votes in favour [1]."
    assert [s.url for s in state.removed_sources] == ["https://leaks.example/x"]
    assert not state.agents.reporter.should_act


async def test_a_report_citing_only_invented_sources_is_refused_and_changes_nothing() -> None:
    store = await searched(VOTE)
    before = store.state

    with pytest.raises(ValueError, match="none of the report's sources was retrieved"):
        store.dispatch(
            "publish_report", report_json=report_json(("Leak", "https://leaks.example/x"))
        )

    assert store.state is before


async def test_a_report_that_is_not_a_final_report_is_refused() -> None:
    store = await searched(VOTE)

    with pytest.raises(ValidationError, match="sections"):
        store.dispatch("publish_report", report_json='{"topic": "x", "executive_summary": "y"}')


def test_an_empty_plan_searches_the_questions_keywords() -> None:
    store = make_store(FakeSearch())

    store.dispatch("plan", research_query="  ", narrow=False, freshness=None)

    assert store.state.search_input == SearchInput(query="Parliament vote repair act")


def test_a_plan_with_a_malformed_freshness_is_refused() -> None:
    store = make_store(FakeSearch(), question="What did Parliament vote this week?")

    with pytest.raises(ValidationError, match="freshness"):
        store.dispatch("plan", research_query="repair", narrow=False, freshness="yesterday")


def test_a_time_filter_is_kept_only_for_a_question_about_a_recent_period() -> None:
    recent = make_store(FakeSearch(), question="What did Parliament vote this week?")
    timeless = make_store(FakeSearch(), question="What did Parliament vote on the repair act?")

    for store in (recent, timeless):
        store.dispatch("plan", research_query="repair vote", narrow=False, freshness="d7")

    assert recent.state.search_input == SearchInput(query="repair vote", freshness="d7")
    assert timeless.state.search_input == SearchInput(query="repair vote")


def test_a_question_asking_several_things_is_never_narrow() -> None:
    several = make_store(FakeSearch(), question="Where is the plant and how much will it cost?")
    single = make_store(FakeSearch(), question="What was the winning time?")

    for store in (several, single):
        store.dispatch("plan", research_query="plant", narrow=True, freshness=None)

    assert not several.state.narrow
    assert single.state.narrow


async def test_a_time_window_that_hides_every_result_is_dropped() -> None:
    search = FakeSearch(script=[[], VOTE])
    store = make_store(search)

    await store.dispatch_async("search", request=SearchInput(query="repair", freshness="d7"))

    assert [q.freshness for q in search.calls] == ["d7", None]
    assert len(store.state.search_results) == 2


async def test_a_search_adds_only_new_urls_and_counts_the_iteration() -> None:
    store = make_store(FakeSearch(script=[VOTE, [*VOTE, *PRESS]]))

    await store.dispatch_async("search", request=SearchInput(query="repair"))
    await store.dispatch_async("search", request=SearchInput(query="again"))

    assert store.state.iterations == 2
    assert [h.url for h in store.state.search_results] == [h.url for h in [*VOTE, *PRESS]]
    assert store.state.messages[-1].content == "3 hits for 'again', 1 new; read 0 of 1 pages"
