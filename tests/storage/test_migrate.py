"""Migrations: the migrated schema is exactly the models, on both backends."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Column, Connection, Integer, MetaData

# Every module that declares tables, so the comparison sees all of them when this file runs
# alone (the models register themselves on import).
import sentinel.storage.a2a_push
import sentinel.storage.a2a_task_monitors
import sentinel.storage.a2a_tasks
import sentinel.storage.api_keys
import sentinel.storage.jobs
import sentinel.storage.memories
import sentinel.storage.receipts
import sentinel.storage.tasks  # noqa: F401
from sentinel.storage import Database
from sentinel.storage.engine import create_engine
from sentinel.storage.migrate import (
    at_head,
    current_revision,
    downgrade_engine,
    head_revision,
    shipped_head,
    upgrade_engine,
)
from sentinel.storage.models import Base
from sentinel.storage.settings import sqlite_url


def _differences(connection: Connection, metadata: MetaData = Base.metadata) -> list[Any]:
    context = MigrationContext.configure(connection, opts={"compare_type": True})
    return list(compare_metadata(context, metadata))


async def test_the_migrated_schema_equals_the_models(db: Database) -> None:
    async with db.engine.connect() as connection:
        differences = await connection.run_sync(_differences)
    assert differences == []


async def test_the_comparison_notices_a_column_the_migrations_lack(db: Database) -> None:
    drifted = MetaData(naming_convention=Base.metadata.naming_convention)
    for table in Base.metadata.tables.values():
        table.to_metadata(drifted)
    drifted.tables["runs"].append_column(Column("cost_usd", Integer()))
    async with db.engine.connect() as connection:
        differences = await connection.run_sync(_differences, drifted)
    assert [(kind, table, column.name) for kind, _, table, column in differences] == [
        ("add_column", "runs", "cost_usd")
    ]


async def test_the_database_is_at_the_newest_packaged_revision(db: Database) -> None:
    assert await current_revision(db.url) == head_revision() == "0014_a2a_push_receipt_kind"


async def test_the_notifications_view_is_queryable(db: Database) -> None:
    result = await db.query_readonly("SELECT count(*) AS n FROM notifications")
    assert result == (["n"], [(0,)])


def test_the_head_read_from_the_files_is_alembics() -> None:
    assert shipped_head() == head_revision()


async def test_a_database_behind_the_shipped_head_is_still_migrated(db: Database) -> None:
    await downgrade_engine(db.engine, "0012_retention")
    assert not await at_head(db.engine)

    await upgrade_engine(db.engine)

    assert await at_head(db.engine)
    assert await current_revision(db.url) == head_revision()


async def test_a_new_database_is_not_at_head(tmp_path: Path) -> None:
    engine = create_engine(sqlite_url(tmp_path / "new.db"))
    try:
        assert not await at_head(engine)
    finally:
        await engine.dispose()
