"""An extractive stand-in for the models: deterministic answers computed from the prompt.

It plans with the question's keywords, always proposes FINISH (so the code's rules decide
whether more searching is needed), and writes a report out of the source sentences that share
the most words with the question, each cited with its source number. It needs no weights, so
tests, examples and offline demos run anywhere; in the benchmark it is the baseline that tells
retrieval quality (did the facts reach the evidence?) apart from a model's writing.
"""

from __future__ import annotations

import re
from typing import Any

from sentinel.errors import InvalidInput
from sentinel.llm import ScriptedModel, ScriptedRequest
from sentinel.research.prompts import Evidence, parse_sources
from sentinel.research.reading import terms
from sentinel.research.routing import fallback_queries
from sentinel.research.schemas import AnalyzerDecision, ReportDraft, ResearchPlan

_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'“])")
_QUESTION = re.compile(r"^Question: (.*)$", re.MULTILINE)


def extractive_model(name: str = "extractive") -> ScriptedModel:
    """A ``ScriptedModel`` answering ResearchPlan, AnalyzerDecision and ReportDraft requests."""
    return ScriptedModel(answer, name=name)


def answer(request: ScriptedRequest) -> dict[str, Any]:
    """The structured answer for one request of a research node."""
    # The context is the first user message; later ones are the runtime's feedback.
    context = next((m.content for m in request.messages if m.role == "user"), "")
    question = _question(context)
    if request.output is ResearchPlan:
        return {"research_query": fallback_queries(question)[0][:200], "narrow": False}
    if request.output is AnalyzerDecision:
        return {"missing": "", "status": "FINISH", "next_query": ""}
    if request.output is ReportDraft:
        return report(question, parse_sources(context))
    raise InvalidInput("output", request.output, "the extractive model answers research nodes only")


def report(question: str, sources: list[Evidence]) -> dict[str, Any]:
    """A report draft made of the best sentence of each source, cited by number."""
    focus = terms(question)
    best = [(item, _best_sentence(item.text, focus)) for item in sources]
    cited = [f"{sentence} [{item.number}]" for item, sentence in best if sentence]
    if not cited:
        cited = ["The sources found do not address the question."]
    half = max(1, (len(cited) + 1) // 2)
    sections = [{"section_title": "Key findings", "content": " ".join(cited[:half])}]
    if cited[half:]:
        sections.append({"section_title": "Further sources", "content": " ".join(cited[half:])})
    return {
        "topic": question.rstrip("?").strip() or "Research",
        "executive_summary": cited[0],
        "sections": sections,
    }


def _question(prompt: str) -> str:
    match = _QUESTION.search(prompt)
    return match.group(1).strip() if match else prompt.strip()


def _best_sentence(text: str, focus: set[str]) -> str:
    sentences = [
        " ".join(s.split())
        for line in text.splitlines()
        for s in _SENTENCE.split(line)
        if s.strip()
    ]
    if not sentences:
        return ""
    scored = max(sentences, key=lambda s: (len(terms(s) & focus), -sentences.index(s)))
    return scored.rstrip("…").strip()
