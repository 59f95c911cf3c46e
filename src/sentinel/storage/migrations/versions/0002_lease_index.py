"""Index monitors by lease expiry, so reaping and the engine's wake-up time are indexed.

The reaper looks for leases that ran out and the engine's "when is the next monitor
claimable" asks for the earliest lease end: both read ``lease_expires_at``, which without an
index meant a scan of every monitor on every tick.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22
"""

from __future__ import annotations

from collections.abc import Sequence

from alembic import op

revision: str = "0002"
down_revision: str | Sequence[str] | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add the lease-expiry index."""
    op.create_index(op.f("ix_monitors_lease_expires_at"), "monitors", ["lease_expires_at"])


def downgrade() -> None:
    """Drop the lease-expiry index."""
    op.drop_index(op.f("ix_monitors_lease_expires_at"), table_name="monitors")
