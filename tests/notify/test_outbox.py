"""Enqueueing notifications: one row per channel, keyed by (run, channel), in the run's
transaction."""

from __future__ import annotations

import pytest

from sentinel.notify import NotificationPayload, delivery_key, enqueue_notification
from sentinel.storage import Database
from tests.storage.helpers import T0, make_monitor

WEBHOOK = {"kind": "webhook", "url": "http://127.0.0.1:9/hook", "timeout_s": 10.0}
EMAIL = {"kind": "email", "to": ["alice@example.com"]}


def test_keys_are_stable_per_run_and_channel_and_distinct_otherwise() -> None:
    assert delivery_key(5, WEBHOOK) == delivery_key(5, dict(reversed(WEBHOOK.items())))
    assert delivery_key(5, WEBHOOK).startswith("run-5:")
    assert len({delivery_key(5, WEBHOOK), delivery_key(5, EMAIL), delivery_key(6, WEBHOOK)}) == 3
    assert delivery_key(None, WEBHOOK) != delivery_key(None, WEBHOOK)


class Crash(Exception):
    """Simulates a failure after the outbox rows were written."""


async def test_outbox_rows_commit_or_vanish_with_the_run(db: Database) -> None:
    monitor = await make_monitor(db)

    async def record_run(crash: bool) -> int:
        async with db.transaction() as tx:
            run = await tx.runs.start(monitor.id, scheduled_at=T0, started_at=T0)
            payload = NotificationPayload(
                monitor_id=monitor.id,
                monitor_name=monitor.name,
                run_id=run.id,
                title="t",
                message="m",
                created_at=T0,
            )
            rows = await enqueue_notification(tx, payload, [WEBHOOK, EMAIL], now=T0)
            assert [r.idempotency_key for r in rows] == [
                delivery_key(run.id, WEBHOOK),
                delivery_key(run.id, EMAIL),
            ]
            if crash:
                raise Crash
            return run.id

    with pytest.raises(Crash):
        await record_run(crash=True)
    async with db.transaction() as tx:
        assert await tx.outbox.find() == []
    run_id = await record_run(crash=False)
    async with db.transaction() as tx:
        rows = await tx.outbox.find(run_id=run_id)
    assert [row.channel for row in rows] == [WEBHOOK, EMAIL]
    assert all(row.payload["run_id"] == run_id for row in rows)
