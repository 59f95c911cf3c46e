"""Errors name the right thing, in the caller's terms (issue 27).

One table: each row provokes an error through a real surface — the CLI, the HTTP API, MCP,
A2A — and checks that the message says what was wrong, names the option or setting that
fixes it *for that caller*, and says nothing about options the caller does not have (a
remote caller has no ``--index``).
"""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
from a2a.client import ClientConfig, create_client
from a2a.helpers import get_message_text, new_text_message
from a2a.types.a2a_pb2 import Role, SendMessageRequest, TaskState
from mcp import Client
from typer.testing import CliRunner

from sentinel.api import create_app
from sentinel.api.research_jobs import configured_research
from sentinel.cli.main import app as sentinel_app
from sentinel.clock import SystemClock
from sentinel.config import get_settings
from sentinel.protocols.a2a import mount_a2a
from sentinel.protocols.mcp import mount_mcp
from sentinel.storage import open_database
from sentinel.storage.settings import sqlite_url
from tests.loopback import running
from tests.storage.databases import sqlite_template

__all__ = ["sqlite_template"]

QUESTION = "Who won the Calder Marathon?"
# What a remote caller must never be told: options of a command line it does not have.
CLI_ONLY = ("--index", "--world", "--search", "--model")


@dataclass(frozen=True)
class Row:
    """A surface, how to provoke the error there, what it must say and must not."""

    surface: str
    provoke: Callable[[Path], Awaitable[str]]
    says: tuple[str, ...]
    never: tuple[str, ...] = ()


def cli(*args: str, env: dict[str, str] | None = None) -> Callable[[Path], Awaitable[str]]:
    """Run ``sentinel ARGS`` on the home; its output (which must be a bad-input exit)."""

    async def provoke(home: Path) -> str:
        # In a thread: the command runs its own event loop, as it does from a shell.
        result = await asyncio.to_thread(CliRunner().invoke, sentinel_app, list(args), env=env)
        assert result.exit_code == 2, result.output
        return " ".join(result.output.replace("│", " ").split())

    return provoke


async def api_research(home: Path) -> str:
    async with served(home) as base, httpx.AsyncClient(base_url=f"{base}/api/v1") as api:
        started = await api.post("/research", json={"question": QUESTION})
        assert started.status_code == 202, started.text
        for _ in range(200):
            job = (await api.get(f"/research/{started.json()['id']}")).json()
            if job["status"] == "failed":
                return str(job["error"])
            await asyncio.sleep(0.05)
    raise AssertionError("the research job did not fail")


async def mcp_research(home: Path) -> str:
    async with served(home) as base, Client(f"{base}/mcp") as client:
        result = await client.call_tool("run_research", {"question": QUESTION})
    assert result.is_error
    assert isinstance(result.structured_content, dict)
    return str(result.structured_content["detail"])


async def a2a_research(home: Path) -> str:
    async with served(home) as base, httpx.AsyncClient(timeout=30) as http:
        agent = await create_client(base, ClientConfig(httpx_client=http, streaming=False))
        message = new_text_message(QUESTION, role=Role.ROLE_USER)
        [event] = [e async for e in agent.send_message(SendMessageRequest(message=message))]
        await agent.close()
    assert event.task.status.state == TaskState.TASK_STATE_FAILED
    return get_message_text(event.task.status.message)


class served:
    """The API with MCP and A2A mounted (as ``sentinel serve`` builds it), researching the
    local index of the home (empty), on 127.0.0.1."""

    def __init__(self, home: Path) -> None:
        self.home = home

    async def __aenter__(self) -> str:
        self.db = await open_database(sqlite_url(self.home / "sentinel.db"), migrate=False)
        app = create_app(self.db, clock=SystemClock(), research_runner=configured_research)
        mount_mcp(app, host="127.0.0.1")
        mount_a2a(app)
        self.running = running(app)
        return await self.running.__aenter__()

    async def __aexit__(self, *exc: object) -> None:
        await self.running.__aexit__(*exc)
        await self.db.close()


EMPTY_INDEX_FOR_REMOTE = (
    "no documents to research",
    "documents folder (SENTINEL_SEARCH_FOLDER where it runs)",
)

ROWS = [
    Row(
        "cli: research --model",
        cli("research", QUESTION, "--model", "bogus:thing"),
        ("--model 'bogus:thing'", "local[:NAME], openai[:MODEL], scripted or extractive"),
        ("SENTINEL_LLM",),
    ),
    Row(
        "cli: research, SENTINEL_RESEARCH_MODEL",
        cli("research", QUESTION, env={"SENTINEL_RESEARCH_MODEL": "local:nope"}),
        ("SENTINEL_RESEARCH_MODEL='local:nope'", "unknown local model"),
        ("--model", "SENTINEL_LLM"),
    ),
    Row(
        "cli: research on an empty index",
        cli("research", QUESTION, "--model", "extractive"),
        ("holds no .md, .txt or .html documents", "pass --index DIR", "--world SCENARIO"),
    ),
    Row(
        "cli: mcp --research-model",
        cli("mcp", "--research-model", "bogus"),
        ("--research-model", "'bogus'", "scripted or extractive"),
        ("SENTINEL_LLM",),
    ),
    Row(
        "cli: chat, SENTINEL_LLM_ASSISTANT",
        cli("chat", "hello", env={"SENTINEL_LLM_ASSISTANT": "bogus"}),
        ("SENTINEL_LLM_ASSISTANT='bogus'", "expected local[:NAME], openai[:MODEL] or scripted"),
        ("extractive",),
    ),
    Row("api: research on an empty index", api_research, EMPTY_INDEX_FOR_REMOTE, CLI_ONLY),
    Row("mcp: run_research on an empty index", mcp_research, EMPTY_INDEX_FOR_REMOTE, CLI_ONLY),
    Row("a2a: research on an empty index", a2a_research, EMPTY_INDEX_FOR_REMOTE, CLI_ONLY),
]


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sqlite_template: Path) -> Iterator[Path]:
    """A SENTINEL_HOME with a migrated database and no documents to research."""
    path = tmp_path / "home"
    path.mkdir()
    shutil.copy(sqlite_template, path / "sentinel.db")
    monkeypatch.setenv("SENTINEL_HOME", str(path))
    monkeypatch.setenv("SENTINEL_LLM", "scripted")
    monkeypatch.delenv("SENTINEL_DATABASE_URL", raising=False)
    monkeypatch.delenv("SENTINEL_RESEARCH_MODEL", raising=False)
    get_settings.cache_clear()
    yield path
    get_settings.cache_clear()


@pytest.mark.network
@pytest.mark.timeout(120)
@pytest.mark.parametrize("row", ROWS, ids=[row.surface for row in ROWS])
async def test_the_error_names_what_the_caller_can_change(row: Row, home: Path) -> None:
    message = await row.provoke(home)

    for fragment in row.says:
        assert fragment in message, f"{row.surface}: {fragment!r} missing from {message!r}"
    for fragment in row.never:
        assert fragment not in message, f"{row.surface}: {fragment!r} in {message!r}"
