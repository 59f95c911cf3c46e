"""The resources of a monitor as its runs record states: the latest state (with its evidence)
is what ``sentinel://monitors/{id}/state`` reads and what ``get_monitor`` leads with."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from mcp import Client
from mcp.shared.exceptions import MCPError

from sentinel.clock import SystemClock
from sentinel.protocols.mcp.backend import McpBackend
from sentinel.protocols.mcp.server import build_mcp_server
from sentinel.storage import Database, open_database
from sentinel.storage.settings import sqlite_url
from tests.protocols.mcp.live import copy_database
from tests.protocols.mcp.scenario import SPEC, data
from tests.storage.databases import sqlite_template

__all__ = ["sqlite_template"]

EVIDENCE = [{"url": "https://voltix.example/news", "quote": "The VX-40 ships on 3 March."}]


@pytest.fixture
async def db(tmp_path: Path, sqlite_template: Path) -> AsyncIterator[Database]:
    db = await open_database(sqlite_url(copy_database(sqlite_template, tmp_path)), migrate=False)
    try:
        yield db
    finally:
        await db.close()


async def test_the_state_resource_reads_the_latest_sensed_state(db: Database) -> None:
    clock = SystemClock()
    server = build_mcp_server(McpBackend.local(db, clock))
    async with Client(server) as client:
        monitor_id = data(await client.call_tool("create_monitor", SPEC))["id"]
        async with db.transaction() as tx:
            await tx.states.append(monitor_id, state={"ships": False}, now=clock.now())
            await tx.states.append(
                monitor_id,
                state={"ships": True, "date": "2026-03-03"},
                now=clock.now(),
                volatility_hint="event in 3 days",
                evidence=EVIDENCE,
            )
        read = await client.read_resource(f"sentinel://monitors/{monitor_id}/state")
        detail = data(await client.call_tool("get_monitor", {"monitor_id": monitor_id}))
        shortened = data(
            await client.call_tool("get_monitor", {"monitor_id": monitor_id, "history": 1})
        )

    [content] = read.contents
    assert content.mime_type == "application/json"
    state = json.loads(content.text)
    assert state["version"] == 2
    assert state["state"] == {"ships": True, "date": "2026-03-03"}
    assert state["evidence"] == EVIDENCE
    assert state["volatility_hint"] == "event in 3 days"
    assert detail["latest_state"]["version"] == 2
    assert [version["version"] for version in detail["states"]] == [2, 1]
    assert [version["version"] for version in shortened["states"]] == [2]


@pytest.mark.parametrize("monitor_id", ["0", "abc", "-1", str(2**64)])
async def test_a_state_uri_without_a_monitor_is_not_found(db: Database, monitor_id: str) -> None:
    server = build_mcp_server(McpBackend.local(db, SystemClock()))
    async with Client(server) as client:
        with pytest.raises(MCPError) as refused:
            await client.read_resource(f"sentinel://monitors/{monitor_id}/state")
    assert refused.value.error.message == f"monitor {monitor_id!r} not found: ids are 1, 2, 3…"
