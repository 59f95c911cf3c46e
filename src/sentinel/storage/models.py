"""SQLAlchemy models of the monitor tables; the Alembic migrations create exactly this schema.

Times are written by the repositories from an injected clock (never by the database), so a
simulated world can run months of monitoring in seconds.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any, ClassVar

from sqlalchemy import (
    CheckConstraint,
    Enum,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from sentinel.storage.enums import (
    DeliveryStatus,
    GovernorKind,
    MonitorState,
    NotifyBehavior,
    RunStatus,
)
from sentinel.storage.types import JSONDocument, UTCDateTime

# Explicit constraint names keep migrations identical on SQLite and PostgreSQL.
NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

# A table option of every table with a user-visible id: SQLite then never gives a deleted
# row's id to a new one (migration 0008; PostgreSQL's sequences never do).
NEVER_REUSE_IDS: dict[str, Any] = {"sqlite_autoincrement": True}

# Which monitors the partial indexes hold: the claimable queue, and the leased few.
DUE_WHERE = "state = 'active' AND lease_expires_at IS NULL"
LEASED_WHERE = "lease_expires_at IS NOT NULL"


def enum_column(cls: type[StrEnum], name: str) -> Enum:
    """A portable enum column: VARCHAR plus a CHECK constraint holding the string values."""
    return Enum(
        cls,
        name=name,
        native_enum=False,
        create_constraint=True,
        length=32,
        values_callable=lambda members: [member.value for member in members],
        validate_strings=True,
    )


class Base(DeclarativeBase):
    """Declarative base of every Sentinel table."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map: ClassVar[dict[Any, Any]] = {
        datetime: UTCDateTime(),
        dict[str, Any]: JSONDocument,
    }


