"""The monitors that A2A tasks created: ``a2a_task_monitors`` says which monitor a task
created (the task's push configs are that monitor's ``a2a`` channels), with the task's owner.
Deleting the monitor deletes the row. Not readable through read-only SQL.

Apart from :mod:`sentinel.storage.a2a_push` so that opening the database does not import the
a2a-sdk (a read command such as ``watch list`` never needs it).
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import ForeignKey, Index, String, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from sentinel.storage.models import Base


class A2ATaskMonitor(Base):
    """The monitor an A2A task created: its push configs are channels of that monitor."""

    __tablename__ = "a2a_task_monitors"
    __table_args__ = (Index(None, "monitor_id"),)

    task_id: Mapped[str] = mapped_column(String(36), primary_key=True)
    owner: Mapped[str] = mapped_column(String(200))
    monitor_id: Mapped[int] = mapped_column(ForeignKey("monitors.id", ondelete="CASCADE"))
    context_id: Mapped[str] = mapped_column(String(255))


@dataclass(frozen=True, slots=True)
class TaskMonitor:
    """A task's monitor: which one, in which A2A context, whose."""

    task_id: str
    owner: str
    monitor_id: int
    context_id: str


class TaskMonitorRepository:
    """The task → monitor bindings on one transaction's session."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def bind(self, task_id: str, *, owner: str, monitor_id: int, context_id: str) -> None:
        """Record that ``owner``'s task ``task_id`` created ``monitor_id``."""
        await self.session.merge(
            A2ATaskMonitor(
                task_id=task_id, owner=owner, monitor_id=monitor_id, context_id=context_id
            )
        )
        await self.session.flush()

    async def of_task(self, task_id: str) -> TaskMonitor | None:
        """The monitor ``task_id`` created, if any (and if it still exists)."""
        row = await self.session.scalar(
            select(A2ATaskMonitor).where(A2ATaskMonitor.task_id == task_id)
        )
        if row is None:
            return None
        return TaskMonitor(row.task_id, row.owner, row.monitor_id, row.context_id)
