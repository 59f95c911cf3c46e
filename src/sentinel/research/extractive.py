"""An extractive stand-in for the models: deterministic answers computed from the prompt.

It plans with the question's keywords, always proposes FINISH (so the code's rules decide
whether more searching is needed), and writes a report out of the source sentences that share
the most words with the question, each cited with its source number: a summary of the best
sentence of the best sources, and findings of the next best, none repeated. It needs no weights, so
tests, examples and offline demos run anywhere; in the benchmark it is the baseline that tells
retrieval quality (did the facts reach the evidence?) apart from a model's writing.
"""

from __future__ import annotations

import re
from typing import Any

from sentinel.errors import InvalidInput
from sentinel.llm import ScriptedModel, ScriptedRequest
from sentinel.research.passages import stems as terms
from sentinel.research.prompts import Evidence, parse_sources
from sentinel.research.routing import fallback_queries
from sentinel.research.schemas import AnalyzerDecision, ReportDraft, ResearchPlan

_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'“])")
_QUESTION = re.compile(r"^Question: (.*)$", re.MULTILINE)
_DIGIT = re.compile(r"\d")
SUMMARY_SOURCES = 3
MAX_FINDINGS = 5


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
    """A report draft of source sentences, cited by number: the summary holds the sentence
    of each source that bears most on the question (three sources at most), the findings
    the next most relevant sentences; no sentence appears twice."""
    focus = terms(question)
    ranked = [(item, _ranked_sentences(item.text, focus)) for item in sources]
    ranked = [(item, found) for item, found in ranked if found]
    ranked.sort(key=lambda pair: -len(terms(pair[1][0]) & focus))
    summary = [f"{found[0]} [{item.number}]" for item, found in ranked[:SUMMARY_SOURCES]]
    rest = [
        (len(terms(sentence) & focus), f"{sentence} [{item.number}]")
        for position, (item, found) in enumerate(ranked)
        for sentence in found[0 if position >= SUMMARY_SOURCES else 1 :]
    ]
    findings = [text for _, text in sorted(rest, key=lambda pair: -pair[0])][:MAX_FINDINGS]
    if not summary:
        summary = ["The sources found do not address the question."]
    sections = [{"section_title": "Key findings", "content": " ".join(findings or summary)}]
    return {
        "topic": question.rstrip("?").strip() or "Research",
        "executive_summary": " ".join(summary),
        "sections": sections,
    }


def _question(prompt: str) -> str:
    match = _QUESTION.search(prompt)
    return match.group(1).strip() if match else prompt.strip()


def _ranked_sentences(text: str, focus: frozenset[str]) -> list[str]:
    """The sentences of ``text`` that share a word with the question, most shared first
    (among equals, those stating a number or date: they carry the facts)."""
    sentences = [
        " ".join(s.split()).rstrip("…").strip()
        for line in text.splitlines()
        for s in _SENTENCE.split(line)
        if s.strip()
    ]
    relevant = [
        s for s in dict.fromkeys(sentences) if terms(s) & focus and not s.endswith(("…", "?"))
    ]
    return sorted(relevant, key=lambda s: (-len(terms(s) & focus), not _DIGIT.search(s)))
