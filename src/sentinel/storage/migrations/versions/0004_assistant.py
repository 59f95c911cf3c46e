"""The assistant's tables: memories (tags, links, cached vectors, write counters), user
tasks, receipts; and the owner an API key acts for.

None is granted to ``sentinel_reader``: they belong to one owner each, and read-only SQL has
no owner to filter by.

Revision ID: 0004_assistant
Revises: 0003
Create Date: 2026-11-24
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004_assistant"
down_revision: str | Sequence[str] | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

TIMESTAMP = sa.DateTime(timezone=True)


def _enum(name: str, *values: str) -> sa.Enum:
    return sa.Enum(*values, name=name, native_enum=False, create_constraint=True, length=32)


def upgrade() -> None:
    """Create the assistant's tables and add ``api_keys.owner`` (old keys act as their name)."""
    with op.batch_alter_table("api_keys") as batch:
        batch.add_column(sa.Column("owner", sa.String(length=200), nullable=True))
    op.execute("UPDATE api_keys SET owner = name WHERE owner IS NULL")

    op.create_table(
        "memories",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("owner", sa.String(length=200), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("embedding", sa.LargeBinary(), nullable=True),
        sa.Column("embedding_model", sa.String(length=100), nullable=True),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.Column("updated_at", TIMESTAMP, nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_memories")),
    )
    op.create_index(
        op.f("ix_memories_owner_updated_at"), "memories", ["owner", "updated_at"], unique=False
    )
    op.create_table(
        "memory_tags",
        sa.Column("memory_id", sa.Integer(), nullable=False),
        sa.Column("tag", sa.String(length=64), nullable=False),
        sa.ForeignKeyConstraint(
            ["memory_id"],
            ["memories.id"],
            name=op.f("fk_memory_tags_memory_id_memories"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("memory_id", "tag", name=op.f("pk_memory_tags")),
    )
    op.create_index(op.f("ix_memory_tags_tag"), "memory_tags", ["tag"], unique=False)
    op.create_table(
        "memory_links",
        sa.Column("memory_id", sa.Integer(), nullable=False),
        sa.Column("other_id", sa.Integer(), nullable=False),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.CheckConstraint("memory_id < other_id", name=op.f("ck_memory_links_ordered_pair")),
        sa.ForeignKeyConstraint(
            ["memory_id"],
            ["memories.id"],
            name=op.f("fk_memory_links_memory_id_memories"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["other_id"],
            ["memories.id"],
            name=op.f("fk_memory_links_other_id_memories"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("memory_id", "other_id", name=op.f("pk_memory_links")),
    )
    op.create_index(op.f("ix_memory_links_other_id"), "memory_links", ["other_id"], unique=False)
    op.create_table(
        "memory_revisions",
        sa.Column("owner", sa.String(length=200), nullable=False),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("owner", name=op.f("pk_memory_revisions")),
    )

    op.create_table(
        "user_tasks",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("owner", sa.String(length=200), nullable=False),
        sa.Column("title", sa.String(length=300), nullable=False),
        sa.Column(
            "status",
            _enum("task_status", "open", "in_progress", "done", "cancelled"),
            nullable=False,
        ),
        sa.Column("priority", _enum("task_priority", "low", "medium", "high"), nullable=False),
        sa.Column("parent_id", sa.Integer(), nullable=True),
        sa.Column("notes", sa.Text(), nullable=False),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.Column("updated_at", TIMESTAMP, nullable=False),
        sa.ForeignKeyConstraint(
            ["parent_id"],
            ["user_tasks.id"],
            name=op.f("fk_user_tasks_parent_id_user_tasks"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_user_tasks")),
    )
    op.create_index(
        op.f("ix_user_tasks_owner_status"), "user_tasks", ["owner", "status"], unique=False
    )
    op.create_index(op.f("ix_user_tasks_parent_id"), "user_tasks", ["parent_id"], unique=False)

    op.create_table(
        "receipts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("owner", sa.String(length=200), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("prev_hash", sa.String(length=64), nullable=False),
        sa.Column("hash", sa.String(length=64), nullable=False),
        sa.Column("kind", sa.String(length=32), nullable=False),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_receipts")),
        sa.UniqueConstraint("owner", "seq", name=op.f("uq_receipts_owner_seq")),
    )
    op.create_index(op.f("ix_receipts_created_at"), "receipts", ["created_at"], unique=False)


def downgrade() -> None:
    """Drop the assistant's tables and ``api_keys.owner``."""
    op.drop_table("receipts")
    op.drop_table("user_tasks")
    op.drop_table("memory_revisions")
    op.drop_table("memory_links")
    op.drop_table("memory_tags")
    op.drop_table("memories")
    with op.batch_alter_table("api_keys") as batch:
        batch.drop_column("owner")
