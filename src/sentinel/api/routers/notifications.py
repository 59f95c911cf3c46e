"""``/monitors/{id}/notifications``: what a monitor told its user, one entry per message,
with the delivery of that message to each channel."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel

from sentinel.api.dependencies import MAX_OFFSET, MonitorId, Tx
from sentinel.api.pagination import Limit, Page, offset_page
from sentinel.api.problems import PROBLEM_RESPONSES
from sentinel.storage import DeliveryRecord, DeliveryStatus

router = APIRouter(prefix="/monitors/{monitor_id}", tags=["history"], responses=PROBLEM_RESPONSES)
# Deliveries read to group into notifications: a monitor's whole outbox in practice.
MAX_DELIVERIES = 10_000


class ChannelDelivery(BaseModel):
    """How one channel's copy of the message fared."""

    delivery_id: int
    channel: dict[str, Any]
    status: DeliveryStatus
    attempts: int
    delivered_at: datetime | None
    last_error: str | None


class Notification(BaseModel):
    """One message (the payload a run sent), to every channel it went to."""

    run_id: int | None
    created_at: datetime
    payload: dict[str, Any]
    deliveries: list[ChannelDelivery]


def group_notifications(deliveries: list[DeliveryRecord]) -> list[Notification]:
    """Deliveries grouped by run and payload, newest message first."""
    groups: dict[tuple[int | None, str], list[DeliveryRecord]] = {}
    for delivery in deliveries:
        key = (delivery.run_id, json.dumps(delivery.payload, sort_keys=True, default=str))
        groups.setdefault(key, []).append(delivery)
    notifications = [
        Notification(
            run_id=group[0].run_id,
            created_at=min(d.created_at for d in group),
            payload=group[0].payload,
            deliveries=[
                ChannelDelivery(
                    delivery_id=d.id,
                    channel=d.channel,
                    status=d.status,
                    attempts=d.attempts,
                    delivered_at=d.delivered_at,
                    last_error=d.last_error,
                )
                for d in group
            ],
        )
        for group in groups.values()
    ]
    notifications.sort(key=lambda n: (n.created_at, n.deliveries[0].delivery_id), reverse=True)
    return notifications


@router.get("/notifications")
async def list_notifications(
    monitor_id: MonitorId,
    request: Request,
    tx: Tx,
    limit: int = Limit,
    offset: Annotated[int, Query(ge=0, le=MAX_OFFSET, description="Messages to skip.")] = 0,
) -> Page[Notification]:
    """The monitor's notifications, newest first, each with its per-channel deliveries."""
    await tx.monitors.get(monitor_id)
    deliveries = await tx.outbox.find(monitor_id=monitor_id, limit=MAX_DELIVERIES)
    notifications = group_notifications(deliveries)[offset : offset + limit + 1]
    return offset_page(request, notifications, limit=limit, offset=offset)
