"""Another A2A agent as a source: a second Sentinel, serving only its A2A agent on 127.0.0.1
(research in the simulated marathon world), answers; its answer becomes a document cited by
its URL — through the library, and through ``sentinel research --a2a-source``."""

from __future__ import annotations

import asyncio
import json
import os
import random
import shutil
import sys
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from sentinel.cli.research import world_tools
from sentinel.clock import SystemClock, VirtualClock
from sentinel.demo.scripted import read_price, scripted_model
from sentinel.errors import ProviderError
from sentinel.monitor.run import RunServices, execute_run
from sentinel.protocols.a2a.server import create_a2a_app
from sentinel.protocols.a2a.source import ask_agent, monitor_sources, with_agents
from sentinel.research import ResearchModels, ResearchSettings, report_payload, run_research
from sentinel.research.extractive import extractive_model
from sentinel.research.runlog import RunLog
from sentinel.sim import World, load_bundled
from sentinel.storage import Database, open_database
from sentinel.storage.api_keys import ApiKeyRepository
from sentinel.storage.settings import sqlite_url
from sentinel.web.fetch import Fetcher
from sentinel.web.guard import SSRFGuard
from sentinel.web.search.searxng import SearxngSearch
from tests.loopback import running
from tests.served_world import MOMENTS, QUERY, RULE, SCENARIO
from tests.served_world import research as world_research

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


async def headphones_research(question: str, log: RunLog) -> dict[str, Any]:
    """Research the headphones shop as it is on the deal of the day (extractive model)."""
    async with world_tools(SCENARIO, MOMENTS[2]) as tools:
        result = await run_research(
            question, tools, ResearchModels.single(extractive_model()), log=log
        )
    return report_payload(result)


async def test_watch_add_a2a_source_makes_the_agents_answer_a_source_of_every_run(
    db: Database, remote_db: Database, tmp_path: Path
) -> None:
    agent = create_a2a_app(remote_db, research_runner=headphones_research)
    async with running(agent) as remote:
        env = os.environ | {"SENTINEL_DATABASE_URL": sqlite_url(tmp_path / "sentinel.db")}
        sentinel = [sys.executable, "-W", "error", "-c", "from sentinel.cli.main import run; run()"]
        command = [*sentinel, "watch", "add", QUERY, "--rules", RULE, "--a2a-source", remote]
        process = await asyncio.create_subprocess_exec(
            *command,
            "--json",
            env=env,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        async with asyncio.timeout(60):
            out, err = await process.communicate()
        assert process.returncode == 0, err.decode()
        created = json.loads(out)
        assert created["context"] == {"a2a_sources": [remote]}
        clock = VirtualClock(MOMENTS[2])
        world = World.from_scenario(load_bundled(SCENARIO), clock, seed=0, slow_delay=0.0)
        model = scripted_model({QUERY: read_price})
        search = SearxngSearch(
            base_url=world.search_url, transport=world.transport(), rate_limit=None
        )
        fetcher = Fetcher(transport=world.transport(), guard=SSRFGuard(allow_hosts=world.hosts))
        services = RunServices(
            db=db,
            search=search,
            fetcher=fetcher,
            clock=SystemClock(),
            sensor_model=model,
            governor_model=model,
            rng=random.Random(0),
            extra_sources=monitor_sources(),
        )
        try:
            outcome = await execute_run(services, created["id"])
        finally:
            await search.aclose()
            await fetcher.aclose()
    assert outcome.status == "succeeded", outcome
    async with db.transaction() as tx:
        version = await tx.states.latest(created["id"])
    assert version is not None
    assert version.fingerprints["search_hits"][0] == remote  # the agent answers first
    assert remote in version.fingerprints["pages"]  # and its answer was read like a page