class Monitor(Base):
    """A standing question about the world, its schedule and its lease."""

    __tablename__ = "monitors"
    __table_args__ = (
        CheckConstraint(
            "min_interval_s > 0 AND max_interval_s >= min_interval_s", name="interval_bounds"
        ),
        # The hot path's partial indexes (migration 0005; see sentinel.storage.monitor_schedule).
        Index(
            "ix_monitors_due",
            "next_run_at",
            "id",
            sqlite_where=text(DUE_WHERE),
            postgresql_where=text(DUE_WHERE),
        ),
        Index(
            "ix_monitors_leased",
            "lease_expires_at",
            sqlite_where=text(LEASED_WHERE),
            postgresql_where=text(LEASED_WHERE),
        ),
        # Names are unique per owner (migration 0010): two users may both have "prices".
        UniqueConstraint("owner", "name"),
        NEVER_REUSE_IDS,
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    # Whose monitor (an API key's owner, or the local user; see ``sentinel.owners``): its
    # runs, states and deliveries are that owner's too.
    owner: Mapped[str] = mapped_column(String(200), server_default=text("'local'"))
    name: Mapped[str] = mapped_column(String(200))
    # The mission: a database trigger refuses any change to it.
    original_query: Mapped[str] = mapped_column(Text)
    current_query: Mapped[str] = mapped_column(Text)
    action_criteria: Mapped[str] = mapped_column(Text)
    notify_behavior: Mapped[NotifyBehavior] = mapped_column(
        enum_column(NotifyBehavior, "notify_behavior")
    )
    channels: Mapped[list[dict[str, Any]]] = mapped_column(JSONDocument)
    state: Mapped[MonitorState] = mapped_column(enum_column(MonitorState, "monitor_state"))
    next_run_at: Mapped[datetime | None]
    last_run_at: Mapped[datetime | None]
    run_count: Mapped[int] = mapped_column(Integer)
    consecutive_failures: Mapped[int] = mapped_column(Integer)
    min_interval_s: Mapped[int] = mapped_column(Integer)
    max_interval_s: Mapped[int] = mapped_column(Integer)
    governor_kind: Mapped[GovernorKind] = mapped_column(enum_column(GovernorKind, "governor_kind"))
    governor_rules: Mapped[str | None] = mapped_column(Text)
    context: Mapped[dict[str, Any]]
    # The pages the monitor reads on every run (migration 0006), and the state's declared
    # fields ({"name", "type"} objects): validated by sentinel.monitor.models.MonitorSpec.
    urls: Mapped[list[str]] = mapped_column(JSONDocument, server_default=text("'[]'"))
    fields: Mapped[list[dict[str, Any]]] = mapped_column(JSONDocument, server_default=text("'[]'"))
    # The sentence compiled into subject, typed fields and a CEL condition (migration 0013;
    # sentinel.monitor.contract), or null: then the governor decides as before.
    contract: Mapped[dict[str, Any] | None] = mapped_column(JSONDocument, nullable=True)
    lease_owner: Mapped[str | None] = mapped_column(String(200))
    lease_expires_at: Mapped[datetime | None]
    created_at: Mapped[datetime]
    updated_at: Mapped[datetime]


class MonitorSecret(Base):
    """The per-monitor webhook signing secret, apart so read-only SQL can be denied it."""

    __tablename__ = "monitor_secrets"

    monitor_id: Mapped[int] = mapped_column(
        ForeignKey("monitors.id", ondelete="CASCADE"), primary_key=True
    )
    signing_secret: Mapped[str] = mapped_column(String(128))
    created_at: Mapped[datetime]


class Run(Base):
    """One iteration of a monitor: sense, persist, govern, act."""

    __tablename__ = "runs"
    __table_args__ = (
        Index(None, "monitor_id", "scheduled_at"),
        Index(None, "monitor_id", "id"),
        # Retention walks finished runs oldest first (migration 0012, sentinel.storage.retention).
        Index(None, "finished_at"),
        NEVER_REUSE_IDS,
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    monitor_id: Mapped[int] = mapped_column(ForeignKey("monitors.id", ondelete="CASCADE"))
    status: Mapped[RunStatus] = mapped_column(enum_column(RunStatus, "run_status"))
    scheduled_at: Mapped[datetime]
    started_at: Mapped[datetime | None]
    finished_at: Mapped[datetime | None]
    sensor_output: Mapped[dict[str, Any] | None]
    decision: Mapped[dict[str, Any] | None]
    state_version: Mapped[int | None] = mapped_column(Integer)
    error_category: Mapped[str | None] = mapped_column(String(64))
    error_message: Mapped[str | None] = mapped_column(Text)
    retry_count: Mapped[int] = mapped_column(Integer)
    trace: Mapped[list[dict[str, Any]]] = mapped_column(JSONDocument)
    usage: Mapped[dict[str, Any]]
    raw_model_output: Mapped[str | None] = mapped_column(Text)


class StateVersion(Base):
    """One structured state as sensed: the asset, every version kept."""

    __tablename__ = "state_versions"
    __table_args__ = (
        UniqueConstraint("monitor_id", "version"),
        Index(None, "run_id"),
        NEVER_REUSE_IDS,
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    monitor_id: Mapped[int] = mapped_column(ForeignKey("monitors.id", ondelete="CASCADE"))
    version: Mapped[int] = mapped_column(Integer)
    state: Mapped[Any] = mapped_column(JSONDocument)
    volatility_hint: Mapped[str | None] = mapped_column(Text)
    evidence: Mapped[list[dict[str, Any]]] = mapped_column(JSONDocument)
    fingerprints: Mapped[dict[str, Any]]
    run_id: Mapped[int | None] = mapped_column(ForeignKey("runs.id", ondelete="SET NULL"))
    created_at: Mapped[datetime]


class Delivery(Base):
    """An outbox row: one notification to one channel, delivered at least once.

    While a worker holds a delivery (``sending``), ``next_attempt_at`` is the end of its lease:
    a worker that dies mid-send leaves the row claimable again at that time, and one index
    (status, next_attempt_at) serves both new and abandoned deliveries.
    """

    __tablename__ = "deliveries"
    __table_args__ = (
        Index(None, "status", "next_attempt_at"),
        Index(None, "monitor_id"),
        Index(None, "run_id"),
        NEVER_REUSE_IDS,
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    idempotency_key: Mapped[str] = mapped_column(String(200), unique=True)
    monitor_id: Mapped[int] = mapped_column(ForeignKey("monitors.id", ondelete="CASCADE"))
    run_id: Mapped[int | None] = mapped_column(ForeignKey("runs.id", ondelete="CASCADE"))
    channel: Mapped[dict[str, Any]]
    payload: Mapped[dict[str, Any]]
    status: Mapped[DeliveryStatus] = mapped_column(enum_column(DeliveryStatus, "delivery_status"))
    attempts: Mapped[int] = mapped_column(Integer)
    next_attempt_at: Mapped[datetime]
    lease_owner: Mapped[str | None] = mapped_column(String(200))
    delivered_at: Mapped[datetime | None]
    last_error: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime]
    updated_at: Mapped[datetime]


class RetentionMark(Base):
    """How far a retention pass got (migration 0012): the last run it handled, by
    ``(finished_at, run_id)``, so the next pass starts there instead of rereading old rows."""

    __tablename__ = "retention_marks"

    name: Mapped[str] = mapped_column(String(64), primary_key=True)
    finished_at: Mapped[datetime]
    run_id: Mapped[int] = mapped_column(Integer)
