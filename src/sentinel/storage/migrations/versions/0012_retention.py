"""Retention: an index on ``runs.finished_at`` and the ``retention_marks`` table.

Pruning and trace compaction walk finished runs oldest first through the index; the trace
compaction remembers where it stopped in ``retention_marks`` (see
``sentinel.storage.retention``).

Revision ID: 0012_retention
Revises: 0011_receipt_heads
Create Date: 2026-11-26
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012_retention"
down_revision: str | Sequence[str] | None = "0011_receipt_heads"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add the index and the table."""
    op.create_index("ix_runs_finished_at", "runs", ["finished_at"])
    op.create_table(
        "retention_marks",
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("run_id", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("name", name=op.f("pk_retention_marks")),
    )


def downgrade() -> None:
    """Drop them."""
    op.drop_table("retention_marks")
    op.drop_index("ix_runs_finished_at", table_name="runs")
