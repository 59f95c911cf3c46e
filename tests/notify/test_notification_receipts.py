"""A monitor's notification leaves a decision receipt in the local user's chain, written in
the run's transaction: what was sensed, decided and sent (channel secrets only as digests)."""

from __future__ import annotations

import pytest

from sentinel.notify import NotificationPayload, enqueue_notification
from sentinel.owners import LOCAL_OWNER
from sentinel.receipts import ReceiptLedger, ReceiptPayload, digest
from sentinel.storage import Database, MonitorRecord
from tests.storage.helpers import T0, make_monitor

WEBHOOK = {"kind": "webhook", "url": "http://127.0.0.1:9/hook?token=s3cret"}


class Crash(Exception):
    """A failure after the notification was queued."""


async def notify(
    db: Database, monitor: MonitorRecord, *, crash: bool = False, run_id: int | None = None
) -> int:
    async with db.transaction() as tx:
        if run_id is None:
            run_id = (await tx.runs.start(monitor.id, scheduled_at=T0, started_at=T0)).id
        payload = NotificationPayload(
            monitor_id=monitor.id,
            monitor_name=monitor.name,
            run_id=run_id,
            title="iPhone 17 announced",
            message="Apple announced the iPhone 17 for 9 September.",
            facts={"announced": True, "date": "2026-09-09"},
            state_version=3,
            created_at=T0,
        )
        await enqueue_notification(tx, payload, [WEBHOOK], now=T0)
        if crash:
            raise Crash
    return run_id


async def test_a_notification_is_receipted_with_what_was_sensed_decided_and_sent(
    db: Database,
) -> None:
    run_id = await notify(db, await make_monitor(db))
    ledger = ReceiptLedger(db)
    [receipt] = await ledger.list(LOCAL_OWNER)
    payload = ReceiptPayload.model_validate(receipt.payload)
    assert (receipt.kind, payload.query) == ("notification", "iphone")
    assert payload.details["run_id"] == run_id
    assert payload.details["sensed"]["facts"] == {"announced": True, "date": "2026-09-09"}
    assert payload.details["decided"]["title"] == "iPhone 17 announced"
    assert payload.details["sent"] == [{"kind": "webhook", "spec_digest": digest(WEBHOOK)}]
    assert "s3cret" not in str(receipt.payload)
    assert (await ledger.verify(LOCAL_OWNER)).ok


async def test_a_crashed_run_leaves_no_receipt_and_a_replay_adds_none(db: Database) -> None:
    monitor = await make_monitor(db)
    with pytest.raises(Crash):
        await notify(db, monitor, crash=True)
    assert await ReceiptLedger(db).list(LOCAL_OWNER) == []
    run_id = await notify(db, monitor)
    await notify(db, monitor, run_id=run_id)  # the same run's notification queued again
    assert len(await ReceiptLedger(db).list(LOCAL_OWNER)) == 1
