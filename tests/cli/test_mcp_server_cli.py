"""``sentinel mcp``'s command line: refused with the install hint when the SDK is missing;
the research it runs (a simulated world or the local index); the MCP address ``sentinel
serve`` prints. (The server itself is driven over stdio in tests/protocols/mcp.)"""

from __future__ import annotations

import asyncio
import functools
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from sentinel.api.research_jobs import configured_research
from sentinel.cli import mcp_server
from sentinel.clock import Clock
from sentinel.protocols import mcp as protocol
from sentinel.research import RunLog
from sentinel.storage import Database
from tests.cli.test_watch_cli import home, invoke, sqlite_template

__all__ = ["home", "sqlite_template"]


def test_without_the_sdk_the_command_says_how_to_install_it(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(protocol, "installed", lambda: False)
    result = invoke("mcp")
    assert result.exit_code == 2
    said = " ".join(result.stderr.replace("│", " ").split())
    assert "the MCP SDK is not installed: pip install 'sentinel[mcp]'" in said


def test_the_sdk_is_installed_by_the_mcp_extra() -> None:
    assert protocol.installed()


def test_research_reads_the_local_index_unless_a_world_is_named() -> None:
    runner = mcp_server.research_runner(None, "extractive")
    assert isinstance(runner, functools.partial)
    assert (runner.func, runner.keywords) == (configured_research, {"model": "extractive"})


async def test_research_in_a_world_returns_the_report_payload() -> None:
    runner = mcp_server.research_runner("research-power-bank-recall", "extractive")
    payload = await runner("What happened with the VX-30 power bank recall?", RunLog())
    assert payload["kind"] == "research_report"
    assert payload["report"]["sources"]


def test_the_mcp_address_brackets_ipv6_hosts() -> None:
    assert protocol.mcp_url("127.0.0.1", 8000) == "http://127.0.0.1:8000/mcp"
    assert protocol.mcp_url("::1", 9000) == "http://[::1]:9000/mcp"


class FakeEngine:
    """Stands in for the configured engine: runs until told to stop."""

    owner = "fake-engine"

    def __init__(self) -> None:
        self.started = False
        self.stopped = False

    async def run_forever(self, stop: asyncio.Event) -> None:
        self.started = True
        await stop.wait()
        self.stopped = True


def test_with_worker_the_engine_runs_while_the_server_serves(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = FakeEngine()

    @asynccontextmanager
    async def fake_worker_engine(db: Database, clock: Clock) -> AsyncIterator[FakeEngine]:
        yield engine

    monkeypatch.setattr(mcp_server, "worker_engine", fake_worker_engine)
    initialize = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "initialize",
        "params": {
            "protocolVersion": "2025-06-18",
            "capabilities": {},
            "clientInfo": {"name": "test", "version": "1"},
        },
    }
    result = invoke("mcp", "--worker", input=json.dumps(initialize) + "\n")

    assert result.exit_code == 0, result.stderr
    [answer] = [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
    assert answer["id"] == 1
    assert answer["result"]["serverInfo"]["name"] == "sentinel"
    assert "Engine fake-engine running in this process." in result.stderr
    assert (engine.started, engine.stopped) == (True, True)
