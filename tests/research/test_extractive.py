"""The extractive stand-in model: deterministic answers from the prompt alone."""

from __future__ import annotations

import pytest

from sentinel.errors import InvalidInput
from sentinel.llm import Message
from sentinel.research import AnalyzerDecision, ReportDraft, ResearchPlan, extractive_model
from sentinel.research.prompts import Evidence, reporter_context


async def test_it_plans_with_the_questions_keywords() -> None:
    model = extractive_model()

    plan = await model.complete("Question: What is the price of green tea?", output=ResearchPlan)

    assert plan.parsed == ResearchPlan(research_query="price green tea", narrow=False)


async def test_it_always_proposes_to_finish() -> None:
    decision = await extractive_model().complete("Question: x?", output=AnalyzerDecision)

    assert decision.parsed.status == "FINISH"


async def test_its_summary_is_the_best_sentence_and_its_findings_the_next() -> None:
    sources = [
        Evidence(1, "Tea", "https://a.example/", "Tea grows on hills. Green tea costs 4 euros."),
        Evidence(2, "Coffee", "https://b.example/", "Coffee is roasted."),
    ]
    prompt = [Message.system("rules"), Message.user(reporter_context("Green tea price?", sources))]

    draft = (await extractive_model().complete(prompt, output=ReportDraft)).parsed

    # Coffee shares no word with the question; no sentence is written twice.
    assert draft.executive_summary == "Green tea costs 4 euros. [1]"
    assert [s.content for s in draft.sections] == ["Tea grows on hills. [1]"]


async def test_it_answers_nothing_but_research_nodes() -> None:
    with pytest.raises(InvalidInput, match="research nodes only"):
        await extractive_model().complete("hello")
