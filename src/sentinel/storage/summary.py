"""The engine at a glance, in three index-only queries: what the dashboard polls.

Counting monitors by state, the deliveries still to send and the newest finished run costs
the same at 100 monitors and at 100,000 (the dashboard used to render 200 monitors with two
queries each on every poll).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from sentinel.storage.enums import DeliveryStatus, MonitorState
from sentinel.storage.models import Delivery, Monitor, Run
from sentinel.storage.types import as_utc


@dataclass(frozen=True, slots=True)
class EngineSummary:
    """Monitors per state, deliveries pending or being sent, the newest run's end."""

    monitors: dict[MonitorState, int]
    unsent: int
    last_finished_at: datetime | None

    @property
    def total(self) -> int:
        """Every monitor."""
        return sum(self.monitors.values())


async def engine_summary(session: AsyncSession, owner: str | None = None) -> EngineSummary:
    """Count, do not list: see the module's docstring. With ``owner``, only that owner's
    monitors and their deliveries and runs are counted (what a key's holder may see)."""
    states = select(Monitor.state, func.count(Monitor.id)).group_by(Monitor.state)
    unsent_query = select(func.count(Delivery.id)).where(
        Delivery.status.in_((DeliveryStatus.PENDING, DeliveryStatus.SENDING))
    )
    last_query = select(func.max(Run.finished_at))
    if owner is not None:
        owned = select(Monitor.id).where(Monitor.owner == owner)
        states = states.where(Monitor.owner == owner)
        unsent_query = unsent_query.where(Delivery.monitor_id.in_(owned))
        last_query = last_query.where(Run.monitor_id.in_(owned))
    by_state = await session.execute(states)
    unsent = await session.scalar(unsent_query)
    last = await session.scalar(last_query)
    return EngineSummary(
        monitors={MonitorState(state): int(count) for state, count in by_state},
        unsent=int(unsent or 0),
        last_finished_at=as_utc(last),
    )
