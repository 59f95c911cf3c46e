"""Indexes the engine's hot path uses by construction, whatever the number of monitors.

- ``ix_monitors_due``: the claimable queue, a partial index on (next_run_at, id) of the active
  monitors without a lease. Claiming walks it from the earliest due time and stops after the
  free slots; the engine's "when is the next one due" is its first entry.
- ``ix_monitors_leased`` replaces ``ix_monitors_lease_expires_at``: only the leased monitors
  (at most the runs in progress), so reaping and the leased monitors' wake-up read a handful.
- ``ix_monitors_state_next_run_at`` is dropped: without statistics SQLite preferred it to any
  other index for ``state = 'active'`` and so read every active monitor (17 ms at 100k).
- ``ix_runs_monitor_id_id``: a monitor's latest runs without sorting its whole history.
- ``ix_runs_status`` is dropped: no query filters runs by status alone (always with the id or
  the monitor), each run changes status twice, and PostgreSQL without statistics took it over
  the primary key to find one run.
- ``ix_state_versions_run_id`` and ``ix_deliveries_run_id``: the foreign keys to runs. SQLite
  checks a run's children when the run is inserted or deleted; without these, every run
  deleted (a monitor deleted with its history) read both tables whole.

The partial indexes' conditions are literals, and the queries write the same literals (see
``sentinel.storage.monitor_schedule``): a planner can only use a partial index when the query's
WHERE implies the index's, which a bound parameter does not on a generic plan.

Revision ID: 0005_hot_path_indexes
Revises: 0004_assistant
Create Date: 2026-11-25
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005_hot_path_indexes"
down_revision: str | Sequence[str] | None = "0004_assistant"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

DUE_WHERE = "state = 'active' AND lease_expires_at IS NULL"
LEASED_WHERE = "lease_expires_at IS NOT NULL"


def upgrade() -> None:
    """Create the partial indexes, then drop the ones they replace."""
    op.create_index(
        "ix_monitors_due",
        "monitors",
        ["next_run_at", "id"],
        sqlite_where=sa.text(DUE_WHERE),
        postgresql_where=sa.text(DUE_WHERE),
    )
    op.create_index(
        "ix_monitors_leased",
        "monitors",
        ["lease_expires_at"],
        sqlite_where=sa.text(LEASED_WHERE),
        postgresql_where=sa.text(LEASED_WHERE),
    )
    op.create_index("ix_runs_monitor_id_id", "runs", ["monitor_id", "id"])
    op.create_index("ix_state_versions_run_id", "state_versions", ["run_id"])
    op.create_index("ix_deliveries_run_id", "deliveries", ["run_id"])
    op.drop_index("ix_monitors_state_next_run_at", table_name="monitors")
    op.drop_index("ix_monitors_lease_expires_at", table_name="monitors")
    op.drop_index("ix_runs_status", table_name="runs")


def downgrade() -> None:
    """Back to the indexes of 0004."""
    op.create_index("ix_runs_status", "runs", ["status"])
    op.create_index("ix_monitors_lease_expires_at", "monitors", ["lease_expires_at"])
    op.create_index("ix_monitors_state_next_run_at", "monitors", ["state", "next_run_at"])
    op.drop_index("ix_deliveries_run_id", table_name="deliveries")
    op.drop_index("ix_state_versions_run_id", table_name="state_versions")
    op.drop_index("ix_runs_monitor_id_id", table_name="runs")
    op.drop_index("ix_monitors_leased", table_name="monitors")
    op.drop_index("ix_monitors_due", table_name="monitors")
