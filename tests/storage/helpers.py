"""Small builders shared by the storage and notify tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from sentinel.storage import Database, MonitorRecord, NewMonitor, RunRecord, RunStatus

T0 = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


def at(seconds: float) -> datetime:
    """``T0`` plus ``seconds``."""
    return T0 + timedelta(seconds=seconds)


async def make_monitor(db: Database, name: str = "iphone", **fields: Any) -> MonitorRecord:
    """Create an active monitor due at ``T0`` in its own transaction."""
    fields.setdefault("original_query", "When is the iPhone 17 announced?")
    fields.setdefault("action_criteria", "an official announcement date exists")
    async with db.transaction() as tx:
        return await tx.monitors.create(NewMonitor(name=name, **fields), now=T0)


def run_record(
    status: RunStatus,
    *,
    at: datetime = T0,
    retry_count: int = 0,
    error_category: str | None = None,
    decision: dict[str, Any] | None = None,
    usage: dict[str, Any] | None = None,
) -> RunRecord:
    """A finished run record of monitor 1, for tests that read run histories."""
    return RunRecord(
        id=1,
        monitor_id=1,
        status=status,
        scheduled_at=at,
        started_at=at,
        finished_at=at,
        sensor_output=None,
        decision=decision,
        state_version=None,
        error_category=error_category,
        error_message=None,
        retry_count=retry_count,
        trace=[],
        usage=usage or {},
        raw_model_output=None,
    )
