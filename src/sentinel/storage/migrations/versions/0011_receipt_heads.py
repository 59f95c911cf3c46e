"""Receipt chain heads: ``receipt_heads`` holds each owner's newest receipt seq and hash.

A chain whose newest receipts were deleted still verifies link by link; the head, written with
every append, is what shows the truncation. Existing chains get their current newest receipt as
head. Not granted to ``sentinel_reader`` (receipts are per owner, like the chains themselves).

Revision ID: 0011_receipt_heads
Revises: 0010_owners
Create Date: 2026-11-26
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0011_receipt_heads"
down_revision: str | Sequence[str] | None = "0010_owners"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Create the table and record the head of every existing chain."""
    op.create_table(
        "receipt_heads",
        sa.Column("owner", sa.String(length=200), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("hash", sa.String(length=64), nullable=False),
        sa.PrimaryKeyConstraint("owner", name=op.f("pk_receipt_heads")),
    )
    op.execute(
        "INSERT INTO receipt_heads (owner, seq, hash) "
        "SELECT r.owner, r.seq, r.hash FROM receipts r "
        "WHERE r.seq = (SELECT max(n.seq) FROM receipts n WHERE n.owner = r.owner)"
    )


def downgrade() -> None:
    """Drop the table."""
    op.drop_table("receipt_heads")
