"""Issue 34 over MCP: a timezone that broke ZoneInfo answered only "Error executing tool"; now
every failure is a tool error carrying the API's problem — a 422 naming the field for bad
input, echoing at most 200 characters of it, and a 500 that says nothing of the server's
internals for a bug."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from mcp.server.mcpserver import MCPServer

from sentinel.api.research_jobs import ResearchJobs
from sentinel.assistant.memory import MemoryService
from sentinel.clock import SystemClock
from sentinel.protocols.mcp.backend import McpBackend
from sentinel.protocols.mcp.server import build_mcp_server
from sentinel.research import NoEvidenceError, RunLog
from sentinel.storage import Database, open_database
from sentinel.storage.settings import sqlite_url
from tests.echo import MAX_ECHO, distinct_text, longest_echo
from tests.protocols.mcp.live import copy_database
from tests.protocols.mcp.scenario import SPEC, problem
from tests.storage.databases import sqlite_template

__all__ = ["sqlite_template"]
HUGE = distinct_text(200_000)


async def no_evidence(question: str, log: RunLog) -> dict[str, Any]:
    raise NoEvidenceError(question, [question])


@pytest.fixture
async def server(tmp_path: Path, sqlite_template: Path) -> AsyncIterator[MCPServer]:
    db = await open_database(sqlite_url(copy_database(sqlite_template, tmp_path)), migrate=False)
    clock = SystemClock()
    backend = McpBackend(
        db=db,
        clock=clock,
        research=ResearchJobs(no_evidence, clock, db),
        memories=MemoryService(db, clock=clock, embedder=None),
    )
    try:
        yield build_mcp_server(backend)
    finally:
        await backend.research.close()
        await db.close()


async def call(server: MCPServer, name: str, arguments: dict[str, Any]) -> Any:
    async with Client(server) as client:
        return await client.call_tool(name, arguments)


@pytest.mark.parametrize("zone", ["Z" * 256, "Z" * 200_000])
async def test_a_timezone_that_breaks_zoneinfo_is_the_apis_422(
    server: MCPServer, zone: str
) -> None:
    result = await call(server, "create_monitor", SPEC | {"timezone": zone})

    body = problem(result, 422)
    assert [error["field"] for error in body["errors"]] == ["timezone"]
    assert "zoneinfo" not in str(body).lower()
    assert len(str(result.content)) < 8192


async def test_a_huge_value_is_echoed_at_most_200_characters(server: MCPServer) -> None:
    result = await call(server, "create_monitor", SPEC | {"governor": "rules", "rules": HUGE})

    problem(result, 422)
    assert longest_echo(HUGE, str(result.content)) <= MAX_ECHO


async def test_a_bug_is_a_500_problem_without_its_text(
    server: MCPServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(self: Database, owner: str | None = None) -> Any:
        raise OSError(2, "No such file or directory", "/srv/sentinel/secret.db")

    monkeypatch.setattr(Database, "transaction", broken)
    result = await call(server, "list_monitors", {})

    body = problem(result, 500)
    assert "/srv/sentinel" not in str(result.content)
    assert "log" in body["detail"]
