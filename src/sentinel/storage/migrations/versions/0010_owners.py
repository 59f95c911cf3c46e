"""Owners of monitors, durable research jobs and A2A tasks.

- ``monitors.owner``: whose monitor (an API key's owner; the CLI and a keyless loopback server
  act as ``local``). Existing monitors become the local user's. Names are unique per owner
  (``uq_monitors_owner_name`` replaces ``uq_monitors_name``). On SQLite the table is rebuilt
  (batch mode), with the immutability trigger made again after, as migration 0008 does.
- ``research_jobs`` and ``a2a_tasks`` (the a2a-sdk's task columns): jobs that outlive the
  server process.
- PostgreSQL: ``sentinel_reader`` loses SELECT on the monitor tables. Read-only SQL now runs
  over per-owner temporary views of them (``sentinel.storage.owned_views``), which are granted
  to the role for that one statement, so a query can no longer name the tables themselves.

Revision ID: 0010_owners
Revises: 0009_memory_chunks
Create Date: 2026-11-26
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

revision: str = "0010_owners"
down_revision: str | Sequence[str] | None = "0009_memory_chunks"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TIMESTAMP = sa.DateTime(timezone=True)
READER_ROLE = "sentinel_reader"
QUERYABLE = ("monitors", "state_versions", "runs", "deliveries", "notifications")
SQLITE_IMMUTABLE_QUERY = (
    "CREATE TRIGGER monitors_original_query_immutable "
    "BEFORE UPDATE OF original_query ON monitors "
    "FOR EACH ROW WHEN NEW.original_query IS NOT OLD.original_query "
    "BEGIN SELECT RAISE(ABORT, 'monitors.original_query is immutable'); END"
)


def upgrade() -> None:
    """Add the owner column and the job tables; take the reader role's table grants."""
    sqlite = op.get_bind().dialect.name == "sqlite"
    if sqlite:
        op.execute("DROP TRIGGER monitors_original_query_immutable")
    with op.batch_alter_table(
        "monitors", recreate="always" if sqlite else "auto", table_kwargs=_autoincrement()
    ) as batch:
        batch.add_column(
            sa.Column("owner", sa.String(length=200), server_default="local", nullable=False)
        )
        batch.drop_constraint(op.f("uq_monitors_name"), type_="unique")
        batch.create_unique_constraint(op.f("uq_monitors_owner_name"), ["owner", "name"])
    if sqlite:
        op.execute(SQLITE_IMMUTABLE_QUERY)
    op.create_table(
        "research_jobs",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("owner", sa.String(length=200), nullable=False),
        sa.Column("question", sa.Text(), nullable=False),
        sa.Column("status", sa.String(length=32), nullable=False),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.Column("finished_at", TIMESTAMP, nullable=True),
        sa.Column("events", _json(), nullable=False),
        sa.Column("result", _json(), nullable=True),
        sa.Column("error", sa.Text(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_research_jobs")),
        sqlite_autoincrement=True,
    )
    op.create_index(op.f("ix_research_jobs_owner_id"), "research_jobs", ["owner", "id"])
    op.create_index(op.f("ix_research_jobs_status"), "research_jobs", ["status"])
    op.create_table(
        "a2a_tasks",
        sa.Column("id", sa.String(length=36), nullable=False),
        sa.Column("context_id", sa.String(length=36), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("owner", sa.String(length=255), nullable=True),
        sa.Column("last_updated", sa.DateTime(), nullable=True),
        sa.Column("status", sa.JSON(), nullable=False),
        sa.Column("artifacts", sa.JSON(), nullable=True),
        sa.Column("history", sa.JSON(), nullable=True),
        sa.Column("protocol_version", sa.String(length=16), nullable=True),
        sa.Column("metadata", sa.JSON(), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_a2a_tasks")),
    )
    op.create_index(op.f("ix_a2a_tasks_id"), "a2a_tasks", ["id"])
    op.create_index("idx_a2a_tasks_owner_last_updated", "a2a_tasks", ["owner", "last_updated"])
    if not sqlite:
        _reader_grants("REVOKE", "FROM")


def downgrade() -> None:
    """Back to 0009: every monitor's name must then be unique across owners again."""
    sqlite = op.get_bind().dialect.name == "sqlite"
    if not sqlite:
        _reader_grants("GRANT", "TO")
    op.drop_index("idx_a2a_tasks_owner_last_updated", table_name="a2a_tasks")
    op.drop_index(op.f("ix_a2a_tasks_id"), table_name="a2a_tasks")
    op.drop_table("a2a_tasks")
    op.drop_index(op.f("ix_research_jobs_status"), table_name="research_jobs")
    op.drop_index(op.f("ix_research_jobs_owner_id"), table_name="research_jobs")
    op.drop_table("research_jobs")
    if sqlite:
        op.execute("DROP TRIGGER monitors_original_query_immutable")
    with op.batch_alter_table(
        "monitors", recreate="always" if sqlite else "auto", table_kwargs=_autoincrement()
    ) as batch:
        batch.drop_constraint(op.f("uq_monitors_owner_name"), type_="unique")
        batch.create_unique_constraint(op.f("uq_monitors_name"), ["name"])
        batch.drop_column("owner")
    if sqlite:
        op.execute(SQLITE_IMMUTABLE_QUERY)


def _autoincrement() -> dict[str, bool]:
    return {"sqlite_autoincrement": True} if op.get_bind().dialect.name == "sqlite" else {}


def _json() -> sa.types.TypeEngine[Any]:
    return sa.JSON(none_as_null=True).with_variant(
        sa.dialects.postgresql.JSONB(none_as_null=True), "postgresql"
    )


def _reader_grants(verb: str, preposition: str) -> None:
    """Grant or revoke the reader role's SELECT on the monitor tables, where the role exists."""
    statements = "; ".join(
        f"{verb} SELECT ON {name} {preposition} {READER_ROLE}" for name in QUERYABLE
    )
    op.execute(
        f"""
        DO $$
        BEGIN
            IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{READER_ROLE}') THEN
                {statements};
            END IF;
        EXCEPTION WHEN insufficient_privilege THEN
            RAISE NOTICE 'could not change the grants of {READER_ROLE}';
        END $$
        """
    )
