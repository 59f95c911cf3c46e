"""The delivery worker: drains the outbox through the channels, with retries.

Each round claims due deliveries with a lease (in one short transaction), sends them outside
any transaction, then settles each one (delivered, retry later, failed, dead) guarded by the
lease. See ``sentinel.notify.outbox`` for the at-least-once + idempotency-key contract.
"""

from __future__ import annotations

import asyncio
import logging
import os
import random
import socket
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from sqlalchemy.exc import SQLAlchemyError

from sentinel.clock import Clock, VirtualClock, sleep_until_or_set
from sentinel.errors import InvalidInput
from sentinel.notify.backoff import DeliveryPolicy
from sentinel.notify.channels.base import Channel, DeliveryRequest
from sentinel.notify.errors import DeliveryError
from sentinel.notify.specs import parse_channel_spec
from sentinel.storage import Database, DeliveryRecord

log = logging.getLogger(__name__)

# Deliveries have no heartbeat: the lease covers a claimed batch's sending. 16 deliveries, 4
# at a time, 10 s webhook timeout: 40 s of sending, plus a settle that may wait out SQLite's
# 30 s busy timeout, plus 20 s. A batch of slower receivers (a longer ``timeout_s``) may be
# sent again by another worker after that — with the same Idempotency-Key.
DEFAULT_DELIVERY_LEASE_S = 90.0


@dataclass(slots=True)
class DrainReport:
    """What one ``drain`` did, by outcome."""

    delivered: int = 0
    retried: int = 0
    failed: int = 0
    dead: int = 0
    lost_lease: int = 0
    errors: list[str] = field(default_factory=list)

    def count(self, outcome: str, error: DeliveryError | None) -> None:
        """Count one settled delivery (``outcome`` is a field name) and keep its error."""
        if outcome not in ("delivered", "retried", "failed", "dead"):
            raise InvalidInput("outcome", outcome, "not a delivery outcome")
        setattr(self, outcome, getattr(self, outcome) + 1)
        if error is not None:
            self.errors.append(str(error))

    @property
    def attempted(self) -> int:
        """Deliveries sent (or tried) during the drain."""
        return self.delivered + self.retried + self.failed + self.dead + self.lost_lease


@dataclass(frozen=True, slots=True)
class _Settlement:
    delivery: DeliveryRecord
    error: DeliveryError | None


