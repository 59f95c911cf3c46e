"""Fixtures of the A2A tests: a fresh migrated SQLite database, Sentinel serving it on a free
loopback port (see ``tests.protocols.a2a.world``) and the official A2A client."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
from a2a.client import Client, ClientConfig, create_client

from sentinel.storage import Database
from tests.protocols.a2a.world import Gate, Served, serve_sentinel
from tests.storage.databases import sqlite_copy, sqlite_template

__all__ = ["sqlite_template"]


@pytest.fixture
async def db(tmp_path: Path, sqlite_template: Path) -> AsyncIterator[Database]:
    """An empty migrated SQLite database (``tmp_path / "sentinel.db"``)."""
    async with sqlite_copy(sqlite_template, tmp_path) as database:
        yield database


@pytest.fixture
def gate() -> Gate:
    """The research gate of the served app: closed until a test opens it."""
    return Gate()


@pytest.fixture
async def served(db: Database, gate: Gate) -> AsyncIterator[Served]:
    """Sentinel with its engine on 127.0.0.1."""
    async with serve_sentinel(db, gate) as running:
        yield running


@pytest.fixture
async def http() -> AsyncIterator[httpx.AsyncClient]:
    """The HTTP client the A2A clients use (bounded timeouts)."""
    async with httpx.AsyncClient(timeout=httpx.Timeout(30.0)) as client:
        yield client


@pytest.fixture
async def client(served: Served, http: httpx.AsyncClient) -> AsyncIterator[Client]:
    """The official A2A client of the served agent, streaming."""
    agent = await create_client(served.url, ClientConfig(httpx_client=http, streaming=True))
    try:
        yield agent
    finally:
        await agent.close()
