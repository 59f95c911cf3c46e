"""Another A2A agent as a source: a second Sentinel, serving only its A2A agent on 127.0.0.1
(research in the simulated marathon world), answers; its answer becomes a document cited by
its URL — through the library, and through ``sentinel research --a2a-source``."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import sys
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from sentinel.a2a.server import create_a2a_app
from sentinel.a2a.source import ask_agent, with_agents
from sentinel.errors import ProviderError
from sentinel.research import ResearchModels, ResearchSettings, run_research
from sentinel.research.extractive import extractive_model
from sentinel.storage import Database, open_database
from sentinel.storage.api_keys import ApiKeyRepository
from sentinel.storage.settings import sqlite_url
from tests.a2a.world import running
from tests.browser.world import research as world_research

pytestmark = pytest.mark.network
QUESTION = "Who won the marathon?"


@pytest.fixture
async def remote_db(tmp_path: Path, sqlite_template: Path) -> AsyncIterator[Database]:
    """The second Sentinel's database."""
    path = tmp_path / "remote.db"
    shutil.copy(sqlite_template, path)
    database = await open_database(sqlite_url(path), migrate=False)
    try:
        yield database
    finally:
        await database.close()


@pytest.fixture
async def remote(remote_db: Database) -> AsyncIterator[str]:
    """The second Sentinel's A2A agent (``sentinel a2a serve``'s app), its base URL."""
    async with running(create_a2a_app(remote_db, research_runner=world_research)) as url:
        yield url


async def test_an_agents_answer_is_its_report_cited_by_its_url(remote: str) -> None:
    answer = await ask_agent(remote, QUESTION)
    assert (answer.url, answer.agent, answer.state) == (remote, "Sentinel", "completed")
    assert '"sources"' in answer.text  # the FinalReport artifact, as JSON text


async def test_research_with_an_agent_as_its_only_source_cites_the_agent(remote: str) -> None:
    tools = with_agents(None, [remote])
    async with tools:
        result = await run_research(
            QUESTION,
            tools,
            ResearchModels.single(extractive_model()),
            settings=ResearchSettings(max_iters=1),
        )
    assert [source.url for source in result.report.sources] == [remote]


async def test_an_agent_that_refuses_is_a_provider_error_naming_it(
    remote: str, remote_db: Database
) -> None:
    async with remote_db.transaction() as tx:
        await ApiKeyRepository(tx.session).create("someone", now=datetime.now(UTC))
    with pytest.raises(ProviderError, match=f"{remote}.*401"):
        await ask_agent(remote, QUESTION)


async def test_sentinel_research_a2a_source_cites_the_remote_agent(
    remote: str, tmp_path: Path
) -> None:
    env = os.environ | {"SENTINEL_HOME": str(tmp_path / "home")}
    sentinel = [sys.executable, "-W", "error", "-c", "from sentinel.cli.main import run; run()"]
    command = [*sentinel, "research", QUESTION]
    command += ["--a2a-source", remote, "--model", "extractive", "--max-iters", "1", "--quiet"]
    process = await asyncio.create_subprocess_exec(
        *command, env=env, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE
    )
    async with asyncio.timeout(120):
        out, err = await process.communicate()
    assert process.returncode == 0, err.decode()
    report = json.loads(out)
    assert [source["url"] for source in report["sources"]] == [remote]
