"""RESEARCH: run a research job (``sentinel.research``) and return its cited report.

The runner is injected (``ChatDeps.research``): by default the configured research models over
the documents folder (``SENTINEL_SEARCH_FOLDER``), as ``sentinel research`` does. A job is
bounded by ``ChatSettings.research_timeout_s`` (the runtime's per-action timeout for RESEARCH).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from pydantic import Field

from sentinel.assistant.chat.actions.base import ActionContext, ActionEntry, Params, Result

ResearchRunner = Callable[[str], Awaitable[dict[str, Any]]]
"""A question in, a report payload (``sentinel.research.report_payload``) out."""


class Research(Params):
    """The question to research."""

    question: str = Field(min_length=3, max_length=2000)


class ResearchReport(Result):
    """The report and how it was made."""

    question: str
    report: dict[str, Any]
    queries: list[str] = Field(default_factory=list)
    iterations: int = 0


async def research(ctx: ActionContext, params: Research) -> ResearchReport:
    """RESEARCH."""
    payload = await ctx.deps.research(params.question)
    return ResearchReport(
        question=str(payload.get("question", params.question)),
        report=dict(payload.get("report", {})),
        queries=[str(q) for q in payload.get("queries", [])],
        iterations=int(payload.get("iterations", 0)),
    )


async def local_index_research(question: str) -> dict[str, Any]:
    """Research ``question`` with the configured models over ``SENTINEL_SEARCH_FOLDER``."""
    from sentinel.research import (
        EmptyIndexError,
        ResearchModels,
        ResearchTools,
        report_payload,
        run_research,
    )

    try:
        tools = ResearchTools.home_index()
    except EmptyIndexError as error:  # a chat turn may come from the API: say it for anyone
        raise error.for_remote_callers() from None
    async with tools:
        result = await run_research(question, tools, ResearchModels.configured())
    return report_payload(result)


ENTRIES = (
    ActionEntry(
        "RESEARCH",
        "research",
        "research a question and return a cited report",
        Research,
        research,
    ),
)
