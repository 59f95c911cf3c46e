"""Ids are never reused, and a run that read nothing has a status of its own.

- SQLite gives a new row the highest id in use plus one, so deleting the newest monitor (or
  memory, task, run…) handed its id to the next one: a user's "monitor #3" became another
  monitor, and so did everything keyed by it (the Temporal workflow ``monitor-3``, links in
  notifications, bookmarks). ``AUTOINCREMENT`` makes SQLite remember the highest id ever
  used (in ``sqlite_sequence``). SQLite cannot add it to an existing table: each table with a
  user-visible id is rebuilt (batch mode copies it into a new table and renames it), with the
  ``notifications`` view and the immutability trigger of ``monitors`` dropped first and made
  again after, since they go with the tables they name. PostgreSQL's sequences never hand
  out an id twice: nothing to do there.
- ``runs.status`` accepts ``skipped-nothing-read``: a run that found no page to read says so
  instead of passing for a run that saw no change.

The rebuild needs SQLite's foreign keys off (a dropped parent table would otherwise cascade
its delete into every child); ``sentinel.storage.migrate`` runs migrations that way and checks
every foreign key before it commits.

Revision ID: 0008_ids_never_reused
Revises: 0006_monitor_sources
Create Date: 2026-11-26
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008_ids_never_reused"
down_revision: str | Sequence[str] | None = "0006_monitor_sources"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Every table whose integer id people see or that is keyed elsewhere by it.
TABLES = (
    "monitors",
    "runs",
    "state_versions",
    "deliveries",
    "api_keys",
    "memories",
    "user_tasks",
    "receipts",
)
RUN_STATUSES = ("pending", "running", "succeeded", "retrying", "failed", "skipped-no-change")
NOTHING_READ = "skipped-nothing-read"

# As migration 0001 made them (spelled out here so this migration never changes).
NOTIFICATIONS_VIEW = (
    "CREATE VIEW notifications AS SELECT id, monitor_id, run_id, idempotency_key, channel, "
    "payload, status, attempts, delivered_at, last_error, created_at FROM deliveries"
)
SQLITE_IMMUTABLE_QUERY = (
    "CREATE TRIGGER monitors_original_query_immutable "
    "BEFORE UPDATE OF original_query ON monitors "
    "FOR EACH ROW WHEN NEW.original_query IS NOT OLD.original_query "
    "BEGIN SELECT RAISE(ABORT, 'monitors.original_query is immutable'); END"
)


def _run_status(*values: str) -> sa.Enum:
    return sa.Enum(*values, name="run_status", native_enum=False, create_constraint=True, length=32)


def upgrade() -> None:
    """SQLite: rebuild the tables with AUTOINCREMENT; both: widen ``runs.status``."""
    if op.get_bind().dialect.name == "sqlite":
        _rebuild_sqlite(autoincrement=True, statuses=(*RUN_STATUSES, NOTHING_READ))
        return
    _replace_status_check((*RUN_STATUSES, NOTHING_READ))


def downgrade() -> None:
    """Back to 0006: runs that read nothing become skipped-no-change runs again."""
    op.execute(f"UPDATE runs SET status = 'skipped-no-change' WHERE status = '{NOTHING_READ}'")
    if op.get_bind().dialect.name == "sqlite":
        _rebuild_sqlite(autoincrement=False, statuses=RUN_STATUSES)
        return
    _replace_status_check(RUN_STATUSES)


def _rebuild_sqlite(*, autoincrement: bool, statuses: Sequence[str]) -> None:
    op.execute("DROP VIEW notifications")
    op.execute("DROP TRIGGER monitors_original_query_immutable")
    for table in TABLES:
        with op.batch_alter_table(
            table, recreate="always", table_kwargs={"sqlite_autoincrement": autoincrement}
        ) as batch:
            if table == "runs":
                batch.alter_column(
                    "status",
                    existing_type=_run_status(*RUN_STATUSES, NOTHING_READ),
                    type_=_run_status(*statuses),
                    existing_nullable=False,
                )
    op.execute(NOTIFICATIONS_VIEW)
    op.execute(SQLITE_IMMUTABLE_QUERY)


def _replace_status_check(statuses: Sequence[str]) -> None:
    allowed = ", ".join(f"'{status}'" for status in statuses)
    op.drop_constraint(op.f("ck_runs_run_status"), "runs", type_="check")
    op.create_check_constraint("run_status", "runs", f"status IN ({allowed})")
