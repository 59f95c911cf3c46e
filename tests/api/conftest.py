"""Fixtures of the API tests: a fresh migrated SQLite database, the app over it (no engine)
and an httpx client speaking ASGI to it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
from fastapi import FastAPI

from sentinel.api import create_app
from sentinel.clock import VirtualClock
from sentinel.storage import Database
from tests.asgi import asgi_client
from tests.storage.databases import sqlite_copy, sqlite_template

__all__ = ["api_db", "app", "client", "clock", "sqlite_template"]

START = datetime(2026, 11, 22, 9, 0, tzinfo=UTC)


@pytest.fixture
def clock() -> VirtualClock:
    """A clock stopped at ``START``."""
    return VirtualClock(START)


@pytest.fixture
async def api_db(tmp_path: Path, sqlite_template: Path) -> AsyncIterator[Database]:
    """An empty migrated SQLite database."""
    async with sqlite_copy(sqlite_template, tmp_path) as db:
        yield db


@pytest.fixture
def app(api_db: Database, clock: VirtualClock) -> FastAPI:
    """The API over ``api_db`` with a generous rate limit."""
    return create_app(api_db, clock=clock, rate_per_minute=10_000)


@pytest.fixture
async def client(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    """A client of ``app`` over ASGI."""
    async with asgi_client(app) as client:
        yield client
