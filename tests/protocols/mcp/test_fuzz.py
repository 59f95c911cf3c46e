"""Fuzzed input never crashes the MCP server: any tool arguments get a result — the data, or
an MCP tool error carrying the API's 4xx problem (a schema mismatch included) — and any
request body to /mcp gets a 4xx or 2xx answer, never a 500."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mcp import Client
from mcp.server.mcpserver import MCPServer
from mcp.types import CallToolResult

from sentinel.api.research_jobs import ResearchJobs
from sentinel.assistant.memory import MemoryService
from sentinel.clock import SystemClock
from sentinel.protocols.mcp.backend import McpBackend
from sentinel.protocols.mcp.server import build_mcp_server
from sentinel.research import NoEvidenceError, RunLog
from sentinel.storage import open_database
from sentinel.storage.settings import sqlite_url
from tests.protocols.mcp.live import copy_database, served_in_thread
from tests.protocols.mcp.scenario import TOOLS
from tests.storage.databases import sqlite_template

__all__ = ["sqlite_template"]

JSON_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats()
    | st.text(max_size=40)
)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=6,
)
# Plausible values reach past the schema into the API's own validation.
PLAUSIBLE = (
    st.sampled_from(["", " ", "1 hour", "P1D", "always", "rules", "Europe/Paris", "x < 1"])
    | st.sampled_from(["SELECT 1", "SELECT * FROM monitors", "DROP TABLE runs", "SELECT ("])
    | st.integers(min_value=-3, max_value=3)
    | st.lists(st.sampled_from(["https://example.com/h", "mailto:a@b.c", "", "nope"]))
)


async def no_evidence(question: str, log: RunLog) -> dict[str, Any]:
    """Research that finds nothing, at once (fuzzing is about the input, not the search)."""
    raise NoEvidenceError(question, [question])


def crashed(name: str, result: CallToolResult) -> bool:
    """Whether the SDK answered a crash: its opaque message and nothing else."""
    texts = [getattr(block, "text", "") for block in result.content]
    return result.is_error and texts == [f"Error executing tool {name}"]


@pytest.fixture(scope="module")
def fuzzed_server(
    tmp_path_factory: pytest.TempPathFactory, sqlite_template: Path
) -> Iterator[tuple[asyncio.AbstractEventLoop, MCPServer]]:
    """One in-process server (and the event loop it lives on) for every fuzzed tool."""
    loop = asyncio.new_event_loop()
    folder = tmp_path_factory.mktemp("fuzz")
    db = loop.run_until_complete(
        open_database(sqlite_url(copy_database(sqlite_template, folder)), migrate=False)
    )
    clock = SystemClock()
    backend = McpBackend(
        db=db,
        clock=clock,
        research=ResearchJobs(no_evidence, clock, db),
        memories=MemoryService(db, clock=clock, embedder=None),
    )
    try:
        yield loop, build_mcp_server(backend)
    finally:
        loop.run_until_complete(backend.research.close())
        loop.run_until_complete(db.close())
        loop.close()


@pytest.mark.timeout(300)
@pytest.mark.parametrize("name", sorted(TOOLS))
def test_any_tool_arguments_get_a_result_never_a_crash(
    name: str, fuzzed_server: tuple[asyncio.AbstractEventLoop, MCPServer]
) -> None:
    loop, server = fuzzed_server
    tools = loop.run_until_complete(server.list_tools())
    [schema] = [tool.input_schema for tool in tools if tool.name == name]
    values = JSON_VALUES | PLAUSIBLE
    optional = {key: values for key in [*schema["properties"], "unexpected"]}

    async def call(arguments: dict[str, Any]) -> CallToolResult:
        async with Client(server) as client:
            return await client.call_tool(name, arguments)

    @given(st.fixed_dictionaries({}, optional=optional))
    @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
    def check(arguments: dict[str, Any]) -> None:
        result = loop.run_until_complete(call(arguments))
        assert not crashed(name, result), arguments
        if result.is_error:  # always the API's problem for a bad input, never a 5xx
            assert isinstance(result.structured_content, dict), result.content
            assert 400 <= result.structured_content["status"] < 500, result.content

    check()


JSONRPC = st.fixed_dictionaries(
    {"jsonrpc": st.sampled_from(["2.0", "1.0"]) | JSON_SCALARS},
    optional={
        "id": JSON_SCALARS,
        "method": st.sampled_from(
            ["initialize", "ping", "tools/list", "tools/call", "resources/read", "nope"]
        )
        | st.text(max_size=12),
        "params": JSON_VALUES,
    },
)
BODIES = (
    JSONRPC.map(json.dumps)
    | JSON_VALUES.map(lambda value: json.dumps(value))
    | st.binary(max_size=64).map(lambda raw: raw.decode("latin-1"))
)


@pytest.mark.network
@pytest.mark.timeout(300)
def test_any_request_body_to_the_endpoint_is_never_a_server_error(
    tmp_path: Path, sqlite_template: Path
) -> None:
    database = copy_database(sqlite_template, tmp_path)
    headers = {"Accept": "application/json, text/event-stream"}
    with (
        served_in_thread(database, no_evidence) as base,
        httpx.Client(base_url=base, timeout=30) as http,
    ):

        @given(
            body=BODIES,
            content_type=st.sampled_from(["application/json", "text/plain"]),
            method=st.sampled_from(["POST", "POST", "GET", "DELETE"]),
        )
        @settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
        def check(body: str, content_type: str, method: str) -> None:
            response = http.request(
                method,
                "/mcp",
                content=body.encode() if method == "POST" else None,
                headers=headers | {"Content-Type": content_type},
            )
            assert response.status_code < 500, (body, response.status_code, response.text)

        check()