def default_owner() -> str:
    """A lease owner name unique to this worker: host, process and a random suffix."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


class DeliveryWorker:
    """Delivers outbox rows through ``channels`` (keyed by spec kind) on ``clock``'s time.

    ``drain()`` delivers everything due now and returns; ``run(stop)`` drains, then sleeps until
    the next delivery is due, ``poll_s`` passes, ``wake()`` is called or ``stop`` is set. A round
    that fails on the database is logged and retried after ``error_pause_s``.
    """

    def __init__(
        self,
        db: Database,
        channels: Mapping[str, Channel],
        clock: Clock,
        *,
        policy: DeliveryPolicy | None = None,
        owner: str | None = None,
        lease_s: float = DEFAULT_DELIVERY_LEASE_S,
        batch_size: int = 16,
        concurrency: int = 4,
        poll_s: float = 60.0,
        error_pause_s: float = 5.0,
        rng: random.Random | None = None,
    ) -> None:
        if lease_s <= 0 or batch_size < 1 or concurrency < 1 or poll_s <= 0:
            raise InvalidInput(
                "worker settings",
                {"lease_s": lease_s, "batch": batch_size, "concurrency": concurrency},
                "lease_s and poll_s must be positive, batch_size and concurrency at least 1",
            )
        self.db = db
        self.channels = dict(channels)
        self.clock = clock
        self.policy = policy or DeliveryPolicy()
        self.owner = owner or default_owner()
        self.lease_s = lease_s
        self.batch_size = batch_size
        self.poll_s = poll_s
        self.error_pause_s = error_pause_s
        self._rng = rng or random.Random()
        self._slots = asyncio.Semaphore(concurrency)
        self._wake = asyncio.Event()

    def wake(self) -> None:
        """Ask a running worker to drain now (e.g. right after a run enqueued notifications)."""
        self._wake.set()

    async def drain(self) -> DrainReport:
        """Deliver every delivery due now, batch after batch, and report what happened."""
        report = DrainReport()
        while batch := await self._claim():
            settlements = await asyncio.gather(*(self._send(request) for request in batch))
            for settlement in settlements:
                await self._settle(settlement, report)
        return report

    async def run(self, stop: asyncio.Event) -> None:
        """Drain, sleep until more is due (or ``wake()``), repeat until ``stop`` is set."""
        relay = asyncio.ensure_future(self._relay(stop))
        try:
            while not stop.is_set():
                self._wake.clear()
                try:
                    await self.drain()
                    deadline = await self._next_deadline()
                except (SQLAlchemyError, OSError):
                    # The database is unreachable or locked for too long: the loop must outlive
                    # that, so log it and try again after a pause.
                    log.exception("delivery round failed; next try in %gs", self.error_pause_s)
                    deadline = self.clock.now() + timedelta(seconds=self.error_pause_s)
                if not stop.is_set():
                    await sleep_until_or_set(self.clock, deadline, self._wake)
        finally:
            relay.cancel()
            await asyncio.gather(relay, return_exceptions=True)

    async def _next_deadline(self) -> datetime:
        """The next delivery due, or the next poll if that comes first."""
        async with self.db.transaction() as tx:
            due = await tx.outbox.earliest_next_attempt_at()
        deadline = self.clock.now() + timedelta(seconds=self.poll_s)
        return due if due is not None and due < deadline else deadline

    async def _relay(self, stop: asyncio.Event) -> None:
        # Turn ``stop`` into a wake-up; on a virtual clock, waiting for it must not hold time.
        if isinstance(self.clock, VirtualClock):
            with self.clock.idle():
                await stop.wait()
        else:
            await stop.wait()
        self._wake.set()

    async def _claim(self) -> list[tuple[DeliveryRecord, DeliveryRequest | DeliveryError]]:
        now = self.clock.now()
        async with self.db.transaction() as tx:
            claimed = await tx.outbox.claim(now, self.owner, self.lease_s, self.batch_size)
            secrets: dict[int, str] = {}
            for delivery in claimed:
                if delivery.monitor_id not in secrets:
                    secrets[delivery.monitor_id] = await tx.monitors.signing_secret(
                        delivery.monitor_id
                    )
        return [(d, self._request(d, secrets[d.monitor_id])) for d in claimed]

    def _request(self, delivery: DeliveryRecord, secret: str) -> DeliveryRequest | DeliveryError:
        """The request to send, or the permanent error that prevents sending it at all."""
        try:
            spec = parse_channel_spec(delivery.channel)
        except InvalidInput as exc:
            return DeliveryError("outbox", f"invalid channel spec: {exc}", retryable=False)
        if spec.kind not in self.channels:
            return DeliveryError(
                spec.kind,
                f"no {spec.kind} channel configured in this worker "
                f"(available: {', '.join(sorted(self.channels)) or 'none'})",
                retryable=False,
            )
        return DeliveryRequest(
            delivery_id=delivery.id,
            idempotency_key=delivery.idempotency_key,
            monitor_id=delivery.monitor_id,
            attempt=delivery.attempts,
            spec=spec,
            payload=delivery.payload,
            signing_secret=secret,
        )

    async def _send(
        self, claimed: tuple[DeliveryRecord, DeliveryRequest | DeliveryError]
    ) -> _Settlement:
        delivery, request = claimed
        if isinstance(request, DeliveryError):
            return _Settlement(delivery, request)
        async with self._slots:
            try:
                await self.channels[request.spec.kind].send(request)
            except DeliveryError as exc:
                return _Settlement(delivery, exc)
            except Exception as exc:
                # A bug in a channel must not stop the worker: log it, retry the delivery
                # (bounded by the policy) and keep the error on the row.
                log.exception("channel %s crashed on delivery %s", request.spec.kind, delivery.id)
                return _Settlement(
                    delivery, DeliveryError(request.spec.kind, repr(exc), retryable=True)
                )
        return _Settlement(delivery, None)

    async def _settle(self, settlement: _Settlement, report: DrainReport) -> None:
        delivery, error = settlement.delivery, settlement.error
        now = self.clock.now()
        async with self.db.transaction() as tx:
            if error is None:
                settled = await tx.outbox.mark_delivered(delivery.id, self.owner, now=now)
                outcome = "delivered"
            elif not error.retryable:
                settled = await tx.outbox.mark_failed(
                    delivery.id, self.owner, now=now, error=str(error)
                )
                outcome = "failed"
            elif self.policy.exhausted(delivery.attempts):
                settled = await tx.outbox.mark_dead(
                    delivery.id,
                    self.owner,
                    now=now,
                    error=f"gave up after {delivery.attempts} attempts: {error}",
                )
                outcome = "dead"
            else:
                delay = self.policy.delay_s(delivery.attempts, self._rng, error.retry_after_s)
                settled = await tx.outbox.mark_retry(
                    delivery.id,
                    self.owner,
                    now=now,
                    error=str(error),
                    next_attempt_at=now + timedelta(seconds=delay),
                )
                outcome = "retried"
        if not settled:
            # Our lease ran out while sending and another worker took the delivery over; it
            # will send again with the same idempotency key.
            log.warning("lease lost on delivery %s before it was marked %s", delivery.id, outcome)
            report.lost_lease += 1
            return
        if error is not None:
            # An expected failure (refused, unanswered, answered 5xx): one line, no traceback.
            level = logging.INFO if outcome == "retried" else logging.WARNING
            log.log(level, "delivery %s %s: %s", delivery.id, outcome, error)
        report.count(outcome, error)
