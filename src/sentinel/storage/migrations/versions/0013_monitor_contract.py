"""A monitor's contract: its sentence compiled into a subject, typed fields and a condition.

- ``monitors.contract``: a JSON object (``sentinel.monitor.contract.Contract``) or null. A
  monitor with a contract decides by its CEL condition over fields verified on the page; one
  without (criteria with no field form, monitors made before this migration) keeps the
  LLM governor. Existing rows get null: they run as before.

Revision ID: 0013_monitor_contract
Revises: 0012_retention
Create Date: 2026-11-28
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0013_monitor_contract"
down_revision: str | Sequence[str] | None = "0012_retention"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Spelled out here (not imported from the models) so this migration never changes.
JSON = sa.JSON(none_as_null=True).with_variant(postgresql.JSONB(none_as_null=True), "postgresql")


def upgrade() -> None:
    """Add ``contract``, null for every existing monitor (plain ADD COLUMN keeps 0001's
    trigger on SQLite)."""
    op.add_column("monitors", sa.Column("contract", JSON, nullable=True))


def downgrade() -> None:
    """Drop the column (the contracts are lost; the monitors fall back to their governor)."""
    op.drop_column("monitors", "contract")
