"""Immutable snapshots of rows, returned by the repositories.

Repositories hand out these detached values rather than ORM objects: they stay valid after the
transaction ends and cannot be mutated by accident in the belief that it writes to the database.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sentinel.storage.enums import (
    DeliveryStatus,
    GovernorKind,
    MonitorState,
    NotifyBehavior,
    RunStatus,
)
from sentinel.storage.models import Delivery, Monitor, Run, StateVersion
from sentinel.storage.types import as_utc


@dataclass(frozen=True, slots=True)
class MonitorRecord:
    """A monitor as stored."""

    id: int
    name: str
    original_query: str
    current_query: str
    action_criteria: str
    notify_behavior: NotifyBehavior
    channels: list[dict[str, Any]]
    state: MonitorState
    next_run_at: datetime | None
    last_run_at: datetime | None
    run_count: int
    consecutive_failures: int
    min_interval_s: int
    max_interval_s: int
    governor_kind: GovernorKind
    governor_rules: str | None
    context: dict[str, Any]
    lease_owner: str | None
    lease_expires_at: datetime | None
    created_at: datetime
    updated_at: datetime

    @classmethod
    def of(cls, row: Monitor) -> MonitorRecord:
        """Snapshot an ORM row."""
        return cls(
            id=row.id,
            name=row.name,
            original_query=row.original_query,
            current_query=row.current_query,
            action_criteria=row.action_criteria,
            notify_behavior=NotifyBehavior(row.notify_behavior),
            channels=list(row.channels),
            state=MonitorState(row.state),
            next_run_at=as_utc(row.next_run_at),
            last_run_at=as_utc(row.last_run_at),
            run_count=row.run_count,
            consecutive_failures=row.consecutive_failures,
            min_interval_s=row.min_interval_s,
            max_interval_s=row.max_interval_s,
            governor_kind=GovernorKind(row.governor_kind),
            governor_rules=row.governor_rules,
            context=dict(row.context),
            lease_owner=row.lease_owner,
            lease_expires_at=as_utc(row.lease_expires_at),
            created_at=as_utc(row.created_at),
            updated_at=as_utc(row.updated_at),
        )


@dataclass(frozen=True, slots=True)
class StateVersionRecord:
    """One sensed state, numbered 1, 2, 3… per monitor."""

    id: int
    monitor_id: int
    version: int
    state: Any
    volatility_hint: str | None
    evidence: list[dict[str, Any]]
    fingerprints: dict[str, Any]
    run_id: int | None
    created_at: datetime

    @classmethod
    def of(cls, row: StateVersion) -> StateVersionRecord:
        """Snapshot an ORM row."""
        return cls(
            id=row.id,
            monitor_id=row.monitor_id,
            version=row.version,
            state=row.state,
            volatility_hint=row.volatility_hint,
            evidence=list(row.evidence),
            fingerprints=dict(row.fingerprints),
            run_id=row.run_id,
            created_at=as_utc(row.created_at),
        )


@dataclass(frozen=True, slots=True)
class RunRecord:
    """One run of a monitor, with its outcome once finished."""

    id: int
    monitor_id: int
    status: RunStatus
    scheduled_at: datetime
    started_at: datetime | None
    finished_at: datetime | None
    sensor_output: dict[str, Any] | None
    decision: dict[str, Any] | None
    state_version: int | None
    error_category: str | None
    error_message: str | None
    retry_count: int
    trace: list[dict[str, Any]]
    usage: dict[str, Any]
    raw_model_output: str | None

    @classmethod
    def of(cls, row: Run) -> RunRecord:
        """Snapshot an ORM row."""
        return cls(
            id=row.id,
            monitor_id=row.monitor_id,
            status=RunStatus(row.status),
            scheduled_at=as_utc(row.scheduled_at),
            started_at=as_utc(row.started_at),
            finished_at=as_utc(row.finished_at),
            sensor_output=row.sensor_output,
            decision=row.decision,
            state_version=row.state_version,
            error_category=row.error_category,
            error_message=row.error_message,
            retry_count=row.retry_count,
            trace=list(row.trace),
            usage=dict(row.usage),
            raw_model_output=row.raw_model_output,
        )


@dataclass(frozen=True, slots=True)
class DeliveryRecord:
    """One outbox delivery (a notification to one channel)."""

    id: int
    idempotency_key: str
    monitor_id: int
    run_id: int | None
    channel: dict[str, Any]
    payload: dict[str, Any]
    status: DeliveryStatus
    attempts: int
    next_attempt_at: datetime
    lease_owner: str | None
    delivered_at: datetime | None
    last_error: str | None
    created_at: datetime
    updated_at: datetime

    @classmethod
    def of(cls, row: Delivery) -> DeliveryRecord:
        """Snapshot an ORM row."""
        return cls(
            id=row.id,
            idempotency_key=row.idempotency_key,
            monitor_id=row.monitor_id,
            run_id=row.run_id,
            channel=dict(row.channel),
            payload=dict(row.payload),
            status=DeliveryStatus(row.status),
            attempts=row.attempts,
            next_attempt_at=as_utc(row.next_attempt_at),
            lease_owner=row.lease_owner,
            delivered_at=as_utc(row.delivered_at),
            last_error=row.last_error,
            created_at=as_utc(row.created_at),
            updated_at=as_utc(row.updated_at),
        )
