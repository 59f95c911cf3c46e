"""A2A push configs in the database, and receipt hashes that cover the receipt's kind.

- ``a2a_push_configs``: the a2a-sdk's push config rows (task, config id, the config as JSON,
  its owner), so a restart keeps them and a delete deletes them.
- ``a2a_task_monitors``: the monitor each A2A task created (its push configs are that
  monitor's channels), with the task's owner; gone with the monitor.
- ``receipts.hash_version``: 1 for every existing receipt (its hash stays as it was, so a hash
  someone noted down still checks; verify checks its kind against the kind its payload
  records), 2 for receipts appended from now on, whose hash also covers ``kind``
  (``sentinel.storage.receipts``).

Downgrading re-hashes the receipts written since in the old form (which the code of 0013
verifies), from the first of them to the end of each chain, and moves the chain heads along.

Revision ID: 0014_a2a_push_receipt_kind
Revises: 0013_monitor_contract
Create Date: 2026-11-29
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from alembic import op

revision: str = "0014_a2a_push_receipt_kind"
down_revision: str | Sequence[str] | None = "0013_monitor_contract"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

GENESIS_HASH = "0" * 64


def upgrade() -> None:
    """Create the two A2A tables; mark every existing receipt as hashed in version 1."""
    op.create_table(
        "a2a_push_configs",
        sa.Column("task_id", sa.String(length=36), nullable=False),
        sa.Column("config_id", sa.String(length=255), nullable=False),
        sa.Column("config_data", sa.LargeBinary(), nullable=False),
        sa.Column("owner", sa.String(length=255), nullable=True),
        sa.Column("protocol_version", sa.String(length=16), nullable=True),
        sa.PrimaryKeyConstraint("task_id", "config_id", name=op.f("pk_a2a_push_configs")),
    )
    op.create_index(op.f("ix_a2a_push_configs_owner"), "a2a_push_configs", ["owner"])
    op.create_table(
        "a2a_task_monitors",
        sa.Column("task_id", sa.String(length=36), nullable=False),
        sa.Column("owner", sa.String(length=200), nullable=False),
        sa.Column("monitor_id", sa.Integer(), nullable=False),
        sa.Column("context_id", sa.String(length=255), nullable=False),
        sa.ForeignKeyConstraint(
            ["monitor_id"],
            ["monitors.id"],
            name=op.f("fk_a2a_task_monitors_monitor_id_monitors"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("task_id", name=op.f("pk_a2a_task_monitors")),
    )
    op.create_index(op.f("ix_a2a_task_monitors_monitor_id"), "a2a_task_monitors", ["monitor_id"])
    op.add_column(
        "receipts",
        sa.Column("hash_version", sa.Integer(), server_default="1", nullable=False),
    )


def downgrade() -> None:
    """Re-hash the version-2 receipts in version 1's form, then drop what upgrade added."""
    _rehash_in_version_1(op.get_bind())
    op.drop_column("receipts", "hash_version")
    op.drop_index(op.f("ix_a2a_task_monitors_monitor_id"), table_name="a2a_task_monitors")
    op.drop_table("a2a_task_monitors")
    op.drop_index(op.f("ix_a2a_push_configs_owner"), table_name="a2a_push_configs")
    op.drop_table("a2a_push_configs")


def _rehash_in_version_1(connection: sa.Connection) -> None:
    """From each chain's first version-2 receipt on, recompute hash and prev_hash in the form
    of 0013 (spelled out here, so this migration never changes), and the recorded head."""
    owners = connection.execute(
        sa.text("SELECT DISTINCT owner FROM receipts WHERE hash_version <> 1")
    ).scalars()
    for owner in list(owners):
        rows = connection.execute(
            sa.text(
                "SELECT id, seq, prev_hash, hash, payload, created_at, hash_version "
                "FROM receipts WHERE owner = :owner ORDER BY seq"
            ),
            {"owner": owner},
        ).all()
        prev_hash, rewriting = GENESIS_HASH, False
        for row in rows:
            rewriting = rewriting or row.hash_version != 1
            if not rewriting:
                prev_hash = row.hash
                continue
            new_hash = _version_1_hash(owner, row.seq, prev_hash, row.created_at, row.payload)
            connection.execute(
                sa.text("UPDATE receipts SET prev_hash = :prev, hash = :hash WHERE id = :id"),
                {"prev": prev_hash, "hash": new_hash, "id": row.id},
            )
            connection.execute(
                sa.text(
                    "UPDATE receipt_heads SET hash = :hash WHERE owner = :owner AND seq = :seq"
                ),
                {"hash": new_hash, "owner": owner, "seq": row.seq},
            )
            prev_hash = new_hash


def _version_1_hash(owner: str, seq: int, prev_hash: str, created_at: Any, payload: str) -> str:
    if isinstance(created_at, str):  # SQLite hands the stored text back
        created_at = datetime.fromisoformat(created_at)
    if created_at.tzinfo is None:
        created_at = created_at.replace(tzinfo=UTC)
    document = {
        "created_at": created_at.astimezone(UTC).isoformat(),
        "owner": owner,
        "payload": json.loads(payload),
        "prev_hash": prev_hash,
        "seq": seq,
    }
    text = json.dumps(
        document, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    )
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
