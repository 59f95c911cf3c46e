"""Writing notifications to the outbox, inside the transaction that records the run.

Delivery is at-least-once with one idempotency key per (run, channel): the same key on every
attempt, so a receiver that remembers keys it has processed sees each notification exactly
once. A crash before sending loses nothing (the committed row is claimed again); a crash after
sending but before the row is marked causes a resend with the same key, which receivers drop.
"""

from __future__ import annotations

import hashlib
import json
import uuid
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import func, select

from sentinel.notify.payload import NotificationPayload
from sentinel.owners import LOCAL_OWNER
from sentinel.receipts import notification_receipt
from sentinel.storage import DeliveryRecord, Transaction
from sentinel.storage.models import Delivery, Monitor


def delivery_key(run_id: int | None, channel: Mapping[str, Any]) -> str:
    """The idempotency key of ``channel``'s delivery for run ``run_id``.

    Without a run (a test notification sent by hand) the key is unique per call.
    """
    canonical = json.dumps(channel, sort_keys=True, separators=(",", ":")).encode()
    digest = hashlib.sha256(canonical).hexdigest()[:16]
    prefix = f"run-{run_id}" if run_id is not None else f"manual-{uuid.uuid4().hex}"
    return f"{prefix}:{digest}"


async def enqueue_notification(
    tx: Transaction,
    payload: NotificationPayload,
    channels: Sequence[Mapping[str, Any]],
    *,
    now: datetime,
) -> list[DeliveryRecord]:
    """Add one outbox row per channel (JSON channel specs) in the caller's transaction, and
    the notification's decision receipt to the chain of the monitor's owner. Replaying a
    run's transaction (every key already queued) adds neither again."""
    document = payload.to_json()
    keys = [delivery_key(payload.run_id, channel) for channel in channels]
    queued = await tx.session.scalar(
        select(func.count()).select_from(Delivery).where(Delivery.idempotency_key.in_(keys))
    )
    records = [
        await tx.outbox.enqueue(
            monitor_id=payload.monitor_id,
            run_id=payload.run_id,
            channel=dict(channel),
            payload=document,
            idempotency_key=key,
            now=now,
        )
        for channel, key in zip(channels, keys, strict=True)
    ]
    if channels and queued != len(keys):
        receipt = notification_receipt(document, channels)
        owner = await tx.session.scalar(
            select(Monitor.owner).where(Monitor.id == payload.monitor_id)
        )
        await tx.receipts.append(
            owner or LOCAL_OWNER, receipt.kind, receipt.model_dump(mode="json"), now=now
        )
    return records
