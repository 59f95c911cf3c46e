"""``sentinel mcp`` as an assistant runs it: a subprocess speaking MCP on stdin/stdout, driven
by the official client session, on a temporary database, researching a simulated world."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

from tests.protocols.mcp.scenario import RESEARCH_MODEL, WORLD, exercise_every_tool, problem
from tests.storage.databases import sqlite_template

__all__ = ["sqlite_template"]

SENTINEL = str(Path(sys.executable).with_name("sentinel"))


def sentinel_mcp(home: Path, *options: str) -> StdioServerParameters:
    """How an assistant's configuration starts Sentinel, with its home in ``home``."""
    return StdioServerParameters(
        command=SENTINEL,
        args=["mcp", *options],
        env={"SENTINEL_HOME": str(home), "PYTHONWARNINGS": "error"},
    )


@pytest.fixture
def home(tmp_path: Path, sqlite_template: Path) -> Path:
    """A SENTINEL_HOME with a migrated, empty database."""
    path = tmp_path / "home"
    path.mkdir()
    shutil.copy(sqlite_template, path / "sentinel.db")
    return path


@pytest.mark.timeout(120)
async def test_every_tool_and_resource_answers_over_stdio(home: Path, tmp_path: Path) -> None:
    server = sentinel_mcp(home, "--world", WORLD, "--research-model", RESEARCH_MODEL)
    with (tmp_path / "stderr.log").open("w") as errlog:
        async with Client(stdio_client(server, errlog=errlog)) as client:
            seen = await exercise_every_tool(client)

    assert seen["missing"]["detail"] == "no monitor 999"
    assert json.loads(seen["listing"].text)[0]["state_uri"] == (
        f"sentinel://monitors/{seen['monitor_id']}/state"
    )
    state = json.loads(seen["state"].text)
    assert (state["monitor_id"], state["state"]) == (seen["monitor_id"], None)
    assert seen["unknown"] == "no monitor 999"


@pytest.mark.timeout(60)
async def test_over_stdio_the_caller_is_the_local_user(home: Path, tmp_path: Path) -> None:
    with (tmp_path / "stderr.log").open("w") as errlog:
        # The initialize handshake (protocol versions before 2026), as assistants speak it.
        transport = stdio_client(sentinel_mcp(home), errlog=errlog)
        async with Client(transport, mode="legacy") as client:
            added = await client.call_tool("add_memory", {"text": "The boat is blue"})
            research = await client.call_tool("run_research", {"question": "Why is it blue?"})

    assert not added.is_error
    assert await _memory_owners(home) == ["local"]
    # Without --world, research reads the local index: empty here, and the error says so in
    # the caller's terms (an MCP client has no command-line options to pass).
    failed = problem(research, 409)
    assert failed["detail"].startswith("research job 1 failed: this Sentinel has no documents")
    assert "--" not in failed["detail"]


async def _memory_owners(home: Path) -> list[str]:
    from sentinel.storage import open_database
    from sentinel.storage.settings import sqlite_url

    db = await open_database(sqlite_url(home / "sentinel.db"), migrate=False)
    try:
        async with db.engine.connect() as connection:
            result = await connection.exec_driver_sql("SELECT owner FROM memories")
            return [row[0] for row in result]
    finally:
        await db.close()
