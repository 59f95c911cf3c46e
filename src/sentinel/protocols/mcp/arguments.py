"""Arguments that do not fit a tool's schema get the API's 422 problem, like any other bad
input, instead of the SDK's own text.

The SDK validates a call's arguments against the tool's signature before the tool runs and
answers a failure with pydantic's message under "Error executing tool …". This server
middleware runs the same validation (the tool's own ``validate_arguments``) first; when it
fails, the SDK's error result keeps its envelope and gets the problem details as its content
— the shape every other error of these tools has, and the fields the HTTP API would name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.server.mcpserver.tools import Tool
from pydantic import ValidationError

from sentinel.api.problems import Problem, validation_problem
from sentinel.protocols.mcp.answers import failure

WIRE_FIELDS = ("content", "structuredContent")


class ArgumentProblems:
    """``MCPServer(middleware=[ArgumentProblems(tools)])``."""

    def __init__(self, tools: Sequence[Tool]) -> None:
        self.tools = {tool.name: tool for tool in tools}

    async def __call__(
        self, ctx: ServerRequestContext[Any, Any], call_next: CallNext
    ) -> HandlerResult:
        problem = self.problem(ctx.params) if ctx.method == "tools/call" else None
        result = await call_next(ctx)
        if problem is None or not isinstance(result, dict) or not result.get("isError"):
            return result
        wire = failure(problem).model_dump(by_alias=True, mode="json", exclude_none=True)
        return result | {field: wire[field] for field in WIRE_FIELDS}

    def problem(self, params: Mapping[str, Any] | None) -> Problem | None:
        """The problem with the arguments of a ``tools/call``, if they fail the schema."""
        if not params:
            return None
        tool = self.tools.get(str(params.get("name")))
        arguments = params.get("arguments") or {}
        if tool is None or not isinstance(arguments, Mapping):
            return None
        try:
            tool.fn_metadata.validate_arguments(dict(arguments))
        except ValidationError as error:
            return validation_problem(error.errors())
        return None
