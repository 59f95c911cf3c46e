"""The research loop end to end on fakes: routing, the two-domain rule, max-iters, failures.

The search provider and reader are in-memory fakes and the models are scripted per node, so
each test states exactly what the nodes say and checks what the code makes of it.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from sentinel.llm import ModelRequestError
from sentinel.research import (
    AnalyzerDecision,
    NodeFailed,
    NoEvidenceError,
    ReportDraft,
    ReportValidationError,
    ResearchPlan,
    ResearchResult,
    ResearchSettings,
    RunLog,
    citations_valid,
    run_research,
)
from sentinel.web.errors import SearchProviderError
from tests.research.conftest import (
    BLOG,
    PRESS,
    VOTE,
    FakeReader,
    FakeSearch,
    NodeScript,
    decision,
    draft,
    plan,
    tools,
)

QUESTION = "How did Parliament vote on the repair act?"


def three_domains() -> FakeSearch:
    return FakeSearch({"vote": VOTE, "press": PRESS, "blog": BLOG})


async def test_finish_after_one_search_when_two_domains_state_what_is_asked(
    fast: ResearchSettings,
) -> None:
    fast = fast.model_copy(update={"analyze_when_covered": False})
    search = FakeSearch({"vote": VOTE + PRESS})
    script = NodeScript(plans=[plan("repair vote")], decisions=[decision("FINISH")])

    result = await run_research(QUESTION, tools(search), script.models, settings=fast)

    assert [q.query for q in search.calls] == ["repair vote"]
    assert result.iterations == 1
    # Every word the question asks is in the sources: the analyzer could only agree.
    assert result.finish_reason == "the sources found state every word the question asks"
    assert set(result.domains) == {"europarl.example", "brusselsbeat.example"}
    assert script.calls(AnalyzerDecision) == 0
    assert script.calls(ReportDraft) == 1
    assert result.model_calls == 2


async def test_the_analyzer_is_asked_when_the_sources_leave_a_word_of_the_question_out(
    fast: ResearchSettings,
) -> None:
    fast = fast.model_copy(update={"analyze_when_covered": False})
    search = FakeSearch({"vote": VOTE + PRESS})
    script = NodeScript(plans=[plan("repair vote")], decisions=[decision("FINISH")])
    question = "How did Parliament vote on the repair act, and what did Norway say?"

    result = await run_research(question, tools(search), script.models, settings=fast)

    assert result.finish_reason == "the analyzer found the evidence sufficient"
    assert script.calls(AnalyzerDecision) == 1


async def test_continue_searches_again_with_the_analyzers_new_query(fast: ResearchSettings) -> None:
    search = three_domains()
    script = NodeScript(
        plans=[plan("repair vote")],
        decisions=[decision("CONTINUE", "repair press coverage"), decision("FINISH")],
    )

    result = await run_research(QUESTION, tools(search), script.models, settings=fast)

    assert result.queries == ("repair vote", "repair press coverage")
    assert [q.query for q in search.calls] == ["repair vote", "repair press coverage"]
    assert result.iterations == 2
    # The second analyzer saw the first decision in the conversation.
    second = script.requests[AnalyzerDecision][1].prompt
    assert "Queries tried: repair vote; repair press coverage" in second


async def test_finish_with_one_domain_is_overruled_when_the_question_is_broad(
    fast: ResearchSettings,
) -> None:
    search = three_domains()
    script = NodeScript(
        plans=[plan("repair vote", narrow=False)],
        decisions=[decision("FINISH", next_query="repair press"), decision("FINISH")],
    )

    result = await run_research(QUESTION, tools(search), script.models, settings=fast)

    assert result.queries == ("repair vote", "repair press")
    assert len(result.domains) == 2
    assert "domain(s), 2 needed" in _messages(result, "analyzer")[0]


async def test_a_narrow_question_may_finish_with_one_domain(fast: ResearchSettings) -> None:
    search = three_domains()
    script = NodeScript(plans=[plan("repair vote", narrow=True)], decisions=[decision("FINISH")])
    narrow = "What was the final vote count on the repair act?"

    result = await run_research(narrow, tools(search), script.models, settings=fast)

    assert result.queries == ("repair vote",)
    assert result.domains == ("europarl.example",)


async def test_max_iters_forces_the_finish_without_asking_the_analyzer(
    fast: ResearchSettings,
) -> None:
    search = three_domains()
    stubborn = [decision("CONTINUE", f"repair press {n}") for n in range(5)]
    script = NodeScript(plans=[plan("repair vote")], decisions=stubborn)
    settings = fast.model_copy(update={"max_iters": 2})

    result = await run_research(QUESTION, tools(search), script.models, settings=settings)

    assert result.iterations == 2
    assert script.calls(AnalyzerDecision) == 1  # after search 2 the router finished alone
    assert result.finish_reason == "max-iters reached (2 of 2 searches)"
    assert result.report is not None


async def test_a_repeated_query_is_replaced_by_one_derived_from_the_question(
    fast: ResearchSettings,
) -> None:
    search = FakeSearch({"vote": VOTE, "parliament": PRESS})
    script = NodeScript(
        plans=[plan("repair vote")],
        decisions=[decision("CONTINUE", "Repair  VOTE!"), decision("FINISH")],
    )

    result = await run_research(QUESTION, tools(search), script.models, settings=fast)

    assert result.queries == ("repair vote", "Parliament vote repair act")


async def test_the_loop_ends_when_no_new_query_is_left(fast: ResearchSettings) -> None:
    search = FakeSearch({"vote": VOTE})  # one domain, whatever the query
    script = NodeScript(
        plans=[plan("Parliament vote repair act")],
        decisions=[decision("FINISH")] * 3,
    )
    settings = fast.model_copy(update={"max_iters": 10})

    result = await run_research(QUESTION, tools(search), script.models, settings=settings)

    # The keywords were the plan; the question itself was the only query left to try.
    assert result.queries == ("Parliament vote repair act", QUESTION)
    assert result.finish_reason.endswith("but no new query is left to try")


async def test_pages_are_read_and_their_text_reaches_the_reporter(fast: ResearchSettings) -> None:
    search = FakeSearch({"vote": VOTE + PRESS})
    reader = FakeReader(
        {
            VOTE[0].url: "Cookie notice.\n\nParliament adopted the act with 412 votes in favour.",
            PRESS[0].url: "Lawmakers approved it by 412 votes to 126.",
        }
    )
    script = NodeScript()

    result = await run_research(QUESTION, tools(search, reader), script.models, settings=fast)

    assert set(reader.read_urls) == {VOTE[0].url, VOTE[1].url, PRESS[0].url}
    assert result.pages_read == 2  # the plenary page could not be read; its snippet stands in
    prompt = script.requests[ReportDraft][0].prompt
    assert "Parliament adopted the act with 412 votes in favour." in prompt
    assert "Parliament votes on the repair act on Wednesday." in prompt


async def test_urls_are_deduplicated_across_searches(fast: ResearchSettings) -> None:
    search = FakeSearch(script=[VOTE, [*VOTE, *PRESS]])
    script = NodeScript(decisions=[decision("CONTINUE", "more")])

    result = await run_research(QUESTION, tools(search), script.models, settings=fast)

    assert sorted(result.retrieved) == sorted(h.url for h in [*VOTE, *PRESS])
    assert "3 hits for 'more', 1 new" in _messages(result, "searcher")[1]


async def test_sources_are_the_numbered_sources_the_reporter_saw(fast: ResearchSettings) -> None:
    search = FakeSearch({"vote": VOTE + PRESS})
    script = NodeScript(
        reports=[
            draft("Parliament adopted the act with 412 votes [1]. It passed 412 votes to 126 [3].")
        ]
    )

    result = await run_research(QUESTION, tools(search), script.models, settings=fast)

    report = result.report
    assert [s.url for s in report.sources] == [VOTE[0].url, PRESS[0].url]
    assert report.sections[0].content == (
        "Parliament adopted the act with 412 votes [1]. It passed 412 votes to 126 [2]."
    )
    assert citations_valid(report, result.retrieved)


async def test_a_section_written_twice_appears_once(fast: ResearchSettings) -> None:
    search = FakeSearch({"vote": VOTE + PRESS})
    passed = "The act passed with 412 votes in favour [1]."
    wednesday = "Parliament votes on the repair act on Wednesday [2]."
    script = NodeScript(reports=[draft(passed, wednesday, passed)])

    result = await run_research(QUESTION, tools(search), script.models, settings=fast)

    contents = [s.content for s in result.report.sections]
    assert contents[:2] == [passed, wednesday]
    # The copy is gone; its section, if any, holds what no other part says.
    assert all(passed not in content for content in contents[2:])


async def test_a_citation_of_a_source_never_shown_is_dropped(fast: ResearchSettings) -> None:
    search = FakeSearch({"vote": VOTE})
    script = NodeScript(
        reports=[
            draft(
                "Parliament adopted the repair act [1]. A robot invented the act [7].",
                summary="The act passed with 412 votes in favour [9].",
            )
        ]
    )

    result = await run_research(QUESTION, tools(search), script.models, settings=fast)

    # The summary's citation pointed nowhere: the source that says it is cited instead; the
    # sentence no source states is gone, and counted.
    assert result.report.executive_summary == "The act passed with 412 votes in favour [1]."
    assert result.report.sections[0].content == "Parliament adopted the repair act [1]."
    assert [s.url for s in result.report.sources] == [VOTE[0].url]
    assert result.report.check is not None
    assert result.report.check.dropped_unsupported == 1


async def test_a_report_invalid_after_repair_fails_fast_with_the_raw_output(
    fast: ResearchSettings,
) -> None:
    search = FakeSearch({"vote": VOTE + PRESS})
    script = NodeScript(reports=['{"topic": "no sections"}', "still not a report"])

    with pytest.raises(ReportValidationError) as caught:
        await run_research(QUESTION, tools(search), script.models, settings=fast)

    assert script.calls(ReportDraft) == 2  # the reply and its repair round, nothing more
    assert "not a valid ReportDraft" in str(caught.value)
    assert caught.value.raw == "still not a report"


async def test_an_unusable_plan_searches_the_questions_keywords(fast: ResearchSettings) -> None:
    search = three_domains()
    script = NodeScript(plans=["no json", "still no json"])

    result = await run_research(QUESTION, tools(search), script.models, settings=fast)

    assert result.queries[0] == "Parliament vote repair act"


async def test_a_search_failing_mid_loop_leaves_a_report_from_what_was_found(
    fast: ResearchSettings,
) -> None:
    down = SearchProviderError("fake", "HTTP 503", retryable=True, status=503)
    search = FakeSearch(script=[VOTE + PRESS, down, down, down])
    script = NodeScript(decisions=[decision("CONTINUE", "more"), decision("FINISH")])

    result = await run_research(QUESTION, tools(search), script.models, settings=fast)

    assert len(search.calls) == 4  # one search, then three attempts of the failing one
    assert "search 'more' failed" in _messages(result, "searcher")[1]
    assert "Last step: search 'more' failed" in script.requests[AnalyzerDecision][1].prompt
    assert len(result.report.sources) == 1


async def test_a_search_failing_before_any_evidence_fails_the_run(fast: ResearchSettings) -> None:
    refused = SearchProviderError("fake", "HTTP 401: bad key", status=401)
    search = FakeSearch(script=[refused])

    with pytest.raises(NodeFailed) as caught:
        await run_research(QUESTION, tools(search), NodeScript().models, settings=fast)

    assert caught.value.node == "searcher"
    assert "HTTP 401: bad key" in str(caught.value)
    assert len(search.calls) == 1  # not retryable


async def test_a_search_timing_out_is_retried(fast: ResearchSettings) -> None:
    search = FakeSearch({"vote": VOTE + PRESS}, script=[5.0])

    result = await run_research(QUESTION, tools(search), NodeScript().models, settings=fast)

    assert len(search.calls) == 2
    assert result.iterations == 1
    assert any(e["event"] == "search" for e in result.log.events)


async def test_a_model_error_mid_loop_is_retried_then_the_loop_goes_on(
    fast: ResearchSettings,
) -> None:
    search = three_domains()
    busy = ModelRequestError("model", "HTTP 503 overloaded", retryable=True, status=503)
    script = NodeScript(decisions=[busy, decision("CONTINUE", "repair press"), decision("FINISH")])

    result = await run_research(QUESTION, tools(search), script.models, settings=fast)

    assert result.queries == ("repair vote", "repair press")


async def test_a_model_that_stays_down_fails_the_run_naming_the_node(
    fast: ResearchSettings,
) -> None:
    down = ModelRequestError("model", "connection refused", retryable=False)
    script = NodeScript(decisions=[down, down, down])

    with pytest.raises(NodeFailed) as caught:
        await run_research(QUESTION, tools(three_domains()), script.models, settings=fast)

    assert caught.value.node == "analyzer"
    assert "connection refused" in str(caught.value)
    assert script.calls(AnalyzerDecision) == 2  # the step and one runtime retry


async def slow_answer(request: object) -> dict[str, str]:
    await asyncio.sleep(5)  # far beyond the model time limit of the fast settings
    return decision("CONTINUE", "never used")


async def test_an_analyzer_too_slow_to_answer_leaves_the_decision_to_the_rules(
    fast: ResearchSettings,
) -> None:
    search = FakeSearch({"vote": VOTE + PRESS})
    script = NodeScript(decisions=[slow_answer])

    result = await run_research(QUESTION, tools(search), script.models, settings=fast)

    assert script.calls(AnalyzerDecision) == 1  # a timed-out model call is not repeated
    assert result.finish_reason == "the analyzer found the evidence sufficient"
    (timeout,) = [e for e in result.log.of("model", "analyzer") if e.get("error")]
    assert timeout["error"] == "model: no answer within 0.5s"


async def test_a_reporter_too_slow_to_answer_fails_the_run(fast: ResearchSettings) -> None:
    script = NodeScript(reports=[slow_answer, slow_answer])

    with pytest.raises(NodeFailed, match=r"no answer within 0\.5s") as caught:
        await run_research(QUESTION, tools(three_domains()), script.models, settings=fast)

    assert caught.value.node == "reporter"


async def test_no_results_at_all_is_a_clear_error(fast: ResearchSettings) -> None:
    script = NodeScript(decisions=[decision("FINISH")] * 3)

    with pytest.raises(NoEvidenceError, match="no search results for"):
        await run_research(QUESTION, tools(FakeSearch()), script.models, settings=fast)

    assert script.calls(ReportDraft) == 0


async def test_an_empty_question_is_refused(fast: ResearchSettings) -> None:
    with pytest.raises(ValueError, match="invalid question"):
        await run_research("   ", tools(FakeSearch()), NodeScript().models, settings=fast)


async def test_the_trace_holds_every_nodes_input_output_and_query(
    fast: ResearchSettings, tmp_path: Path
) -> None:
    search = three_domains()
    script = NodeScript(decisions=[decision("CONTINUE", "repair press"), decision("FINISH")])
    path = tmp_path / "trace.jsonl"

    with RunLog(path) as log:
        await run_research(QUESTION, tools(search), script.models, settings=fast, log=log)

    events = [json.loads(line) for line in path.read_text().splitlines()]
    models = [e for e in events if e["event"] == "model"]
    assert [e["node"] for e in models] == ["planner", "analyzer", "analyzer", "reporter"]
    assert all(e["input"][0]["role"] == "system" and e["output"] for e in models)
    assert [e["query"] for e in events if e["event"] == "search"] == ["repair vote", "repair press"]
    steps = [(e["node"], e["action"]) for e in events if e["event"] == "step"]
    assert steps == [
        ("planner", "plan"),
        ("searcher", "search"),
        ("analyzer", "decide"),
        ("searcher", "search"),
        ("analyzer", "decide"),
        ("reporter", "publish_report"),
    ]
    assert events[0]["event"] == "start"
    assert events[-1]["event"] == "end"


async def test_the_static_instructions_come_first_and_never_change(
    fast: ResearchSettings,
) -> None:
    script = NodeScript(decisions=[decision("CONTINUE", "repair press"), decision("FINISH")])

    await run_research(QUESTION, tools(three_domains()), script.models, settings=fast)

    first, second = script.requests[AnalyzerDecision]
    assert first.messages[0].role == second.messages[0].role == "system"
    assert first.messages[0].content == second.messages[0].content
    assert first.prompt != second.prompt
    assert ResearchPlan in script.requests


def _messages(result: ResearchResult, node: str) -> list[str]:
    """What ``node`` said in the run's conversation."""
    return [m.content for m in result.messages if m.node == node]


async def test_by_default_the_first_search_is_the_questions_keywords_without_a_planner_call(
    fast: ResearchSettings,
) -> None:
    fast = fast.model_copy(update={"plan_with_model": False})
    search = FakeSearch({"vote": VOTE + PRESS})
    script = NodeScript(plans=[plan("never asked")], decisions=[decision("FINISH")])

    result = await run_research(QUESTION, tools(search), script.models, settings=fast)

    assert [q.query for q in search.calls] == ["Parliament vote repair act"]
    assert result.queries == ("Parliament vote repair act",)
    assert script.calls(ResearchPlan) == 0
