"""``run_research``: one question in, one validated ``FinalReport`` with its audit trail out."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass

from sentinel.agents import AIApp, AppTimeout
from sentinel.errors import InvalidInput
from sentinel.llm import Usage, UsageTracker
from sentinel.pacing import Backoff, RetryPolicy
from sentinel.research.errors import (
    NodeFailed,
    NoEvidenceError,
    ReportValidationError,
    ResearchError,
    ResearchTimeout,
)
from sentinel.research.graph import NODES, RULES, build_agents, build_store
from sentinel.research.models import ResearchModels
from sentinel.research.passages import SourceText, sources_read
from sentinel.research.runlog import RunLog
from sentinel.research.schemas import FinalReport, Source
from sentinel.research.settings import ResearchSettings
from sentinel.research.state import (
    NodeMessage,
    ResearchState,
    retrieved_urls,
    unique_domains,
)
from sentinel.research.throttle import CallGate
from sentinel.research.tools import ResearchTools

MAX_QUESTION_CHARS = 2000


@dataclass(frozen=True)
class ResearchResult:
    """A finished run: the report and what it took to write it.

    ``messages`` is the run's conversation (what each node did, in order); ``retrieved`` maps
    every URL retrieved to its title (the report's sources are a subset);
    ``removed_sources`` are sources the reporter named that were never retrieved;
    ``model_calls`` counts model requests, repair rounds included; ``sources_read`` is the
    text of every source as the run read it (what the report's quotes come from).
    """

    question: str
    report: FinalReport
    messages: tuple[NodeMessage, ...]
    queries: tuple[str, ...]
    iterations: int
    finish_reason: str
    retrieved: dict[str, str]
    domains: tuple[str, ...]
    pages_read: int
    removed_sources: tuple[Source, ...]
    model_calls: int
    usage: Usage
    wall_s: float
    log: RunLog
    sources_read: tuple[SourceText, ...] = ()


async def run_research(
    question: str,
    tools: ResearchTools,
    models: ResearchModels,
    *,
    settings: ResearchSettings | None = None,
    log: RunLog | None = None,
) -> ResearchResult:
    """Research ``question`` with ``tools`` and ``models`` and return the validated report.

    Raises ``NoEvidenceError`` when no search found anything, ``ReportValidationError`` when
    the reporter's output is not a FinalReport even after repair, ``NodeFailed`` when a node
    gave up (a provider down, a report citing nothing retrieved), ``ResearchTimeout``.
    """
    question = " ".join(question.split())
    if not question:
        raise InvalidInput("question", question, "is empty")
    if len(question) > MAX_QUESTION_CHARS:
        raise InvalidInput("question", question[:80] + "…", f"is longer than {MAX_QUESTION_CHARS}")
    settings = settings or ResearchSettings()
    log = log or RunLog()
    retry = RetryPolicy(
        max_attempts=settings.retry_attempts,
        backoff=Backoff(
            base_s=settings.retry_base_delay_s, cap_s=max(20.0, settings.retry_base_delay_s)
        ),
    )
    model_gate = CallGate(
        "model",
        timeout_s=settings.model_timeout_s,
        retry=retry,
        rate_per_s=settings.model_rate_per_s,
        retry_timeouts=False,
    )
    search_gate = CallGate(
        "search",
        timeout_s=settings.search_timeout_s,
        retry=retry,
        rate_per_s=settings.search_rate_per_s,
    )
    agents = build_agents(models, settings, model_gate, log)
    store = build_store(agents, tools, settings, search_gate, log)
    log.record(
        "start", "user", question=question, models=models.names, settings=settings.model_dump()
    )
    started = time.perf_counter()
    app = AIApp(store, agents, rules=RULES)
    follow: asyncio.Task[None] | None = None
    with UsageTracker() as usage:
        try:
            async with app:
                follow = asyncio.create_task(log.follow(app.trace))
                store.dispatch("start", question=question)
                await app.run_until_idle(timeout=settings.run_timeout_s)
        except AppTimeout as exc:
            raise ResearchTimeout(question, settings.run_timeout_s, exc.busy) from exc
        finally:
            if follow is not None:
                await follow  # the trace closed with the app: the copy is complete
    wall_s = time.perf_counter() - started
    state = store.state
    log.record(
        "end",
        "user",
        ok=state.final_report is not None,
        iterations=state.iterations,
        finish_reason=state.finish_reason,
        model_calls=usage.total.requests,
        wall_s=round(wall_s, 3),
    )
    report = _outcome(state, question)
    return ResearchResult(
        question=question,
        report=report,
        messages=tuple(state.messages),
        queries=tuple(state.queries),
        iterations=state.iterations,
        finish_reason=state.finish_reason,
        retrieved=retrieved_urls(state),
        domains=tuple(unique_domains(state.search_results)),
        pages_read=sum(1 for page in state.pages if page.error is None),
        removed_sources=tuple(state.removed_sources),
        model_calls=usage.total.requests,
        usage=usage.total,
        wall_s=wall_s,
        log=log,
        sources_read=tuple(sources_read(state)),
    )


def _outcome(state: ResearchState, question: str) -> FinalReport:
    """The published report, or the error that explains why there is none."""
    if state.final_report is not None:
        return state.final_report
    if state.report_error is not None:
        raise ReportValidationError(state.report_error, state.rejected_output)
    for node in NODES:
        agent = getattr(state.agents, node)
        if agent.status == "error":
            raise NodeFailed(node, agent.last_error or "unknown error")
    if not state.search_results:
        raise NoEvidenceError(question, state.queries)
    raise ResearchError(
        f"research on {question!r} ended without a report "
        f"(status {state.status}, {state.iterations} searches)"
    )
