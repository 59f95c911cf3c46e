"""Sentinel served on loopback with its monitors in a simulated world: what the browser tests
and the A2A tests both run against.

- ``engine_lifespan``: the engine of the served app; monitors run in the headphones shop as it
  is at a virtual clock, with the demo's scripted sensor, and deliver through the default
  channels (webhook, Apprise, A2A push) on real HTTP or on a given client.
- ``research``: research in the simulated marathon world with the extractive model.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from typing import Any

import httpx
from fastapi import FastAPI

from sentinel.cli.research import world_tools
from sentinel.clock import SystemClock, VirtualClock
from sentinel.demo.scripted import read_price, scripted_model
from sentinel.demo.stage import Stage
from sentinel.engine import Engine, RunnerRetries, RunRetryPolicy
from sentinel.monitor.run import RunOutcome, RunServices, execute_run
from sentinel.notify import DeliveryWorker, default_channels
from sentinel.research import ResearchModels, report_payload, run_research
from sentinel.research.extractive import extractive_model
from sentinel.research.runlog import RunLog
from sentinel.sim import load_bundled
from sentinel.storage import Database

SCENARIO = "headphones-price-drop"
RESEARCH_WORLD = "research-marathon-result"
QUERY = "Voltmart Sonora QC Ultra Wireless headphones price"
RULE = "price_usd < 300"
# The world's moments the tests look at: full price, the Labor Day sale, the deal of the day.
MOMENTS = [
    datetime(2025, 8, 1, tzinfo=UTC),
    datetime(2025, 8, 30, tzinfo=UTC),
    datetime(2025, 10, 4, tzinfo=UTC),
]


async def research(question: str, log: RunLog) -> dict[str, Any]:
    """Research inside the marathon world with the extractive (scripted) model."""
    async with world_tools(RESEARCH_WORLD) as tools:
        result = await run_research(
            question, tools, ResearchModels.single(extractive_model()), log=log
        )
    return report_payload(result)


def engine_lifespan(
    db: Database, clock: VirtualClock, *, owner: str, client: httpx.AsyncClient | None = None
) -> Any:
    """The engine of the server: runs monitors in the headphones world as it is at ``clock``
    under the lease owner ``owner``; deliveries use ``client`` when given (the caller closes
    it), real HTTP otherwise."""

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        wall = SystemClock()
        stage = Stage.on(load_bundled(SCENARIO), clock)
        model = scripted_model({QUERY: read_price})
        policy, rng = RunRetryPolicy(), random.Random(0)
        services = RunServices(
            db=db,
            search=stage.search,
            fetcher=stage.fetcher,
            clock=wall,
            sensor_model=model,
            governor_model=model,
            rng=rng,
            lease_owner=owner,
            retry_policy=RunnerRetries(policy, rng),
        )

        async def runner(monitor_id: int, run_id: int) -> RunOutcome:
            return await execute_run(services, monitor_id, run_id=run_id)

        channels = default_channels(wall, client=client)
        delivery = DeliveryWorker(db, channels, wall, poll_s=0.2)
        engine = Engine(
            db,
            runner,
            wall,
            owner=owner,
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
            await stage.aclose()

    return lifespan
