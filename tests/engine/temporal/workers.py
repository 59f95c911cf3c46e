"""An in-process Temporal worker for the tests, and bounded waits."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

from temporalio.client import Client

from sentinel.engine.temporal.activities import MonitorActivities
from sentinel.engine.temporal.worker import WorkerOptions, serve_temporal

WAIT_S = 60.0  # a loaded 2-core machine; every wait is bounded


@asynccontextmanager
async def running_worker(
    client: Client, activities: MonitorActivities, task_queue: str
) -> AsyncIterator[None]:
    """A worker of ``task_queue`` serving in this event loop until the block ends."""
    stop, ready = asyncio.Event(), asyncio.Event()
    # Sandboxed here (production runs it without): a workflow that strays from determinism
    # (I/O, clock, randomness in workflow code) fails these tests.
    options = WorkerOptions(
        task_queue, concurrency=2, grace_s=5, ensure_existing=False, sandboxed=True
    )
    serving = asyncio.ensure_future(
        serve_temporal(client, activities, options, stop, on_ready=lambda _: ready.set())
    )
    await asyncio.wait_for(ready.wait(), WAIT_S)
    try:
        yield
    finally:
        stop.set()
        await asyncio.wait_for(serving, WAIT_S)


async def eventually(check: Callable[[], Awaitable[bool]], what: str) -> None:
    """Wait (bounded) until ``check()`` is true."""
    deadline = time.monotonic() + WAIT_S
    while not await check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.1)
