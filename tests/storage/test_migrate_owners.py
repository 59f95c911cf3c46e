"""Migration 0010 on SQLite and PostgreSQL: existing monitors become the local user's with
their history intact, names become unique per owner, the immutability trigger survives the
SQLite rebuild, and the migration can be undone and done again."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from alembic.script import ScriptDirectory
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from sentinel.storage.engine import create_engine
from sentinel.storage.migrate import alembic_config, downgrade_engine, upgrade_engine
from sentinel.storage.settings import sqlite_url
from tests.storage.databases import _create_pg_database, _drop_pg_database, pg_url_for
from tests.storage.test_ids import SEED

MIGRATION = "0010_owners"
COLUMNS = (
    "name, original_query, current_query, action_criteria, notify_behavior, channels, state, "
    "run_count, consecutive_failures, min_interval_s, max_interval_s, governor_kind, context, "
    "created_at, updated_at"
)
BEFORE = str(ScriptDirectory.from_config(alembic_config()).get_revision(MIGRATION).down_revision)


@pytest.fixture(params=["sqlite", "postgresql"])
async def engine(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[AsyncEngine]:
    """An engine on an empty database of each backend, not migrated."""
    if request.param == "sqlite":
        created = create_engine(sqlite_url(tmp_path / "old.db"))
        yield created
        await created.dispose()
        return
    try:
        name = await _create_pg_database()
    except OSError as exc:  # pragma: no cover - the machine's PostgreSQL is down
        pytest.skip(f"PostgreSQL is unreachable: {exc}")
    created = create_engine(pg_url_for(name))
    try:
        yield created
    finally:
        await created.dispose()
        await _drop_pg_database(name)


async def _rows(engine: AsyncEngine, sql: str) -> list[tuple[object, ...]]:
    async with engine.connect() as connection:
        return [tuple(row) for row in await connection.exec_driver_sql(sql)]


async def test_existing_monitors_become_the_local_users(engine: AsyncEngine) -> None:
    await upgrade_engine(engine, BEFORE)
    async with engine.begin() as connection:
        for statement in SEED:
            await connection.exec_driver_sql(statement)
    await upgrade_engine(engine)
    assert await _rows(engine, "SELECT id, owner, name FROM monitors ORDER BY id") == [
        (1, "local", "a"),
        (2, "local", "b"),
    ]
    assert await _rows(engine, "SELECT count(*) FROM runs") == [(2,)]
    assert await _rows(engine, "SELECT count(*) FROM deliveries") == [(1,)]
    # Another owner may use the name (an explicit id: the seed's ids bypassed the sequence).
    async with engine.begin() as connection:
        await connection.exec_driver_sql(
            f"INSERT INTO monitors (id, owner, {COLUMNS}) "
            f"SELECT 3, 'alice', {COLUMNS} FROM monitors WHERE id = 1"
        )
    with pytest.raises(IntegrityError):  # the same owner may not
        async with engine.begin() as connection:
            await connection.exec_driver_sql("UPDATE monitors SET name = 'a' WHERE id = 2")
    with pytest.raises(DBAPIError, match="immutable"):
        async with engine.begin() as connection:
            await connection.exec_driver_sql("UPDATE monitors SET original_query = 'x'")
    async with engine.begin() as connection:
        await connection.exec_driver_sql("DELETE FROM monitors WHERE owner = 'alice'")
    await downgrade_engine(engine, BEFORE)
    assert await _rows(engine, "SELECT id, name FROM monitors ORDER BY id") == [(1, "a"), (2, "b")]
    await upgrade_engine(engine)
    assert await _rows(engine, "SELECT DISTINCT owner FROM monitors") == [("local",)]
