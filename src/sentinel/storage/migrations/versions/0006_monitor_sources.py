"""A monitor's own sources and its state's declared fields.

- ``monitors.urls``: the pages the monitor reads on every run (a JSON list of http(s) URLs),
  beside or instead of search. Existing monitors get ``[]``: they keep searching as before.
- ``monitors.fields``: the state's declared fields, a JSON list of ``{"name", "type"}``
  objects (what the sensor is told to report); ``[]`` leaves the shape to the sensor.

Both are added with a server default, so existing rows are filled and no table is rebuilt
(SQLite's ``ADD COLUMN`` keeps the ``original_query`` trigger of 0001 in place).

Revision ID: 0006_monitor_sources
Revises: 0005_hot_path_indexes
Create Date: 2026-11-27
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0006_monitor_sources"
down_revision: str | Sequence[str] | None = "0005_hot_path_indexes"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Spelled out here (not imported from the models) so this migration never changes.
JSON = sa.JSON(none_as_null=True).with_variant(postgresql.JSONB(none_as_null=True), "postgresql")
EMPTY_LIST = sa.text("'[]'")


def upgrade() -> None:
    """Add ``urls`` and ``fields`` to ``monitors``, empty for every existing monitor."""
    op.add_column("monitors", sa.Column("urls", JSON, nullable=False, server_default=EMPTY_LIST))
    op.add_column("monitors", sa.Column("fields", JSON, nullable=False, server_default=EMPTY_LIST))


def downgrade() -> None:
    """Drop both columns (what they held is lost). Plain ``DROP COLUMN`` (SQLite 3.35+), not a
    batch rebuild, which would lose the table's trigger."""
    op.drop_column("monitors", "fields")
    op.drop_column("monitors", "urls")
