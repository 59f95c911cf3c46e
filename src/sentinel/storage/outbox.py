"""Outbox repository: deliveries written with the run, claimed and settled by the worker.

The delivery contract is at-least-once with an idempotency key per (run, channel): a worker
leases a delivery before sending and marks it after. A worker that dies before sending leaves
the row to be claimed again when its lease ends; one that dies after sending but before marking
causes a second send with the same key, which receivers use to drop the duplicate.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import ColumnElement, and_, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from sentinel.errors import InvalidInput
from sentinel.storage.enums import DeliveryStatus
from sentinel.storage.errors import RecordNotFound
from sentinel.storage.leases import check_claim
from sentinel.storage.models import Delivery
from sentinel.storage.monitor_fields import validate_json
from sentinel.storage.ownership import of_owned_monitor
from sentinel.storage.records import DeliveryRecord

# Rows a worker may take: new or retrying ones that are due, and sending ones whose lease ended.
CLAIMABLE = (DeliveryStatus.PENDING, DeliveryStatus.SENDING)
MAX_KEY_LENGTH = 200


UNSETTLED = frozenset({DeliveryStatus.PENDING, DeliveryStatus.SENDING})
REFUSED = frozenset({DeliveryStatus.FAILED, DeliveryStatus.DEAD})


def _claimable(now: datetime) -> ColumnElement[bool]:
    return and_(Delivery.status.in_(CLAIMABLE), Delivery.next_attempt_at <= now)


@dataclass(frozen=True, slots=True)
class NotificationState:
    """How a monitor's latest notification fared: its deliveries (one per channel) counted by
    status. ``run_id`` is the run that queued it."""

    monitor_id: int
    run_id: int | None
    counts: Mapping[DeliveryStatus, int]

    @property
    def summary(self) -> str:
        """``pending`` while any channel is still being tried, else ``delivered``,
        ``failed``, or ``1 of 2 failed`` when only some channels took it."""
        total = sum(self.counts.values())
        failed = sum(self.counts.get(status, 0) for status in REFUSED)
        if any(self.counts.get(status, 0) for status in UNSETTLED):
            return "pending"
        if failed == 0:
            return "delivered"
        return "failed" if failed == total else f"{failed} of {total} failed"

    def as_json(self) -> dict[str, Any]:
        """The state for ``--json`` readers: the summary and the counts by status."""
        counts = {status.value: n for status, n in sorted(self.counts.items())}
        return {"run_id": self.run_id, "delivery": self.summary, "deliveries": counts}


class OutboxRepository:
    """Outbox rows on one transaction's session."""

    def __init__(self, session: AsyncSession, owner: str | None = None) -> None:
        self.session = session
        self.owner = owner  # whose rows it reads (see ``sentinel.storage.ownership``)

    async def enqueue(
        self,
        *,
        monitor_id: int,
        run_id: int | None,
        channel: dict[str, Any],
        payload: dict[str, Any],
        idempotency_key: str,
        now: datetime,
    ) -> DeliveryRecord:
        """Add a pending delivery, due now. Enqueueing an existing key returns that row as is,
        so replaying a run's transaction cannot duplicate its notifications."""
        if not idempotency_key or len(idempotency_key) > MAX_KEY_LENGTH:
            raise InvalidInput(
                "idempotency_key", idempotency_key, f"must be 1..{MAX_KEY_LENGTH} characters"
            )
        validate_json("channel", channel, dict)
        validate_json("payload", payload, dict)
        existing = await self.session.scalar(
            select(Delivery).where(Delivery.idempotency_key == idempotency_key)
        )
        if existing is not None:
            return DeliveryRecord.of(existing)
        row = Delivery(
            idempotency_key=idempotency_key,
            monitor_id=monitor_id,
            run_id=run_id,
            channel=dict(channel),
            payload=dict(payload),
            status=DeliveryStatus.PENDING,
            attempts=0,
            next_attempt_at=now,
            created_at=now,
            updated_at=now,
        )
        self.session.add(row)
        await self.session.flush()
        return DeliveryRecord.of(row)

    async def claim(
        self, now: datetime, owner: str, lease_s: float, limit: int
    ) -> list[DeliveryRecord]:
        """Lease up to ``limit`` due deliveries to ``owner`` and count the attempt.

        Same compare-and-set as ``MonitorRepository.claim_due``: the claimable condition is
        repeated in the UPDATE of the selected ids, so two workers never hold the same delivery.
        """
        check_claim(owner, lease_s, limit)
        due_ids = list(
            await self.session.scalars(
                select(Delivery.id)
                .where(_claimable(now))
                .order_by(Delivery.next_attempt_at, Delivery.id)
                .limit(limit)
                .with_for_update(skip_locked=True)
            )
        )
        if not due_ids:
            return []
        rows = await self.session.scalars(
            update(Delivery)
            .where(Delivery.id.in_(due_ids), _claimable(now))
            .values(
                status=DeliveryStatus.SENDING,
                lease_owner=owner,
                next_attempt_at=now + timedelta(seconds=lease_s),
                attempts=Delivery.attempts + 1,
                updated_at=now,
            )
            .returning(Delivery)
            .execution_options(synchronize_session=False, populate_existing=True)
        )
        return sorted((DeliveryRecord.of(row) for row in rows), key=lambda r: r.id)

    async def mark_delivered(self, delivery_id: int, owner: str, *, now: datetime) -> bool:
        """Settle a delivery as sent; False if ``owner`` lost its lease meanwhile."""
        return await self._settle(
            delivery_id,
            owner,
            status=DeliveryStatus.DELIVERED,
            delivered_at=now,
            last_error=None,
            updated_at=now,
        )

    async def mark_retry(
        self,
        delivery_id: int,
        owner: str,
        *,
        now: datetime,
        error: str,
        next_attempt_at: datetime,
    ) -> bool:
        """Put a delivery back as pending after a transient failure, due at ``next_attempt_at``."""
        return await self._settle(
            delivery_id,
            owner,
            status=DeliveryStatus.PENDING,
            next_attempt_at=next_attempt_at,
            last_error=error,
            updated_at=now,
        )

    async def mark_failed(self, delivery_id: int, owner: str, *, now: datetime, error: str) -> bool:
        """Give up on a delivery the receiver refused for good (e.g. HTTP 4xx)."""
        return await self._settle(
            delivery_id, owner, status=DeliveryStatus.FAILED, last_error=error, updated_at=now
        )

    async def mark_dead(self, delivery_id: int, owner: str, *, now: datetime, error: str) -> bool:
        """Give up on a delivery whose transient failures exhausted the attempts."""
        return await self._settle(
            delivery_id, owner, status=DeliveryStatus.DEAD, last_error=error, updated_at=now
        )

    async def get(self, delivery_id: int) -> DeliveryRecord:
        """The delivery, or ``RecordNotFound``."""
        row = await self.session.scalar(
            select(Delivery)
            .where(Delivery.id == delivery_id, of_owned_monitor(Delivery.monitor_id, self.owner))
            .execution_options(populate_existing=True)
        )
        if row is None:
            raise RecordNotFound("delivery", delivery_id)
        return DeliveryRecord.of(row)

    async def find(
        self,
        *,
        monitor_id: int | None = None,
        run_id: int | None = None,
        status: DeliveryStatus | None = None,
        limit: int = 100,
    ) -> list[DeliveryRecord]:
        """Deliveries in id order, filtered by monitor, run and/or status."""
        query = (
            select(Delivery)
            .where(of_owned_monitor(Delivery.monitor_id, self.owner))
            .order_by(Delivery.id)
            .limit(limit)
        )
        if monitor_id is not None:
            query = query.where(Delivery.monitor_id == monitor_id)
        if run_id is not None:
            query = query.where(Delivery.run_id == run_id)
        if status is not None:
            query = query.where(Delivery.status == status)
        return [DeliveryRecord.of(row) for row in await self.session.scalars(query)]

    async def latest_notifications(
        self, monitor_ids: Iterable[int]
    ) -> dict[int, NotificationState]:
        """The state of each monitor's latest notification (the deliveries queued by the run
        of its newest delivery), for the monitors that have one; two statements in all."""
        ids = list(monitor_ids)
        if not ids:
            return {}
        newest = (
            select(func.max(Delivery.id))
            .where(Delivery.monitor_id.in_(ids), of_owned_monitor(Delivery.monitor_id, self.owner))
            .group_by(Delivery.monitor_id)
        )
        latest = (
            await self.session.execute(
                select(Delivery.monitor_id, Delivery.run_id, Delivery.status).where(
                    Delivery.id.in_(newest)
                )
            )
        ).all()
        runs = {run_id for _, run_id, _ in latest if run_id is not None}
        counted: dict[int | None, dict[DeliveryStatus, int]] = {}
        if runs:
            rows = await self.session.execute(
                select(Delivery.run_id, Delivery.status, func.count())
                .where(Delivery.run_id.in_(runs))
                .group_by(Delivery.run_id, Delivery.status)
            )
            for run_id, status, count in rows.all():
                counted.setdefault(run_id, {})[DeliveryStatus(status)] = count
        return {
            monitor_id: NotificationState(
                monitor_id,
                run_id,
                counted[run_id] if run_id is not None else {DeliveryStatus(status): 1},
            )
            for monitor_id, run_id, status in latest
        }

    async def earliest_next_attempt_at(self) -> datetime | None:
        """When the next delivery becomes claimable; None when the outbox is settled."""
        return await self.session.scalar(
            select(func.min(Delivery.next_attempt_at)).where(Delivery.status.in_(CLAIMABLE))
        )

    async def _settle(self, delivery_id: int, owner: str, **values: Any) -> bool:
        result = await self.session.execute(
            update(Delivery)
            .where(
                Delivery.id == delivery_id,
                Delivery.lease_owner == owner,
                Delivery.status == DeliveryStatus.SENDING,
            )
            .values(lease_owner=None, **values)
            .execution_options(synchronize_session=False)
        )
        settled: int = getattr(result, "rowcount", 0)
        return settled > 0
