"""The delivery worker on both backends: delivery, backoff, dead letters, crashes, the loop."""

from __future__ import annotations

import asyncio
import logging
import random
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy.exc import OperationalError

from sentinel.clock import SystemClock, VirtualClock
from sentinel.notify import (
    Channel,
    DeliveryPolicy,
    DeliveryRequest,
    DeliveryWorker,
    DrainReport,
    NotificationPayload,
    enqueue_notification,
)
from sentinel.notify.channels.webhook import WebhookChannel
from sentinel.pacing import Backoff
from sentinel.storage import Database, DeliveryRecord, DeliveryStatus, MonitorRecord
from sentinel.web.outbound import resolving_with
from tests.notify.receiver import LoopbackReceiver
from tests.storage.helpers import T0, make_monitor
from tests.web.test_guard import resolver_for

pytestmark = pytest.mark.network
LEASE_S = 60.0


async def notify(
    db: Database, monitor: MonitorRecord, channels: list[dict[str, Any]], count: int = 1
) -> list[DeliveryRecord]:
    """Record ``count`` runs that each notify ``channels``, committed like the engine does."""
    rows: list[DeliveryRecord] = []
    for _ in range(count):
        async with db.transaction() as tx:
            run = await tx.runs.start(monitor.id, scheduled_at=T0, started_at=T0)
            payload = NotificationPayload(
                monitor_id=monitor.id,
                monitor_name=monitor.name,
                run_id=run.id,
                title="Price dropped",
                message=f"The price is now 89 USD (run {run.id}).",
                created_at=T0,
            )
            rows.extend(await enqueue_notification(tx, payload, channels, now=T0))
    return rows


async def secret_of(db: Database, monitor: MonitorRecord) -> str:
    async with db.transaction() as tx:
        return await tx.monitors.signing_secret(monitor.id)


async def delivery(db: Database, delivery_id: int) -> DeliveryRecord:
    async with db.transaction() as tx:
        return await tx.outbox.get(delivery_id)


def worker_for(
    db: Database, clock: VirtualClock | SystemClock, channel: Channel, **options: Any
) -> DeliveryWorker:
    options.setdefault("lease_s", LEASE_S)
    options.setdefault("rng", random.Random(3))
    return DeliveryWorker(db, {"webhook": channel}, clock, **options)


def advance(clock: VirtualClock, receiver: LoopbackReceiver, seconds: float) -> None:
    clock.advance(timedelta(seconds=seconds))
    receiver.now = clock.now()


class Stall:
    """A channel that stops forever, before or after really sending: a worker about to die."""

    kind = "webhook"

    def __init__(self, inner: WebhookChannel, send_first: bool) -> None:
        self.inner = inner
        self.send_first = send_first
        self.reached = asyncio.Event()

    async def send(self, request: DeliveryRequest) -> None:
        if self.send_first:
            await self.inner.send(request)
        self.reached.set()
        await asyncio.Event().wait()


async def test_drain_delivers_every_due_notification_signed(db: Database) -> None:
    clock = VirtualClock(T0)
    with LoopbackReceiver(now=T0) as receiver:
        monitor = await make_monitor(db, channels=[{"kind": "webhook", "url": receiver.url}])
        receiver.secret = await secret_of(db, monitor)
        rows = await notify(db, monitor, monitor.channels, count=3)
        channel = WebhookChannel(clock)
        try:
            report = await worker_for(db, clock, channel).drain()
        finally:
            await channel.aclose()
    assert (report.delivered, report.attempted) == (3, 3)
    assert [r.verdict for r in receiver.requests] == ["processed"] * 3
    assert set(receiver.processed) == {row.idempotency_key for row in rows}
    for row in rows:
        done = await delivery(db, row.id)
        assert (done.status, done.attempts, done.delivered_at) == (DeliveryStatus.DELIVERED, 1, T0)


async def test_a_retry_after_the_secret_was_rotated_is_signed_with_the_new_secret(
    db: Database,
) -> None:
    clock = VirtualClock(T0)
    with LoopbackReceiver(now=T0) as receiver:
        receiver.answer(503)  # the first attempt fails: the delivery waits for its retry
        monitor = await make_monitor(db, channels=[{"kind": "webhook", "url": receiver.url}])
        old = receiver.secret = await secret_of(db, monitor)
        [row] = await notify(db, monitor, monitor.channels)
        channel = WebhookChannel(clock)
        worker = worker_for(db, clock, channel)
        try:
            assert (await worker.drain()).retried == 1
            async with db.transaction() as tx:
                new = await tx.monitors.rotate_signing_secret(monitor.id, now=clock.now())
            receiver.secret = new
            advance(clock, receiver, 3600)
            report = await worker.drain()
        finally:
            await channel.aclose()
    assert report.delivered == 1
    # Each attempt verified with the secret of its time: the retry with the new one.
    assert [r.verdict for r in receiver.requests] == ["answered 503", "processed"]
    retried = receiver.requests[1]
    assert new != old
    assert retried.headers["Idempotency-Key"] == row.idempotency_key
    assert (await delivery(db, row.id)).status is DeliveryStatus.DELIVERED


