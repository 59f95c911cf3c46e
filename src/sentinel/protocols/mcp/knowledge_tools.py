"""The tools that answer questions: research (a cited FinalReport), read-only SQL over the
monitors' state, and the caller's memories (search, add) — each validated by the API's own
request model and run by the same code as its route."""

from __future__ import annotations

from typing import Annotated

from mcp.server.mcpserver import Context
from mcp.server.mcpserver.tools import Tool
from mcp.types import CallToolResult, ToolAnnotations
from pydantic import BaseModel, Field

from sentinel.api.routers.memories import MemoryOut, NewMemory, SearchOut, SearchRequest
from sentinel.api.routers.query import QueryRequest, QueryResponse, answer_query
from sentinel.api.routers.research import InvalidJobState, ResearchRequest
from sentinel.protocols.mcp.answers import answer, request_of
from sentinel.protocols.mcp.backend import McpBackend, caller_owner
from sentinel.research import FinalReport
from sentinel.research.runlog import describe_event
from sentinel.storage.readonly import MAX_ROWS


class ResearchOutcome(BaseModel):
    """A finished research job: the validated, cited report and how it was made. The job is
    also listed by the HTTP API (``/api/v1/research/{job_id}``) when served there."""

    job_id: int
    question: str
    report: FinalReport
    queries: list[str]
    iterations: int
    model_calls: int


def knowledge_tools(backend: McpBackend) -> list[Tool]:
    """The research, query and memory tools over ``backend``."""

    async def run_research(
        question: Annotated[str, Field(description="The question to research.")],
        ctx: Context,
    ) -> Annotated[CallToolResult, ResearchOutcome]:
        """Research a question (plan, search, read, analyse, report) and return a FinalReport
        whose every claim cites a source read during the run. Takes a while; progress is
        reported as it goes."""

        async def research() -> ResearchOutcome:
            asked = request_of(ResearchRequest, {"question": question})
            job = await backend.research.start(caller_owner(ctx), asked.normalized_question())
            followed = 0  # progress must increase with every notification
            async for event in job.follow():
                followed += 1
                line = describe_event(event)
                if line:
                    await ctx.report_progress(followed, message=line)
            if job.result is None:
                raise InvalidJobState(job, f"failed: {job.error}")
            return ResearchOutcome.model_validate({"job_id": job.id, **job.result})

        return await answer(research())

    async def query_state(
        sql: Annotated[
            str,
            Field(
                description="One read-only SQL statement over monitors, state_versions, runs "
                "and deliveries, e.g. 'SELECT id, name, state FROM monitors'."
            ),
        ],
        ctx: Context,
        limit: Annotated[
            int | None, Field(description=f"Rows returned at most (default 1000, ≤ {MAX_ROWS}).")
        ] = None,
    ) -> Annotated[CallToolResult, QueryResponse]:
        """Query the caller's monitors and their state history with read-only SQL; writes
        are refused."""

        async def query() -> QueryResponse:
            body = request_of(QueryRequest, {"sql": sql, "limit": limit})
            return await answer_query(backend.db, body, caller_owner(ctx))

        return await answer(query())

    async def search_memories(
        query: Annotated[str, Field(description="What to recall, in words.")],
        ctx: Context,
        top_k: Annotated[
            int | None, Field(description="How many memories at most (1 to 100).")
        ] = None,
        min_score: Annotated[
            float | None, Field(description="Leave out weaker matches (0 to 1).")
        ] = None,
    ) -> Annotated[CallToolResult, SearchOut]:
        """Search the caller's memories (hybrid keyword and semantic retrieval)."""

        async def search() -> SearchOut:
            arguments = {"query": query, "top_k": top_k, "min_score": min_score}
            body = request_of(SearchRequest, arguments)
            found = await backend.memories.search(
                caller_owner(ctx), body.query, top_k=body.top_k, min_score=body.min_score
            )
            return SearchOut.of(found)

        return await answer(search())

    async def add_memory(
        text: Annotated[str, Field(description="What to remember.")],
        ctx: Context,
        tags: Annotated[list[str] | None, Field(description="Labels to file it under.")] = None,
    ) -> Annotated[CallToolResult, MemoryOut]:
        """Remember something for the caller; it is searchable at once."""

        async def add() -> MemoryOut:
            body = request_of(NewMemory, {"text": text, "tags": tags})
            record = await backend.memories.create(caller_owner(ctx), body.text, tags=body.tags)
            return MemoryOut.of(record)

        return await answer(add())

    return [
        Tool.from_function(
            run_research, annotations=ToolAnnotations(read_only_hint=True, open_world_hint=True)
        ),
        Tool.from_function(query_state, annotations=ToolAnnotations(read_only_hint=True)),
        Tool.from_function(search_memories, annotations=ToolAnnotations(read_only_hint=True)),
        Tool.from_function(
            add_memory, annotations=ToolAnnotations(destructive_hint=False, idempotent_hint=False)
        ),
    ]
