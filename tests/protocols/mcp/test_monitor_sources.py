"""``create_monitor`` over MCP with the pages to read and the state's fields."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from mcp import Client

from sentinel.clock import SystemClock
from sentinel.protocols.mcp.backend import McpBackend
from sentinel.protocols.mcp.server import build_mcp_server
from sentinel.storage import Database, open_database
from sentinel.storage.settings import sqlite_url
from tests.protocols.mcp.live import copy_database
from tests.protocols.mcp.scenario import SPEC, data, problem
from tests.storage.databases import sqlite_template

__all__ = ["sqlite_template"]


@pytest.fixture
async def db(tmp_path: Path, sqlite_template: Path) -> AsyncIterator[Database]:
    db = await open_database(sqlite_url(copy_database(sqlite_template, tmp_path)), migrate=False)
    try:
        yield db
    finally:
        await db.close()


async def test_create_monitor_takes_urls_and_fields(db: Database) -> None:
    server = build_mcp_server(McpBackend.local(db, SystemClock()))
    async with Client(server) as client:
        created = data(
            await client.call_tool(
                "create_monitor",
                SPEC
                | {
                    "urls": ["https://voltix.example/vx-40"],
                    "fields": [{"name": "ships_on", "type": "date"}],
                },
            )
        )
        refused = problem(
            await client.call_tool("create_monitor", SPEC | {"urls": ["ftp://voltix.example/"]}),
            422,
        )
    assert created["urls"] == ["https://voltix.example/vx-40"]
    assert created["fields"] == [{"name": "ships_on", "type": "date"}]
    assert "'ftp://voltix.example/' is not an http:// or https:// URL" in refused["detail"]
    async with db.transaction() as tx:
        [stored] = await tx.monitors.find()
    assert stored.urls == ["https://voltix.example/vx-40"]