async def test_transient_failures_back_off_exponentially_then_go_dead(db: Database) -> None:
    clock = VirtualClock(T0)
    policy = DeliveryPolicy(max_attempts=3, backoff=Backoff(base_s=10, cap_s=1000))
    with LoopbackReceiver(now=T0) as receiver:
        receiver.answer(500, 500, 500)
        monitor = await make_monitor(db, channels=[{"kind": "webhook", "url": receiver.url}])
        [row] = await notify(db, monitor, monitor.channels)
        channel = WebhookChannel(clock)
        worker = worker_for(db, clock, channel, policy=policy)
        try:
            waits = []
            for _ in range(2):
                assert (await worker.drain()).retried == 1
                pending = await delivery(db, row.id)
                assert pending.status is DeliveryStatus.PENDING
                wait = (pending.next_attempt_at - clock.now()).total_seconds()
                waits.append(wait)
                assert (await worker.drain()).attempted == 0, "not due before its backoff"
                advance(clock, receiver, wait)
            report = await worker.drain()
        finally:
            await channel.aclose()
    assert 5 <= waits[0] <= 10
    assert 10 <= waits[1] <= 20
    assert report.dead == 1
    dead = await delivery(db, row.id)
    assert (dead.status, dead.attempts) == (DeliveryStatus.DEAD, 3)
    assert dead.last_error is not None
    assert dead.last_error.startswith("gave up after 3 attempts")
    assert "HTTP 500" in dead.last_error
    assert len(receiver.requests) == 3


async def test_a_recovering_receiver_gets_the_notification_on_retry(db: Database) -> None:
    clock = VirtualClock(T0)
    with LoopbackReceiver(now=T0) as receiver:
        receiver.answer(503)  # with Retry-After: 120
        monitor = await make_monitor(db, channels=[{"kind": "webhook", "url": receiver.url}])
        [row] = await notify(db, monitor, monitor.channels)
        channel = WebhookChannel(clock)
        worker = worker_for(db, clock, channel)
        try:
            await worker.drain()
            retry = await delivery(db, row.id)
            assert retry.next_attempt_at - T0 >= timedelta(seconds=120)
            assert retry.last_error is not None
            assert "HTTP 503" in retry.last_error
            advance(clock, receiver, (retry.next_attempt_at - T0).total_seconds())
            assert (await worker.drain()).delivered == 1
        finally:
            await channel.aclose()
    done = await delivery(db, row.id)
    assert (done.status, done.attempts, done.last_error) == (DeliveryStatus.DELIVERED, 2, None)


async def test_a_permanent_refusal_is_not_retried(db: Database) -> None:
    clock = VirtualClock(T0)
    with LoopbackReceiver(now=T0) as receiver:
        receiver.answer(410)
        receiver.reply = b"internal-admin: the root password is hunter2"
        monitor = await make_monitor(db, channels=[{"kind": "webhook", "url": receiver.url}])
        [row] = await notify(db, monitor, monitor.channels)
        channel = WebhookChannel(clock)
        try:
            report = await worker_for(db, clock, channel).drain()
        finally:
            await channel.aclose()
    failed = await delivery(db, row.id)
    assert (report.failed, failed.status, failed.attempts) == (1, DeliveryStatus.FAILED, 1)
    # The status and a fixed message: never what the receiver answered.
    assert failed.last_error == f"webhook: {receiver.url} answered HTTP 410"


async def test_a_channel_the_worker_lacks_fails_the_delivery_clearly(db: Database) -> None:
    clock = VirtualClock(T0)
    monitor = await make_monitor(db)
    [row] = await notify(db, monitor, [{"kind": "email", "to": ["alice@example.com"]}])
    channel = WebhookChannel(clock)
    try:
        report = await worker_for(db, clock, channel).drain()
    finally:
        await channel.aclose()
    failed = await delivery(db, row.id)
    assert (report.failed, failed.status) == (1, DeliveryStatus.FAILED)
    assert (
        failed.last_error
        == "email: no email channel configured in this worker (available: webhook)"
    )


