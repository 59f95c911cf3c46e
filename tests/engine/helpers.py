"""Reading the database back in the engine tests, and queueing a notification as a run does."""

from __future__ import annotations

from datetime import datetime

from sentinel.notify import NotificationPayload, enqueue_notification
from sentinel.storage import Database, MonitorRecord, RunRecord, Transaction


async def queue_notification(
    tx: Transaction, monitor_id: int, run_id: int, *, message: str, now: datetime
) -> None:
    """What a run that notifies does in its transaction: "It happened" queued for every
    channel of the monitor."""
    monitor = await tx.monitors.get(monitor_id)
    payload = NotificationPayload(
        monitor_id=monitor_id,
        monitor_name=monitor.name,
        run_id=run_id,
        title="It happened",
        message=message,
        created_at=now,
    )
    await enqueue_notification(tx, payload, monitor.channels, now=now)


async def monitor_of(db: Database, monitor_id: int) -> MonitorRecord:
    """The monitor as stored now."""
    async with db.transaction() as tx:
        return await tx.monitors.get(monitor_id)


async def runs_of(db: Database, monitor_id: int) -> list[RunRecord]:
    """The monitor's runs, oldest first."""
    async with db.transaction() as tx:
        return list(reversed(await tx.runs.for_monitor(monitor_id, limit=500)))
