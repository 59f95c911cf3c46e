"""MCP over streamable HTTP at /mcp of ``sentinel serve``: the official client on 127.0.0.1
calls every tool, errors carry the API's own messages, and once API keys exist the endpoint
needs one — whose owner is whose memories the tools see."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import httpx
import httpx2
import pytest
from mcp import Client
from mcp.client.client import ConnectMode
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError
from mcp.types import TextResourceContents

from sentinel.cli.mcp_server import research_runner
from sentinel.cli.serve import build_server
from sentinel.clock import SystemClock
from sentinel.storage import Database, open_database
from sentinel.storage.api_keys import ApiKeyRepository
from sentinel.storage.settings import sqlite_url
from tests.loopback import running
from tests.protocols.mcp.live import copy_database, mcp_app
from tests.protocols.mcp.scenario import (
    QUESTION,
    RESEARCH_MODEL,
    SPEC,
    WORLD,
    data,
    exercise_every_tool,
    problem,
)
from tests.storage.databases import sqlite_template

__all__ = ["sqlite_template"]

pytestmark = [pytest.mark.network, pytest.mark.timeout(120)]


@pytest.fixture
async def db(tmp_path: Path, sqlite_template: Path) -> AsyncIterator[Database]:
    """A migrated, empty SQLite database."""
    db = await open_database(sqlite_url(copy_database(sqlite_template, tmp_path)), migrate=False)
    try:
        yield db
    finally:
        await db.close()


@asynccontextmanager
async def with_key(url: str, key: str, mode: ConnectMode) -> AsyncIterator[Client]:
    """A client session of the MCP endpoint presenting ``key`` as a bearer token."""
    headers = {"Authorization": f"Bearer {key}"}
    async with (
        httpx2.AsyncClient(headers=headers, timeout=httpx2.Timeout(30.0)) as http,
        Client(streamable_http_client(url, http_client=http), mode=mode) as client,
    ):
        yield client


async def new_key(db: Database, owner: str) -> str:
    async with db.transaction() as tx:
        _, key = await ApiKeyRepository(tx.session).create(
            owner, now=SystemClock().now(), owner=owner
        )
    return key


async def test_every_tool_answers_with_the_apis_messages(db: Database) -> None:
    app = mcp_app(db, research_runner(WORLD, RESEARCH_MODEL))
    async with running(app) as base:
        async with Client(f"{base}/mcp") as client:
            seen = await exercise_every_tool(client)
        async with httpx.AsyncClient(base_url=f"{base}/api/v1", timeout=30) as api:
            created = await api.post("/monitors", json=SPEC | {"min_interval": "banana"})
            missing = await api.get("/monitors/999")
            mistyped = await api.get("/monitors/abc")
            write = await api.post("/query", json={"sql": "DELETE FROM monitors"})
            blank = await api.post("/research", json={"question": "   "})
            empty = await api.post("/memories", json={"text": ""})
            jobs = await api.get("/research/1")

    assert seen["refused"]["detail"] == created.json()["detail"]
    assert seen["refused"]["errors"] == created.json()["errors"]
    assert seen["missing"]["detail"] == missing.json()["detail"]
    assert [e["message"] for e in seen["mistyped"]["errors"]] == [
        e["message"] for e in mistyped.json()["errors"]
    ]
    assert seen["gone"]["detail"] == f"no monitor {seen['monitor_id']}"
    assert seen["write"] == write.json()
    assert seen["blank"] == blank.json()
    assert [e["message"] for e in seen["empty"]["errors"]] == [
        e["message"] for e in empty.json()["errors"]
    ]
    # The research job started over MCP is one of the API's jobs.
    assert (jobs.json()["question"], jobs.json()["status"]) == (QUESTION, "succeeded")
    assert json.loads(seen["listing"].text)[0]["id"] == seen["monitor_id"]


# "legacy": the initialize handshake of the protocol versions before 2026 (stateful sessions),
# which most assistants speak today; "auto" negotiates the newest the server offers.
@pytest.mark.parametrize("mode", ["auto", "legacy"])
async def test_with_keys_the_endpoint_needs_one_and_acts_for_its_owner(
    db: Database, mode: ConnectMode
) -> None:
    alice, bob = await new_key(db, "alice"), await new_key(db, "bob")
    app = mcp_app(db, research_runner(WORLD, RESEARCH_MODEL))
    async with running(app) as base:
        initialize = {"jsonrpc": "2.0", "id": 1, "method": "ping"}
        async with httpx.AsyncClient(base_url=base, timeout=30) as raw:
            anonymous = await raw.post("/mcp", json=initialize)
            revoked = await raw.post(
                "/mcp", json=initialize, headers={"Authorization": "Bearer not-a-key"}
            )
        async with with_key(f"{base}/mcp", alice, mode) as client:
            added = data(await client.call_tool("add_memory", {"text": "My locker code is 4512"}))
            mine = data(await client.call_tool("search_memories", {"query": "locker code"}))
        async with with_key(f"{base}/mcp", bob, mode) as client:
            theirs = data(await client.call_tool("search_memories", {"query": "locker code"}))
            taken = problem(await client.call_tool("add_memory", {"text": " " * 5}), 422)

    assert anonymous.status_code == 401
    assert anonymous.headers["www-authenticate"] == "Bearer"
    assert anonymous.headers["content-type"] == "application/problem+json"
    assert anonymous.json()["detail"].startswith("missing API key")
    assert revoked.status_code == 401
    assert revoked.json()["detail"].startswith("invalid or revoked API key")
    assert [hit["memory"]["id"] for hit in mine["hits"]] == [added["id"]]
    assert theirs["hits"] == []
    assert taken["detail"] == "invalid text '     ': a memory needs some text"


async def test_sentinel_serve_mounts_mcp_and_refuses_foreign_host_names(db: Database) -> None:
    server = build_server(db, SystemClock(), host="127.0.0.1", port=0, worker=False, has_keys=False)
    app = server.config.app
    async with running(app) as base:
        async with Client(f"{base}/mcp") as client:
            tools = await client.list_tools()
        async with httpx.AsyncClient(base_url=base, timeout=30) as raw:
            rebound = await raw.post(
                "/mcp",
                json={"jsonrpc": "2.0", "id": 1, "method": "ping"},
                headers={"Host": "attacker.example", "Accept": "application/json"},
            )

    assert "create_monitor" in {tool.name for tool in tools.tools}
    # DNS rebinding: a loopback server answers only to loopback names.
    assert rebound.status_code in (403, 421)


async def test_the_tools_and_resources_see_the_callers_monitors_only(db: Database) -> None:
    alice, bob = await new_key(db, "alice"), await new_key(db, "bob")
    app = mcp_app(db, research_runner(WORLD, RESEARCH_MODEL))
    async with running(app) as base:
        async with with_key(f"{base}/mcp", alice, "auto") as client:
            monitor = data(await client.call_tool("create_monitor", SPEC))["id"]
            mine = data(await client.call_tool("list_monitors", {}))["items"]
        async with with_key(f"{base}/mcp", bob, "auto") as client:
            listed = data(await client.call_tool("list_monitors", {}))["items"]
            hidden = [
                problem(await client.call_tool(tool, {"monitor_id": monitor}), 404)["detail"]
                for tool in ("get_monitor", "pause_monitor", "run_monitor_now", "delete_monitor")
            ]
            counted = data(
                await client.call_tool("query_state", {"sql": "SELECT count(*) FROM monitors"})
            )["rows"]
            listing = await client.read_resource("sentinel://monitors")
            try:
                await client.read_resource(f"sentinel://monitors/{monitor}/state")
            except MCPError as error:
                state_refused = error.error.message
            else:
                state_refused = ""

    assert [m["id"] for m in mine] == [monitor]
    assert listed == []
    assert hidden == [f"no monitor {monitor}"] * 4
    assert counted == [[0]]
    assert isinstance(listing.contents[0], TextResourceContents)
    assert json.loads(listing.contents[0].text) == []
    assert state_refused == f"no monitor {monitor}"
    async with db.transaction() as tx:  # Alice's monitor is untouched
        assert (await tx.monitors.get(monitor)).state.value == "active"
