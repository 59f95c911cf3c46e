"""The server the browser tests drive: the real app under uvicorn on 127.0.0.1, its engine
running monitors in a simulated world with the demo's scripted sensor, research in another
simulated world with the extractive model, and webhooks caught in memory."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from fastapi import FastAPI

from sentinel.api import create_app
from sentinel.cli.research import world_tools
from sentinel.clock import SystemClock, VirtualClock
from sentinel.demo.scripted import read_price, scripted_model
from sentinel.engine import Engine, RunnerRetries, RunRetryPolicy
from sentinel.llm import LanguageModel, ScriptedModel
from sentinel.monitor.run import RunOutcome, RunServices, execute_run
from sentinel.notify import DeliveryWorker
from sentinel.notify.channels import WebhookChannel
from sentinel.research import ResearchModels, report_payload, run_research
from sentinel.research.extractive import extractive_model
from sentinel.research.runlog import RunLog
from sentinel.sim import World, load_bundled
from sentinel.storage import Database
from sentinel.web.fetch import Fetcher
from sentinel.web.guard import SSRFGuard
from sentinel.web.politeness import Politeness
from sentinel.web.search.searxng import SearxngSearch

SCENARIO = "headphones-price-drop"
RESEARCH_WORLD = "research-marathon-result"
QUERY = "Voltmart Sonora QC Ultra Wireless headphones price"
RULE = "voltmart_price_usd < 300"
HOOK = "https://hooks.example/sentinel"
OWNER = "browser-test"
# The world's moments the test looks at: full price, the Labor Day sale, the deal of the day.
MOMENTS = [
    datetime(2025, 8, 1, tzinfo=UTC),
    datetime(2025, 8, 30, tzinfo=UTC),
    datetime(2025, 10, 4, tzinfo=UTC),
]


@dataclass
class Inbox:
    """Webhook posts, caught by an in-memory transport."""

    received: list[dict[str, Any]] = field(default_factory=list)

    def handle(self, request: httpx.Request) -> httpx.Response:
        self.received.append(json.loads(request.content))
        return httpx.Response(204)


@dataclass
class Served:
    """The running server: its address, the world's clock and the webhook inbox."""

    url: str
    world_clock: VirtualClock
    inbox: Inbox
    db: Database


async def research(question: str, log: RunLog) -> dict[str, Any]:
    """Research inside the marathon world with the extractive (scripted) model."""
    async with world_tools(RESEARCH_WORLD) as tools:
        result = await run_research(
            question, tools, ResearchModels.single(extractive_model()), log=log
        )
    return report_payload(result)


def engine_lifespan(db: Database, world: World, clock: VirtualClock, inbox: Inbox) -> Any:
    """The engine of the server: runs monitors in ``world`` as it is at ``clock``."""

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        wall = SystemClock()
        search = SearxngSearch(
            base_url=world.search_url, transport=world.transport(), rate_limit=None, clock=clock.now
        )
        fetcher = Fetcher(
            transport=world.transport(),
            guard=SSRFGuard(allow_hosts=world.hosts),
            politeness=Politeness(min_interval=0),
            clock=clock.now,
        )
        model = scripted_model({QUERY: read_price})
        policy, rng = RunRetryPolicy(), random.Random(0)
        services = RunServices(
            db=db,
            search=search,
            fetcher=fetcher,
            clock=wall,
            sensor_model=model,
            governor_model=model,
            rng=rng,
            lease_owner=OWNER,
            retry_policy=RunnerRetries(policy, rng),
        )

        async def runner(monitor_id: int, run_id: int) -> RunOutcome:
            return await execute_run(services, monitor_id, run_id=run_id)

        hooks = httpx.AsyncClient(transport=httpx.MockTransport(inbox.handle))
        delivery = DeliveryWorker(db, {"webhook": WebhookChannel(wall, hooks)}, wall, poll_s=0.2)
        engine = Engine(
            db,
            runner,
            wall,
            owner=OWNER,
            delivery=delivery,
            policy=policy,
            poll_s=0.2,
            concurrency=1,
            grace_s=5,
        )
        stop = asyncio.Event()
        task = asyncio.create_task(engine.run_forever(stop))
        try:
            yield
        finally:
            stop.set()
            await asyncio.gather(task, return_exceptions=True)
            await hooks.aclose()
            await search.aclose()
            await fetcher.aclose()

    return lifespan


@asynccontextmanager
async def serve(db: Database, *, chat_model: LanguageModel | None = None) -> AsyncIterator[Served]:
    """The app with its engine on a free loopback port, stopped afterwards; its chat runs on
    ``chat_model`` (default: the scripted model answering every step with example values)."""
    clock = VirtualClock(MOMENTS[0])
    world = World.from_scenario(
        load_bundled(SCENARIO), clock, seed=0, slow_delay=0.0, timeout_hold=0.0
    )
    inbox = Inbox()
    app = create_app(
        db,
        lifespan=engine_lifespan(db, world, clock, inbox),
        research_runner=research,
        chat_model=chat_model or ScriptedModel.filling(),
    )
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", lifespan="on")
    )
    serving = asyncio.create_task(server.serve())
    for _ in range(500):
        if server.started or serving.done():
            break
        await asyncio.sleep(0.02)
    if not server.started:
        await serving  # raises what stopped it
        raise RuntimeError("the server did not start")
    port = server.servers[0].sockets[0].getsockname()[1]
    try:
        yield Served(f"http://127.0.0.1:{port}", clock, inbox, db)
    finally:
        server.should_exit = True
        await asyncio.wait_for(serving, timeout=15)


def artifacts_dir() -> Path:
    """Where the browser tests leave their screenshots (ignored by git)."""
    folder = Path(__file__).resolve().parents[2] / "artifacts" / "browser"
    folder.mkdir(parents=True, exist_ok=True)
    return folder
