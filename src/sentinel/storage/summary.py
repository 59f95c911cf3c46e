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


async def engine_summary(session: AsyncSession) -> EngineSummary:
    """Count, do not list: see the module's docstring."""
    by_state = await session.execute(
        select(Monitor.state, func.count(Monitor.id)).group_by(Monitor.state)
    )
    unsent = await session.scalar(
        select(func.count(Delivery.id)).where(
            Delivery.status.in_((DeliveryStatus.PENDING, DeliveryStatus.SENDING))
        )
    )
    last = await session.scalar(select(func.max(Run.finished_at)))
    return EngineSummary(
        monitors={MonitorState(state): int(count) for state, count in by_state},
        unsent=int(unsent or 0),
        last_finished_at=as_utc(last),
    )
