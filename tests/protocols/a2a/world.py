"""The servers the A2A tests talk to, all on 127.0.0.1 and offline.

- ``serve_sentinel``: the real app (``create_app``, so the A2A agent is mounted as under
  ``sentinel serve``) on a free port with the engine of :mod:`tests.served_world` (monitors in
  the simulated headphones shop, delivering through the real channels, the A2A push channel
  among them); research runs in the simulated marathon world with the extractive model,
  behind a gate a test may hold closed (to cancel mid-run).
- ``PushReceiver``: an A2A client's push endpoint, a real HTTP server recording each POST.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from fastapi import FastAPI
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from sentinel.api import create_app
from sentinel.clock import VirtualClock
from sentinel.protocols.a2a import mount_a2a
from sentinel.research.runlog import RunLog
from sentinel.storage import Database
from tests.loopback import running
from tests.served_world import MOMENTS, engine_lifespan
from tests.served_world import research as world_research

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
async def serve_sentinel(
    db: Database, gate: Gate | None = None, *, engine: bool = True
) -> AsyncIterator[Served]:
    """Sentinel (API, UI and A2A agent) with its engine, on a free loopback port."""
    clock = VirtualClock(MOMENTS[0])
    gate = gate or Gate.open()
    app = create_app(
        db,
        lifespan=engine_lifespan(db, clock, owner=OWNER) if engine else None,
        research_runner=gate.research,
        rate_per_minute=10_000,
    )
    mount_a2a(app)  # as `sentinel serve` does
    async with running(app) as url:
        yield Served(url, clock, db)


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
