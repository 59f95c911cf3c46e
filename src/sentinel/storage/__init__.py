"""Sentinel's database layer: SQLAlchemy models, repositories and Alembic migrations.

SQLite (WAL) under ``SENTINEL_HOME`` by default, PostgreSQL through ``SENTINEL_DATABASE_URL``;
the same portable SQL runs on both. Repositories take and return plain values (JSON-able dicts,
frozen records) and take the current time from the caller, whose clock may be simulated.
"""

from typing import TYPE_CHECKING

from sentinel.lazy import lazy_exports

if TYPE_CHECKING:
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
    from sentinel.storage.run_endings import LookEnding, RunEnding
    from sentinel.storage.run_history import RunSummary
    from sentinel.storage.runs import RunRepository
    from sentinel.storage.settings import StorageSettings, default_database_url
    from sentinel.storage.states import StateVersionRepository

# Exported lazily (module __getattr__): importing one submodule, e.g. for the CLI's start,
# does not load the whole package.
_EXPORTS: dict[str, str] = {
    "ApiKey": "sentinel.storage.api_keys",
    "ApiKeyRepository": "sentinel.storage.api_keys",
    "Database": "sentinel.storage.database",
    "Transaction": "sentinel.storage.database",
    "open_database": "sentinel.storage.database",
    "SKIPPED_STATUSES": "sentinel.storage.enums",
    "DeliveryStatus": "sentinel.storage.enums",
    "GovernorKind": "sentinel.storage.enums",
    "MonitorState": "sentinel.storage.enums",
    "NotifyBehavior": "sentinel.storage.enums",
    "RunStatus": "sentinel.storage.enums",
    "ConcurrentWrite": "sentinel.storage.errors",
    "InvalidTransition": "sentinel.storage.errors",
    "QueryFailed": "sentinel.storage.errors",
    "ReadOnlyQueryError": "sentinel.storage.errors",
    "RecordNotFound": "sentinel.storage.errors",
    "StorageError": "sentinel.storage.errors",
    "TransitionConflict": "sentinel.storage.errors",
    "ALLOWED_TRANSITIONS": "sentinel.storage.lifecycle",
    "upgrade_to_head": "sentinel.storage.migrate",
    "MonitorChanges": "sentinel.storage.monitor_fields",
    "NewMonitor": "sentinel.storage.monitor_fields",
    "MonitorRepository": "sentinel.storage.monitors",
    "NotificationState": "sentinel.storage.outbox",
    "OutboxRepository": "sentinel.storage.outbox",
    "QueryResult": "sentinel.storage.readonly",
    "DeliveryRecord": "sentinel.storage.records",
    "MonitorRecord": "sentinel.storage.records",
    "RunRecord": "sentinel.storage.records",
    "StateVersionRecord": "sentinel.storage.records",
    "LookEnding": "sentinel.storage.run_endings",
    "RunEnding": "sentinel.storage.run_endings",
    "RunSummary": "sentinel.storage.run_history",
    "RunRepository": "sentinel.storage.runs",
    "StorageSettings": "sentinel.storage.settings",
    "default_database_url": "sentinel.storage.settings",
    "StateVersionRepository": "sentinel.storage.states",
}


__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)


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
    "LookEnding",
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
