"""Reading the database back in the engine tests."""

from __future__ import annotations

from sentinel.storage import Database, MonitorRecord, RunRecord


async def monitor_of(db: Database, monitor_id: int) -> MonitorRecord:
    """The monitor as stored now."""
    async with db.transaction() as tx:
        return await tx.monitors.get(monitor_id)


async def runs_of(db: Database, monitor_id: int) -> list[RunRecord]:
    """The monitor's runs, oldest first."""
    async with db.transaction() as tx:
        return list(reversed(await tx.runs.for_monitor(monitor_id, limit=500)))
