"""What the MCP tools act on: the database, the clock, research jobs and memories, and who
the caller is.

Under ``sentinel serve`` these are the API's own objects (research jobs started over MCP show
in ``/api/v1/research``; one memory index serves both); ``sentinel mcp`` makes its own.
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI, Request
from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.server.mcpserver import Context

from sentinel.api.owners import request_owner
from sentinel.api.research_jobs import ResearchJobs, ResearchRunner, configured_research
from sentinel.api.state import ApiState
from sentinel.assistant.memory import MemoryService
from sentinel.clock import Clock
from sentinel.owners import LOCAL_OWNER
from sentinel.storage import Database


@dataclass(frozen=True, slots=True)
class McpBackend:
    """The services one MCP server's tools use."""

    db: Database
    clock: Clock
    research: ResearchJobs
    memories: MemoryService

    @classmethod
    def local(
        cls, db: Database, clock: Clock, *, research_runner: ResearchRunner | None = None
    ) -> McpBackend:
        """Services of their own over ``db`` (``sentinel mcp``); research runs with
        ``research_runner`` (default: the configured models over the local index)."""
        return cls(
            db=db,
            clock=clock,
            research=ResearchJobs(research_runner or configured_research, clock, db, recover=False),
            memories=MemoryService(db, clock=clock),
        )

    @classmethod
    def of_app(cls, app: FastAPI) -> McpBackend:
        """The API app's own services (its memory service is made here if no request has made
        it yet, and kept on the app so that the API's routes use the same one)."""
        state = app.state.sentinel
        assert isinstance(state, ApiState)
        memories = getattr(app.state, "sentinel_memories", None)
        if not isinstance(memories, MemoryService):
            memories = MemoryService(state.db, clock=state.clock)
            app.state.sentinel_memories = memories
        return cls(db=state.db, clock=state.clock, research=state.research, memories=memories)


def caller_owner(ctx: Context) -> str:
    """Whose monitors, research jobs and memories a call reads and writes: over HTTP the
    owner of the API key the request carried (``sentinel.api.auth`` put it on the request),
    over stdio the local user."""
    return owner_of_request(ctx.request_context.request)


def owner_of_request(request: object) -> str:
    """The owner of an MCP request's HTTP request; the local user without one (stdio)."""
    if isinstance(request, Request):
        return request_owner(request)
    return LOCAL_OWNER


# The caller of the request being handled, for handlers the SDK gives no context to (static
# resources); set by :class:`CallerOwner` around every request.
_CALLER: ContextVar[str] = ContextVar("sentinel_mcp_caller", default=LOCAL_OWNER)


def current_caller() -> str:
    """The owner the request being handled acts for (see :class:`CallerOwner`)."""
    return _CALLER.get()


class CallerOwner:
    """``MCPServer(middleware=[CallerOwner()])``: records the caller's owner for the
    request's handlers (resources have no ``Context`` parameter when their URI has none)."""

    async def __call__(
        self, ctx: ServerRequestContext[Any, Any], call_next: CallNext
    ) -> HandlerResult:
        token = _CALLER.set(owner_of_request(ctx.request))
        try:
            return await call_next(ctx)
        finally:
            _CALLER.reset(token)
