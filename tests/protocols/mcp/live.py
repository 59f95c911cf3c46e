"""The API app with MCP mounted, served by uvicorn on 127.0.0.1 (a free port), bounded in
time: in the test's event loop, or in a thread of its own for synchronous tests."""

from __future__ import annotations

import asyncio
import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from fastapi import FastAPI

from sentinel.api import create_app
from sentinel.api.research_jobs import ResearchRunner
from sentinel.clock import SystemClock
from sentinel.protocols.mcp import mount_mcp
from sentinel.storage import Database, open_database
from sentinel.storage.settings import sqlite_url
from tests.loopback import running

START_S = 20.0


def mcp_app(db: Database, runner: ResearchRunner) -> FastAPI:
    """The API over ``db`` with MCP at /mcp, as ``sentinel serve`` builds it on loopback."""
    app = create_app(db, clock=SystemClock(), research_runner=runner, rate_per_minute=100_000)
    mount_mcp(app, host="127.0.0.1")
    return app


@contextmanager
def served_in_thread(database: Path, runner: ResearchRunner) -> Iterator[str]:
    """Serve the MCP app over a copy of the SQLite file ``database`` from a thread with its
    own event loop; yield its base URL."""
    ready: list[tuple[str, asyncio.AbstractEventLoop, asyncio.Event]] = []
    started = threading.Event()
    errors: list[BaseException] = []

    async def main() -> None:
        db = await open_database(sqlite_url(database), migrate=False)
        try:
            async with running(mcp_app(db, runner)) as url:
                stop = asyncio.Event()
                ready.append((url, asyncio.get_running_loop(), stop))
                started.set()
                await stop.wait()
        finally:
            await db.close()

    def target() -> None:
        try:
            asyncio.run(main())
        except BaseException as error:  # reported by the test thread
            errors.append(error)
            started.set()

    thread = threading.Thread(target=target, name="mcp-server", daemon=True)
    thread.start()
    started.wait(START_S)
    try:
        if errors:
            raise errors[0]
        assert ready, "the server did not start"
        yield ready[0][0]
    finally:
        if ready:
            _, loop, stop = ready[0]
            loop.call_soon_threadsafe(stop.set)
        thread.join(START_S)


def copy_database(template: Path, folder: Path) -> Path:
    """A fresh copy of the migrated template in ``folder``."""
    path = folder / "sentinel.db"
    shutil.copy(template, path)
    return path
