"""Initial schema: monitors, their secrets, runs, state versions and the delivery outbox.

Also, outside what the models describe: a trigger that makes ``monitors.original_query``
immutable, the ``notifications`` view for read-only SQL, and on PostgreSQL the
``sentinel_reader`` role that read-only queries run as (if the migrating user may create it).

Revision ID: 0001
Revises:
Create Date: 2026-11-21
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "0001"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Column types spelled out here (not imported from the models) so this migration never changes.
JSON = sa.JSON(none_as_null=True).with_variant(postgresql.JSONB(none_as_null=True), "postgresql")
TIMESTAMP = sa.DateTime(timezone=True)
READER_ROLE = "sentinel_reader"
QUERYABLE = ("monitors", "state_versions", "runs", "deliveries", "notifications")


def _enum(name: str, *values: str) -> sa.Enum:
    return sa.Enum(*values, name=name, native_enum=False, create_constraint=True, length=32)


def upgrade() -> None:
    """Create the tables, the immutability trigger, the view and the reader role."""
    op.create_table(
        "monitors",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("original_query", sa.Text(), nullable=False),
        sa.Column("current_query", sa.Text(), nullable=False),
        sa.Column("action_criteria", sa.Text(), nullable=False),
        sa.Column("notify_behavior", _enum("notify_behavior", "once", "always"), nullable=False),
        sa.Column("channels", JSON, nullable=False),
        sa.Column(
            "state",
            _enum("monitor_state", "active", "paused", "completed", "failed"),
            nullable=False,
        ),
        sa.Column("next_run_at", TIMESTAMP, nullable=True),
        sa.Column("last_run_at", TIMESTAMP, nullable=True),
        sa.Column("run_count", sa.Integer(), nullable=False),
        sa.Column("consecutive_failures", sa.Integer(), nullable=False),
        sa.Column("min_interval_s", sa.Integer(), nullable=False),
        sa.Column("max_interval_s", sa.Integer(), nullable=False),
        sa.Column("governor_kind", _enum("governor_kind", "llm", "rules"), nullable=False),
        sa.Column("governor_rules", sa.Text(), nullable=True),
        sa.Column("context", JSON, nullable=False),
        sa.Column("lease_owner", sa.String(length=200), nullable=True),
        sa.Column("lease_expires_at", TIMESTAMP, nullable=True),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.Column("updated_at", TIMESTAMP, nullable=False),
        sa.CheckConstraint(
            "min_interval_s > 0 AND max_interval_s >= min_interval_s",
            name=op.f("ck_monitors_interval_bounds"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_monitors")),
        sa.UniqueConstraint("name", name=op.f("uq_monitors_name")),
    )
    op.create_index(op.f("ix_monitors_state_next_run_at"), "monitors", ["state", "next_run_at"])

    op.create_table(
        "monitor_secrets",
        sa.Column("monitor_id", sa.Integer(), nullable=False),
        sa.Column("signing_secret", sa.String(length=128), nullable=False),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.ForeignKeyConstraint(
            ["monitor_id"],
            ["monitors.id"],
            name=op.f("fk_monitor_secrets_monitor_id_monitors"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("monitor_id", name=op.f("pk_monitor_secrets")),
    )

    op.create_table(
        "runs",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("monitor_id", sa.Integer(), nullable=False),
        sa.Column(
            "status",
            _enum(
                "run_status",
                "pending",
                "running",
                "succeeded",
                "retrying",
                "failed",
                "skipped-no-change",
            ),
            nullable=False,
        ),
        sa.Column("scheduled_at", TIMESTAMP, nullable=False),
        sa.Column("started_at", TIMESTAMP, nullable=True),
        sa.Column("finished_at", TIMESTAMP, nullable=True),
        sa.Column("sensor_output", JSON, nullable=True),
        sa.Column("decision", JSON, nullable=True),
        sa.Column("state_version", sa.Integer(), nullable=True),
        sa.Column("error_category", sa.String(length=64), nullable=True),
        sa.Column("error_message", sa.Text(), nullable=True),
        sa.Column("retry_count", sa.Integer(), nullable=False),
        sa.Column("trace", JSON, nullable=False),
        sa.Column("usage", JSON, nullable=False),
        sa.Column("raw_model_output", sa.Text(), nullable=True),
        sa.ForeignKeyConstraint(
            ["monitor_id"],
            ["monitors.id"],
            name=op.f("fk_runs_monitor_id_monitors"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_runs")),
    )
    op.create_index(op.f("ix_runs_monitor_id_scheduled_at"), "runs", ["monitor_id", "scheduled_at"])
    op.create_index(op.f("ix_runs_status"), "runs", ["status"])

    op.create_table(
        "deliveries",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("idempotency_key", sa.String(length=200), nullable=False),
        sa.Column("monitor_id", sa.Integer(), nullable=False),
        sa.Column("run_id", sa.Integer(), nullable=True),
        sa.Column("channel", JSON, nullable=False),
        sa.Column("payload", JSON, nullable=False),
        sa.Column(
            "status",
            _enum("delivery_status", "pending", "sending", "delivered", "failed", "dead"),
            nullable=False,
        ),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("next_attempt_at", TIMESTAMP, nullable=False),
        sa.Column("lease_owner", sa.String(length=200), nullable=True),
        sa.Column("delivered_at", TIMESTAMP, nullable=True),
        sa.Column("last_error", sa.Text(), nullable=True),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.Column("updated_at", TIMESTAMP, nullable=False),
        sa.ForeignKeyConstraint(
            ["monitor_id"],
            ["monitors.id"],
            name=op.f("fk_deliveries_monitor_id_monitors"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["run_id"], ["runs.id"], name=op.f("fk_deliveries_run_id_runs"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_deliveries")),
        sa.UniqueConstraint("idempotency_key", name=op.f("uq_deliveries_idempotency_key")),
    )
    op.create_index(op.f("ix_deliveries_monitor_id"), "deliveries", ["monitor_id"])
    op.create_index(
        op.f("ix_deliveries_status_next_attempt_at"), "deliveries", ["status", "next_attempt_at"]
    )

    op.create_table(
        "state_versions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("monitor_id", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("state", JSON, nullable=False),
        sa.Column("volatility_hint", sa.Text(), nullable=True),
        sa.Column("evidence", JSON, nullable=False),
        sa.Column("fingerprints", JSON, nullable=False),
        sa.Column("run_id", sa.Integer(), nullable=True),
        sa.Column("created_at", TIMESTAMP, nullable=False),
        sa.ForeignKeyConstraint(
            ["monitor_id"],
            ["monitors.id"],
            name=op.f("fk_state_versions_monitor_id_monitors"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["run_id"], ["runs.id"], name=op.f("fk_state_versions_run_id_runs"), ondelete="SET NULL"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_state_versions")),
        sa.UniqueConstraint(
            "monitor_id", "version", name=op.f("uq_state_versions_monitor_id_version")
        ),
    )

    op.execute(
        "CREATE VIEW notifications AS SELECT id, monitor_id, run_id, idempotency_key, channel, "
        "payload, status, attempts, delivered_at, last_error, created_at FROM deliveries"
    )
    dialect = op.get_bind().dialect.name
    if dialect == "sqlite":
        op.execute(
            "CREATE TRIGGER monitors_original_query_immutable "
            "BEFORE UPDATE OF original_query ON monitors "
            "FOR EACH ROW WHEN NEW.original_query IS NOT OLD.original_query "
            "BEGIN SELECT RAISE(ABORT, 'monitors.original_query is immutable'); END"
        )
    elif dialect == "postgresql":
        op.execute(
            "CREATE FUNCTION sentinel_original_query_immutable() RETURNS trigger AS $$ "
            "BEGIN IF NEW.original_query IS DISTINCT FROM OLD.original_query THEN "
            "RAISE EXCEPTION 'monitors.original_query is immutable' "
            "USING ERRCODE = 'integrity_constraint_violation'; "
            "END IF; RETURN NEW; END $$ LANGUAGE plpgsql"
        )
        op.execute(
            "CREATE TRIGGER monitors_original_query_immutable "
            "BEFORE UPDATE OF original_query ON monitors "
            "FOR EACH ROW EXECUTE FUNCTION sentinel_original_query_immutable()"
        )
        _create_reader_role()


def _create_reader_role() -> None:
    """A role that may only SELECT the queryable tables and views (never the secrets).

    Roles are global to the PostgreSQL cluster, so the role is shared by every Sentinel
    database on it; grants are per object. A user without CREATEROLE keeps working without
    it: read-only queries then rely on the read-only transaction alone.
    """
    grants = "; ".join(f"GRANT SELECT ON {name} TO {READER_ROLE}" for name in QUERYABLE)
    op.execute(
        f"""
        DO $$
        BEGIN
            BEGIN
                CREATE ROLE {READER_ROLE} NOLOGIN;
            EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
            END;
            EXECUTE format('GRANT USAGE ON SCHEMA %I TO {READER_ROLE}', current_schema());
            {grants};
            EXECUTE format('GRANT {READER_ROLE} TO %I', current_user);
        EXCEPTION WHEN insufficient_privilege THEN
            RAISE NOTICE 'no {READER_ROLE} role: read-only queries use read-only transactions';
        END $$
        """
    )


def downgrade() -> None:
    """Drop everything ``upgrade`` created (the shared reader role stays)."""
    dialect = op.get_bind().dialect.name
    if dialect == "postgresql":
        op.execute("DROP TRIGGER monitors_original_query_immutable ON monitors")
        op.execute("DROP FUNCTION sentinel_original_query_immutable()")
    elif dialect == "sqlite":
        op.execute("DROP TRIGGER monitors_original_query_immutable")
    op.execute("DROP VIEW notifications")
    op.drop_table("state_versions")
    op.drop_index(op.f("ix_deliveries_status_next_attempt_at"), table_name="deliveries")
    op.drop_index(op.f("ix_deliveries_monitor_id"), table_name="deliveries")
    op.drop_table("deliveries")
    op.drop_index(op.f("ix_runs_status"), table_name="runs")
    op.drop_index(op.f("ix_runs_monitor_id_scheduled_at"), table_name="runs")
    op.drop_table("runs")
    op.drop_table("monitor_secrets")
    op.drop_index(op.f("ix_monitors_state_next_run_at"), table_name="monitors")
    op.drop_table("monitors")
