"""An ASGI app served for real on 127.0.0.1, for tests that need a socket, not a transport."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import uvicorn

START_S = 20.0  # starting (and stopping) the server, bounded


@asynccontextmanager
async def running(app: Any) -> AsyncIterator[str]:
    """``app`` under uvicorn (its lifespan on) on a free loopback port, in this event loop;
    yields its base URL and stops the server after."""
    config = uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    serving = asyncio.create_task(server.serve())
    try:
        async with asyncio.timeout(START_S):
            while not server.started:  # uvicorn has no "started" event to wait on
                if serving.done():
                    serving.result()  # raises what stopped it
                    raise RuntimeError("the server did not start")
                await asyncio.sleep(0.02)
        port = server.servers[0].sockets[0].getsockname()[1]
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        await asyncio.wait_for(serving, timeout=START_S)
