"""The servers the A2A tests talk to, all on 127.0.0.1 and offline.

- ``serve_sentinel``: the real app (``create_app``, so the A2A agent is mounted as under
  ``sentinel serve``) under uvicorn on a free port, its engine running monitors in the
  simulated headphones shop with the demo's scripted sensor and delivering through the real
  channels (the A2A push channel among them); research runs in the simulated marathon world
  with the extractive model, behind a gate a test may hold closed (to cancel mid-run).
- ``PushReceiver``: an A2A client's push endpoint, a real HTTP server recording each POST.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import uvicorn
from fastapi import FastAPI
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from sentinel.api import create_app
from sentinel.clock import SystemClock, VirtualClock
from sentinel.demo.scripted import read_price, scripted_model
from sentinel.engine import Engine, RunnerRetries, RunRetryPolicy
from sentinel.monitor.run import RunOutcome, RunServices, execute_run
from sentinel.notify import DeliveryWorker, default_channels
from sentinel.protocols.a2a import mount_a2a
from sentinel.research.runlog import RunLog
from sentinel.sim import World, load_bundled
from sentinel.storage import Database
from sentinel.web.fetch import Fetcher
from sentinel.web.guard import SSRFGuard
from sentinel.web.politeness import Politeness
from sentinel.web.search.searxng import SearxngSearch
from tests.browser.world import MOMENTS, QUERY, RULE, SCENARIO
from tests.browser.world import research as world_research

__all__ = [
    "MOMENTS",
    "QUERY",
    "RULE",
    "Gate",
    "Push",
    "PushReceiver",
    "Served",
    "running",
    "serve_sentinel",
]
OWNER = "a2a-test"


@dataclass
class Gate:
    """Holds research runs before they start until ``opened`` is set."""

    opened: asyncio.Event = field(default_factory=asyncio.Event)
    waiting: asyncio.Event = field(default_factory=asyncio.Event)

    @classmethod
    def open(cls) -> Gate:
        """A gate that lets every run through."""
        gate = cls()
        gate.opened.set()
        return gate

    async def research(self, question: str, log: RunLog) -> dict[str, Any]:
        """Log the start, wait for the gate, then research in the simulated world."""
        log.record("queued", "gate", question=question)
        self.waiting.set()
        await self.opened.wait()
        return await world_research(question, log)


@dataclass
class Served:
    """A running server: its base URL and the world clock its monitors see."""

    url: str
    world_clock: VirtualClock
    db: Database


@asynccontextmanager
async def running(app: FastAPI) -> AsyncIterator[str]:
    """``app`` under uvicorn on a free loopback port; yields its base URL, stops it after."""
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
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        await asyncio.wait_for(serving, timeout=15)


@asynccontextmanager
async def serve_sentinel(
    db: Database, gate: Gate | None = None, *, engine: bool = True
) -> AsyncIterator[Served]:
    """Sentinel (API, UI and A2A agent) with its engine, on a free loopback port."""
    clock = VirtualClock(MOMENTS[0])
    gate = gate or Gate.open()
    app = create_app(
        db,
        lifespan=engine_lifespan(db, clock) if engine else None,
        research_runner=gate.research,
        rate_per_minute=10_000,
    )
    mount_a2a(app)  # as `sentinel serve` does
    async with running(app) as url:
        yield Served(url, clock, db)


def engine_lifespan(db: Database, clock: VirtualClock) -> Any:
    """The engine: monitors run in the headphones world as it is at ``clock``; deliveries go
    through the default channels (webhook, Apprise, A2A push) on real HTTP."""

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        wall = SystemClock()
        world = World.from_scenario(
            load_bundled(SCENARIO), clock, seed=0, slow_delay=0.0, timeout_hold=0.0
        )
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

        channels = default_channels(wall)
        delivery = DeliveryWorker(db, channels, wall, poll_s=0.2)
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
            for channel in channels.values():
                closer = getattr(channel, "aclose", None)
                if closer is not None:
                    await closer()
            await search.aclose()
            await fetcher.aclose()

    return lifespan


@dataclass
class Push:
    """One POST the receiver got: its headers and JSON body."""

    headers: dict[str, str]
    body: dict[str, Any]


@dataclass
class PushReceiver:
    """An A2A client's push endpoint: records every POST, answers 200."""

    received: list[Push] = field(default_factory=list)
    arrived: asyncio.Event = field(default_factory=asyncio.Event)

    def app(self) -> FastAPI:
        """The receiver's ASGI app (``POST /push``)."""

        async def push(request: Request) -> Response:
            self.received.append(Push(dict(request.headers), json.loads(await request.body())))
            self.arrived.set()
            return Response(status_code=200)

        return FastAPI(routes=[Route("/push", push, methods=["POST"])])

    async def wait_for(self, predicate: Any) -> Push:
        """The first push satisfying ``predicate``, waiting for it (bounded: 60 s)."""
        async with asyncio.timeout(60):
            while True:
                for push in self.received:
                    if predicate(push):
                        return push
                self.arrived.clear()
                await self.arrived.wait()
