"""Monitor lifecycle changes, announced after their transaction commits.

Every front end (``sentinel watch``, the HTTP API, the web UI) creates, pauses, resumes, runs
now and deletes monitors through the repository of a :class:`~sentinel.storage.Transaction`,
so that is where the changes are noted: :class:`ObservedMonitorRepository` records each one,
and the database hands them to its :class:`MonitorListener` once the transaction has
committed (never for a rollback). An engine that keeps its own per-monitor state (the Temporal
engine: one workflow per monitor) listens; the embedded engine reads the table and needs none.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Literal, Protocol

from sqlalchemy.ext.asyncio import AsyncSession

from sentinel.storage.enums import MonitorState
from sentinel.storage.monitor_fields import NewMonitor
from sentinel.storage.monitors import MonitorRepository
from sentinel.storage.records import MonitorRecord

ChangeKind = Literal["created", "paused", "resumed", "run_now", "deleted", "completed", "failed"]


@dataclass(frozen=True, slots=True)
class MonitorChange:
    """One committed change of a monitor's lifecycle; ``created_at`` is the monitor's (with
    its id, what names it for good: an engine keys its own state by both)."""

    kind: ChangeKind
    monitor_id: int
    created_at: datetime


class MonitorListener(Protocol):
    """Told about monitor changes after they commit, in the order they were made."""

    async def monitors_changed(self, changes: Sequence[MonitorChange]) -> None:
        """React to committed changes (start or signal whatever runs the monitors)."""
        ...


_KIND_OF_STATE: dict[MonitorState, ChangeKind] = {
    MonitorState.ACTIVE: "resumed",
    MonitorState.PAUSED: "paused",
    MonitorState.COMPLETED: "completed",
    MonitorState.FAILED: "failed",
}


class ObservedMonitorRepository(MonitorRepository):
    """The monitor repository of a transaction, noting lifecycle changes in ``changes``."""

    def __init__(
        self, session: AsyncSession, changes: list[MonitorChange], owner: str | None = None
    ) -> None:
        super().__init__(session, owner)
        self.changes = changes

    async def create(self, new: NewMonitor, *, now: datetime) -> MonitorRecord:
        """Create the monitor (see :meth:`MonitorRepository.create`) and note it."""
        record = await super().create(new, now=now)
        self.changes.append(MonitorChange("created", record.id, record.created_at))
        return record

    async def create_many(self, news: Sequence[NewMonitor], *, now: datetime) -> list[int]:
        """Create the monitors (see :meth:`MonitorRepository.create_many`), each noted."""
        ids = await super().create_many(news, now=now)
        self.changes.extend(MonitorChange("created", monitor_id, now) for monitor_id in ids)
        return ids

    async def delete(self, monitor_id: int) -> None:
        """Delete the monitor (see :meth:`MonitorRepository.delete`) and note it."""
        record = await self.get(monitor_id)
        await super().delete(monitor_id)
        self.changes.append(MonitorChange("deleted", monitor_id, record.created_at))

    async def transition(
        self,
        monitor_id: int,
        to_state: MonitorState,
        *,
        now: datetime,
        expected: MonitorState | None = None,
    ) -> MonitorRecord:
        """Change the monitor's state (see :meth:`MonitorRepository.transition`), noted."""
        record = await super().transition(monitor_id, to_state, now=now, expected=expected)
        kind = _KIND_OF_STATE[MonitorState(to_state)]
        self.changes.append(MonitorChange(kind, monitor_id, record.created_at))
        return record

    async def run_now(self, monitor_id: int, *, now: datetime) -> MonitorRecord:
        """Make the monitor due now (see :meth:`MonitorRepository.run_now`) and note it."""
        record = await super().run_now(monitor_id, now=now)
        self.changes.append(MonitorChange("run_now", monitor_id, record.created_at))
        return record
