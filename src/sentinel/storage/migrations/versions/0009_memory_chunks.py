"""Memories that continue another: ``memories.follows_id``.

A conversation or a long note can be stored as a chain of memories, each naming the one it
continues; the search index reads that memory's words as the later one's context. No foreign
key (SQLite cannot add one to an existing table without rebuilding it): deleting a memory
clears ``follows_id`` where it pointed to it (``MemoryRepository.delete``). Chunk vectors need
no schema change: ``memories.embedding`` holds one vector per chunk, row after row.

Revision ID: 0009_memory_chunks
Revises: 0008_ids_never_reused
Create Date: 2026-11-26
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009_memory_chunks"
down_revision: str | Sequence[str] | None = "0008_ids_never_reused"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add the column."""
    op.add_column("memories", sa.Column("follows_id", sa.Integer(), nullable=True))


def downgrade() -> None:
    """Drop it."""
    with op.batch_alter_table("memories") as batch:
        batch.drop_column("follows_id")
