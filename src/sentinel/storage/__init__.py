"""Sentinel's database layer: SQLAlchemy models, repositories and Alembic migrations.

SQLite (WAL) under ``SENTINEL_HOME`` by default, PostgreSQL through ``SENTINEL_DATABASE_URL``;
the same portable SQL runs on both. Repositories take and return plain values (JSON-able dicts,
frozen records) and take the current time from the caller, whose clock may be simulated.
"""

from sentinel.storage.api_keys import ApiKey, ApiKeyRepository
from sentinel.storage.database import Database, Transaction, open_database
from sentinel.storage.enums import (
    SKIPPED_STATUSES,
    DeliveryStatus,
    GovernorKind,
    MonitorState,
    NotifyBehavior,
    RunStatus,
)
from sentinel.storage.errors import (
    ConcurrentWrite,
    InvalidTransition,
    QueryFailed,
    ReadOnlyQueryError,
    RecordNotFound,
    StorageError,
    TransitionConflict,
)
from sentinel.storage.lifecycle import ALLOWED_TRANSITIONS
from sentinel.storage.migrate import upgrade_to_head
from sentinel.storage.monitor_fields import MonitorChanges, NewMonitor
from sentinel.storage.monitors import MonitorRepository
from sentinel.storage.outbox import NotificationState, OutboxRepository
from sentinel.storage.readonly import QueryResult
from sentinel.storage.records import (
    DeliveryRecord,
    MonitorRecord,
    RunRecord,
    StateVersionRecord,
)
from sentinel.storage.runs import RunEnding, RunRepository, RunSummary
from sentinel.storage.settings import StorageSettings, default_database_url
from sentinel.storage.states import StateVersionRepository

__all__ = [
    "ALLOWED_TRANSITIONS",
    "SKIPPED_STATUSES",
    "ApiKey",
    "ApiKeyRepository",
    "ConcurrentWrite",
    "Database",
    "DeliveryRecord",
    "DeliveryStatus",
    "GovernorKind",
    "InvalidTransition",
    "MonitorChanges",
    "MonitorRecord",
    "MonitorRepository",
    "MonitorState",
    "NewMonitor",
    "NotificationState",
    "NotifyBehavior",
    "OutboxRepository",
    "QueryFailed",
    "QueryResult",
    "ReadOnlyQueryError",
    "RecordNotFound",
    "RunEnding",
    "RunRecord",
    "RunRepository",
    "RunStatus",
    "RunSummary",
    "StateVersionRecord",
    "StateVersionRepository",
    "StorageError",
    "StorageSettings",
    "Transaction",
    "TransitionConflict",
    "default_database_url",
    "open_database",
    "upgrade_to_head",
]
