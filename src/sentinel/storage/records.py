"""Immutable snapshots of rows, returned by the repositories.

Repositories hand out these detached values rather than ORM objects: they stay valid after the
transaction ends and cannot be mutated by accident in the belief that it writes to the database.
Each is built by :meth:`Snapshot.of` from the row's columns of the same names, through the
class's ``CONVERTERS`` (see :mod:`sentinel.storage.snapshot`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, ClassVar

from sentinel.owners import LOCAL_OWNER
from sentinel.storage.enums import (
    DeliveryStatus,
    GovernorKind,
    MonitorState,
    NotifyBehavior,
    RunStatus,
)
from sentinel.storage.models import Delivery, Monitor, Run, StateVersion
from sentinel.storage.snapshot import Converters, Snapshot, utc


def _list_or_empty(value: list[Any] | None) -> list[Any]:
    return list(value or [])


@dataclass(frozen=True, slots=True)
class MonitorRecord(Snapshot[Monitor]):
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
    # The pages read on every run, and the state's declared fields (see Monitor.urls).
    urls: list[str] = field(default_factory=list)
    fields: list[dict[str, Any]] = field(default_factory=list)
    # Whose monitor (see ``sentinel.owners``).
    owner: str = LOCAL_OWNER
    # The sentence compiled into subject, fields and condition (``sentinel.monitor.contract``),
    # or None: the governor decides as before.
    contract: dict[str, Any] | None = None

    CONVERTERS: ClassVar[Converters] = {
        "notify_behavior": NotifyBehavior,
        "channels": list,
        # A row built in Python and not yet flushed has no server default applied.
        "urls": _list_or_empty,
        "fields": _list_or_empty,
        "state": MonitorState,
        "governor_kind": GovernorKind,
        "context": dict,
        **utc("next_run_at", "last_run_at", "lease_expires_at", "created_at", "updated_at"),
    }


@dataclass(frozen=True, slots=True)
class StateVersionRecord(Snapshot[StateVersion]):
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

    CONVERTERS: ClassVar[Converters] = {"evidence": list, "fingerprints": dict, **utc("created_at")}


@dataclass(frozen=True, slots=True)
class RunRecord(Snapshot[Run]):
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

    CONVERTERS: ClassVar[Converters] = {
        "status": RunStatus,
        "trace": list,
        "usage": dict,
        **utc("scheduled_at", "started_at", "finished_at"),
    }


@dataclass(frozen=True, slots=True)
class DeliveryRecord(Snapshot[Delivery]):
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

    CONVERTERS: ClassVar[Converters] = {
        "channel": dict,
        "payload": dict,
        "status": DeliveryStatus,
        **utc("next_attempt_at", "delivered_at", "created_at", "updated_at"),
    }
