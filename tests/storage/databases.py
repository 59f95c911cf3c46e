"""Database fixtures: every repository test runs on SQLite and on the machine's PostgreSQL.

SQLite: migrated once into a template file, copied per test. PostgreSQL: one database per test
session (created, migrated, dropped at the end), truncated before each test. The PostgreSQL
parameter is skipped, with the reason, only when the server does not answer.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import uuid
from collections.abc import AsyncIterator, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

import asyncpg
import pytest

from sentinel.storage import Database, open_database, upgrade_to_head
from sentinel.storage.settings import sqlite_url

PG_SERVER = os.environ.get("SENTINEL_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")
BACKENDS = ["sqlite", "postgresql"]
T = TypeVar("T")


def _run_blocking(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine to completion from sync code, even inside a running event loop.

    Session fixtures are first requested from async fixtures (whose loop is running), where
    ``asyncio.run`` is refused: a thread of its own gives the coroutine a fresh loop.
    """
    with ThreadPoolExecutor(max_workers=1) as executor:
        return executor.submit(asyncio.run, coroutine).result()


async def _create_pg_database() -> str:
    name = f"sentinel_test_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    connection = await asyncpg.connect(PG_SERVER, timeout=3)
    try:
        await connection.execute(f'CREATE DATABASE "{name}"')
    finally:
        await connection.close()
    return name


async def _drop_pg_database(name: str) -> None:
    connection = await asyncpg.connect(PG_SERVER, timeout=3)
    try:
        await connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await connection.close()


def pg_url_for(name: str) -> str:
    """The SQLAlchemy URL of database ``name`` on the test server."""
    base = PG_SERVER.rsplit("/", 1)[0].replace("postgresql://", "postgresql+asyncpg://", 1)
    return f"{base}/{name}"


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    """A migrated PostgreSQL database for this test session, dropped afterwards."""
    try:
        name = _run_blocking(_create_pg_database())
    except (OSError, asyncpg.PostgresError, TimeoutError) as exc:
        pytest.skip(f"PostgreSQL at {PG_SERVER} is unreachable: {exc}")
    try:
        url = pg_url_for(name)
        _run_blocking(upgrade_to_head(url))
        yield url
    finally:
        _run_blocking(_drop_pg_database(name))


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A migrated SQLite file that tests copy instead of migrating each time."""
    path = tmp_path_factory.mktemp("template") / "sentinel.db"
    _run_blocking(upgrade_to_head(sqlite_url(path)))
    return path


@asynccontextmanager
async def sqlite_copy(template: Path, tmp_path: Path) -> AsyncIterator[Database]:
    """An empty migrated SQLite database: a copy of ``template`` (see ``sqlite_template``)
    in ``tmp_path``, closed on exit. The one way every test folder opens a test database."""
    path = tmp_path / "sentinel.db"
    shutil.copy(template, path)
    database = await open_database(sqlite_url(path), migrate=False)
    try:
        yield database
    finally:
        await database.close()


async def _empty(db: Database) -> None:
    # Every monitor table hangs off monitors with ON DELETE CASCADE; far quicker than TRUNCATE.
    # The assistant's tables are per owner, not per monitor: emptied one by one.
    async with db.engine.begin() as connection:
        await connection.exec_driver_sql("DELETE FROM monitors")
        for table in (
            "memories",
            "memory_revisions",
            "user_tasks",
            "receipts",
            "receipt_heads",
            "retention_marks",
            "research_jobs",
            "a2a_tasks",
        ):
            await connection.exec_driver_sql(f"DELETE FROM {table}")


@pytest.fixture(params=BACKENDS)
async def db(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Database]:
    """An empty, migrated database on each backend."""
    if request.param == "sqlite":
        async with sqlite_copy(request.getfixturevalue("sqlite_template"), tmp_path) as database:
            yield database
        return
    database = await open_database(request.getfixturevalue("pg_url"), migrate=False)
    await _empty(database)
    try:
        yield database
    finally:
        await database.close()
