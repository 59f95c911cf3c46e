"""Small builders shared by the storage and notify tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from sentinel.storage import Database, MonitorRecord, NewMonitor

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