@pytest.mark.parametrize("crash", ["before sending", "after sending, before marking"])
async def test_a_worker_crash_neither_loses_nor_duplicates_a_notification(
    db: Database, crash: str
) -> None:
    clock = VirtualClock(T0)
    with LoopbackReceiver(now=T0) as receiver:
        monitor = await make_monitor(db, channels=[{"kind": "webhook", "url": receiver.url}])
        receiver.secret = await secret_of(db, monitor)
        [row] = await notify(db, monitor, monitor.channels)
        channel = WebhookChannel(clock)
        try:
            stall = Stall(channel, send_first=crash.startswith("after"))
            doomed = asyncio.ensure_future(worker_for(db, clock, stall, owner="doomed").drain())
            await asyncio.wait_for(stall.reached.wait(), timeout=10)
            doomed.cancel()  # the process dies: nothing after this point runs
            await asyncio.gather(doomed, return_exceptions=True)

            successor = worker_for(db, clock, channel, owner="successor")
            assert (await successor.drain()).attempted == 0, "the lease still protects it"
            advance(clock, receiver, LEASE_S)
            assert (await successor.drain()).delivered == 1
            assert (await successor.drain()).attempted == 0
        finally:
            await channel.aclose()
    done = await delivery(db, row.id)
    assert (done.status, done.attempts) == (DeliveryStatus.DELIVERED, 2)
    assert list(receiver.processed) == [row.idempotency_key], "processed exactly once"
    verdicts = [r.verdict for r in receiver.requests]
    if crash == "before sending":
        assert verdicts == ["processed"]
    else:
        assert verdicts == ["processed", "duplicate"]
        assert {r.headers["Idempotency-Key"] for r in receiver.requests} == {row.idempotency_key}


async def test_two_workers_draining_together_send_each_notification_once(db: Database) -> None:
    clock = VirtualClock(T0)
    with LoopbackReceiver(now=T0) as receiver:
        monitor = await make_monitor(db, channels=[{"kind": "webhook", "url": receiver.url}])
        rows = await notify(db, monitor, monitor.channels, count=12)
        channel = WebhookChannel(clock)
        try:
            workers = [worker_for(db, clock, channel, batch_size=2) for _ in range(2)]
            reports = await asyncio.gather(*(w.drain() for w in workers))
        finally:
            await channel.aclose()
    assert sum(r.delivered for r in reports) == 12
    assert len(receiver.requests) == 12
    assert set(receiver.processed) == {row.idempotency_key for row in rows}


async def test_the_run_loop_delivers_when_woken_and_stops_when_asked(db: Database) -> None:
    clock = SystemClock()
    with LoopbackReceiver() as receiver:
        monitor = await make_monitor(db, channels=[{"kind": "webhook", "url": receiver.url}])
        channel = WebhookChannel(clock)
        worker = worker_for(db, clock, channel, poll_s=3600)
        stop = asyncio.Event()
        loop = asyncio.ensure_future(worker.run(stop))
        try:
            await asyncio.sleep(0.05)
            await notify(db, monitor, monitor.channels)
            worker.wake()
            for _ in range(200):
                if receiver.processed:
                    break
                await asyncio.sleep(0.02)
            assert len(receiver.processed) == 1
            stop.set()
            await asyncio.wait_for(loop, timeout=5)
        finally:
            loop.cancel()
            await asyncio.gather(loop, return_exceptions=True)
            await channel.aclose()


async def test_the_run_loop_survives_a_database_outage(
    db: Database, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    clock = SystemClock()
    with LoopbackReceiver() as receiver:
        monitor = await make_monitor(db, channels=[{"kind": "webhook", "url": receiver.url}])
        await notify(db, monitor, monitor.channels)
        channel = WebhookChannel(clock)
        worker = worker_for(db, clock, channel, poll_s=3600, error_pause_s=0.05)
        real_drain = worker.drain
        outages = [OperationalError("SELECT 1", {}, OSError("database went away"))]

        async def flaky_drain() -> DrainReport:
            if outages:
                raise outages.pop()
            return await real_drain()

        monkeypatch.setattr(worker, "drain", flaky_drain)
        stop = asyncio.Event()
        loop = asyncio.ensure_future(worker.run(stop))
        try:
            for _ in range(200):
                if receiver.processed:
                    break
                await asyncio.sleep(0.02)
            stop.set()
            await asyncio.wait_for(loop, timeout=5)
        finally:
            loop.cancel()
            await asyncio.gather(loop, return_exceptions=True)
            await channel.aclose()
    assert len(receiver.processed) == 1
    assert "delivery round failed; next try in 0.05s" in caplog.text


@pytest.mark.usefixtures("strict_outbound")
async def test_a_delivery_refused_at_delivery_logs_one_line(
    db: Database, caplog: pytest.LogCaptureFixture
) -> None:
    # Issue 34: an expected delivery failure wrote a full traceback to the server log.
    clock = VirtualClock(T0)
    with (
        LoopbackReceiver(now=T0) as receiver,
        resolving_with(resolver_for({"hooks.test": ["127.0.0.1"]})),
    ):
        url = receiver.url.replace("127.0.0.1", "hooks.test")
        monitor = await make_monitor(db, channels=[{"kind": "webhook", "url": url}])
        [row] = await notify(db, monitor, monitor.channels)
        channel = WebhookChannel(clock)
        caplog.set_level(logging.INFO)
        try:
            report = await worker_for(db, clock, channel).drain()
        finally:
            await channel.aclose()
    assert (report.failed, receiver.requests) == (1, [])
    [record] = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert record.exc_info is None
    assert record.getMessage() == (
        f"delivery {row.id} failed: webhook: {url}: refused at delivery: loopback address"
    )
