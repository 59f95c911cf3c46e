"""Migrations: the migrated schema is exactly the models, on both backends."""

from __future__ import annotations

from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Column, Connection, Integer, MetaData

# Every module that declares tables, so the comparison sees all of them when this file runs
# alone (the models register themselves on import).
import sentinel.storage.a2a_push
import sentinel.storage.api_keys
import sentinel.storage.jobs
import sentinel.storage.memories
import sentinel.storage.receipts
import sentinel.storage.tasks  # noqa: F401
from sentinel.storage import Database
from sentinel.storage.migrate import current_revision, head_revision
from sentinel.storage.models import Base


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
