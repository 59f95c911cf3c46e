"""OutboxRepository: idempotent enqueue, leased claims, settlement guarded by the lease."""

from __future__ import annotations

import asyncio

import pytest

from sentinel.errors import InvalidInput
from sentinel.storage import Database, DeliveryRecord, DeliveryStatus, NotificationState
from tests.storage.helpers import T0, at, make_monitor

CHANNEL = {"kind": "webhook", "url": "http://127.0.0.1:9/hook"}


async def enqueue(db: Database, key: str, monitor_id: int) -> DeliveryRecord:
    async with db.transaction() as tx:
        return await tx.outbox.enqueue(
            monitor_id=monitor_id,
            run_id=None,
            channel=CHANNEL,
            payload={"title": key},
            idempotency_key=key,
            now=T0,
        )


async def test_enqueueing_the_same_key_twice_keeps_one_delivery(db: Database) -> None:
    monitor = await make_monitor(db)
    first = await enqueue(db, "run-1:abc", monitor.id)
    second = await enqueue(db, "run-1:abc", monitor.id)
    assert first == second
    assert (first.status, first.attempts, first.next_attempt_at) == (DeliveryStatus.PENDING, 0, T0)
    async with db.transaction() as tx:
        assert len(await tx.outbox.find(monitor_id=monitor.id)) == 1


async def test_an_empty_or_oversized_key_is_refused(db: Database) -> None:
    monitor = await make_monitor(db)
    for key in ("", "k" * 201):
        with pytest.raises(InvalidInput, match="idempotency_key"):
            await enqueue(db, key, monitor.id)


async def test_a_claimed_delivery_is_invisible_until_its_lease_ends(db: Database) -> None:
    monitor = await make_monitor(db)
    delivery = await enqueue(db, "k1", monitor.id)
    async with db.transaction() as tx:
        [claimed] = await tx.outbox.claim(at(1), "worker-1", 30, 10)
        assert (claimed.status, claimed.attempts, claimed.lease_owner) == (
            DeliveryStatus.SENDING,
            1,
            "worker-1",
        )
        assert await tx.outbox.claim(at(30), "worker-2", 30, 10) == []
        assert await tx.outbox.earliest_next_attempt_at() == at(31)
    async with db.transaction() as tx:
        [reclaimed] = await tx.outbox.claim(at(31), "worker-2", 30, 10)
        assert (reclaimed.id, reclaimed.attempts) == (delivery.id, 2)
        # The first worker lost its lease: it can no longer settle the delivery.
        assert not await tx.outbox.mark_delivered(delivery.id, "worker-1", now=at(32))
        assert await tx.outbox.mark_delivered(delivery.id, "worker-2", now=at(33))
        done = await tx.outbox.get(delivery.id)
        assert await tx.outbox.earliest_next_attempt_at() is None
    assert (done.status, done.delivered_at, done.lease_owner) == (
        DeliveryStatus.DELIVERED,
        at(33),
        None,
    )


async def test_retry_failed_and_dead_are_recorded_with_the_last_error(db: Database) -> None:
    monitor = await make_monitor(db)
    retried, refused, exhausted = [await enqueue(db, k, monitor.id) for k in ("r", "f", "d")]
    async with db.transaction() as tx:
        await tx.outbox.claim(T0, "w", 30, 10)
        assert await tx.outbox.mark_retry(
            retried.id, "w", now=at(1), error="HTTP 503", next_attempt_at=at(60)
        )
        assert await tx.outbox.mark_failed(refused.id, "w", now=at(1), error="HTTP 410")
        assert await tx.outbox.mark_dead(exhausted.id, "w", now=at(1), error="timeout")
        states = {d.idempotency_key: d for d in await tx.outbox.find()}
        assert await tx.outbox.claim(at(59), "w", 30, 10) == []
        assert [d.id for d in await tx.outbox.claim(at(60), "w", 30, 10)] == [retried.id]
    assert (states["r"].status, states["r"].next_attempt_at) == (DeliveryStatus.PENDING, at(60))
    assert (states["f"].status, states["f"].last_error) == (DeliveryStatus.FAILED, "HTTP 410")
    assert (states["d"].status, states["d"].last_error) == (DeliveryStatus.DEAD, "timeout")


async def test_concurrent_workers_never_claim_the_same_delivery(db: Database) -> None:
    monitor = await make_monitor(db)
    for n in range(20):
        await enqueue(db, f"k{n}", monitor.id)

    async def worker(owner: str) -> list[int]:
        taken: list[int] = []
        for _ in range(5):
            async with db.transaction() as tx:
                batch = await tx.outbox.claim(at(1), owner, 60, 3)
            assert len(batch) <= 3
            taken.extend(d.id for d in batch)
            await asyncio.sleep(0)
        return taken

    results = await asyncio.gather(*(worker(f"w{n}") for n in range(4)))
    claims = [delivery_id for taken in results for delivery_id in taken]
    assert len(claims) == len(set(claims)) == 20


async def test_the_latest_notification_is_the_newest_runs_deliveries_by_status(
    db: Database,
) -> None:
    monitor, quiet = await make_monitor(db), await make_monitor(db, "quiet")
    async with db.transaction() as tx:
        old = await tx.runs.start(monitor.id, scheduled_at=T0, started_at=T0)
        new = await tx.runs.start(monitor.id, scheduled_at=at(1), started_at=at(1))
        for run_id, channel in ((old.id, "a"), (new.id, "a"), (new.id, "b"), (new.id, "c")):
            await tx.outbox.enqueue(
                monitor_id=monitor.id,
                run_id=run_id,
                channel={"kind": "webhook", "url": f"http://{channel}.test/"},
                payload={},
                idempotency_key=f"run-{run_id}:{channel}",
                now=T0,
            )
    async with db.transaction() as tx:
        claimed = await tx.outbox.claim(at(2), "w", 30, 10)
        sent = {d.idempotency_key: d.id for d in claimed}
        await tx.outbox.mark_delivered(sent[f"run-{old.id}:a"], "w", now=at(2))
        await tx.outbox.mark_delivered(sent[f"run-{new.id}:a"], "w", now=at(2))
        await tx.outbox.mark_failed(sent[f"run-{new.id}:b"], "w", now=at(2), error="HTTP 410")
        states = await tx.outbox.latest_notifications([monitor.id, quiet.id])
    assert list(states) == [monitor.id], "a monitor that never notified has no entry"
    state = states[monitor.id]
    assert state.run_id == new.id
    assert state.summary == "pending", "channel c is still being sent"
    assert state.as_json()["deliveries"] == {"delivered": 1, "failed": 1, "sending": 1}
    async with db.transaction() as tx:
        await tx.outbox.mark_dead(sent[f"run-{new.id}:c"], "w", now=at(3), error="gave up")
        state = (await tx.outbox.latest_notifications([monitor.id]))[monitor.id]
    assert state.summary == "2 of 3 failed"


@pytest.mark.parametrize(
    ("counts", "summary"),
    [
        ({DeliveryStatus.DELIVERED: 2}, "delivered"),
        ({DeliveryStatus.DELIVERED: 1, DeliveryStatus.PENDING: 1}, "pending"),
        ({DeliveryStatus.FAILED: 1, DeliveryStatus.DEAD: 1}, "failed"),
        ({DeliveryStatus.DELIVERED: 1, DeliveryStatus.DEAD: 1}, "1 of 2 failed"),
    ],
)
def test_a_notification_is_delivered_only_when_every_channel_took_it(
    counts: dict[DeliveryStatus, int], summary: str
) -> None:
    assert NotificationState(1, 1, counts).summary == summary
