"""Durable jobs of the server: research jobs and A2A tasks, kept in the database so that a
restart of ``sentinel serve`` keeps them.

A research job runs in the process that started it; its row is written when it starts and
when it ends (with its progress events). A2A tasks are the a2a-sdk's own task rows
(``DatabaseTaskStore`` over Sentinel's engine, table ``a2a_tasks``, declared in
``sentinel.storage.a2a_tasks``). Both carry their owner.
A process that starts finds the jobs a previous process left unfinished and marks them
failed, "interrupted by a restart" (:data:`INTERRUPTED`): never silently gone, never shown
as running forever.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import Index, Integer, String, Text, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from sentinel.storage.errors import RecordNotFound
from sentinel.storage.models import NEVER_REUSE_IDS, Base
from sentinel.storage.types import JSONDocument

INTERRUPTED = "interrupted by a restart"
RUNNING = "running"


class ResearchJobRow(Base):
    """One research job of one owner: its question, status, progress events and result."""

    __tablename__ = "research_jobs"
    __table_args__ = (Index(None, "owner", "id"), Index(None, "status"), NEVER_REUSE_IDS)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    owner: Mapped[str] = mapped_column(String(200))
    question: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(32))
    created_at: Mapped[datetime]
    finished_at: Mapped[datetime | None]
    events: Mapped[list[dict[str, Any]]] = mapped_column(JSONDocument)
    result: Mapped[dict[str, Any] | None]
    error: Mapped[str | None] = mapped_column(Text)


class ResearchJobRepository:
    """Research job rows on one transaction's session; reads are scoped to one owner."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def add(self, owner: str, question: str, *, now: datetime) -> ResearchJobRow:
        """A new running job."""
        row = ResearchJobRow(
            owner=owner, question=question, status=RUNNING, created_at=now, events=[]
        )
        self.session.add(row)
        await self.session.flush()
        return row

    async def finish(
        self,
        job_id: int,
        *,
        status: str,
        finished_at: datetime,
        events: list[dict[str, Any]],
        result: dict[str, Any] | None,
        error: str | None,
    ) -> None:
        """Record how the job ended."""
        await self.session.execute(
            update(ResearchJobRow)
            .where(ResearchJobRow.id == job_id)
            .values(
                status=status, finished_at=finished_at, events=events, result=result, error=error
            )
        )

    async def get(self, owner: str, job_id: int) -> ResearchJobRow:
        """One of the owner's jobs; ``RecordNotFound`` otherwise (another owner's too)."""
        row = await self.session.scalar(
            select(ResearchJobRow).where(ResearchJobRow.id == job_id, ResearchJobRow.owner == owner)
        )
        if row is None:
            raise RecordNotFound("research job", job_id)
        return row

    async def recent(self, owner: str, limit: int) -> list[ResearchJobRow]:
        """The owner's newest jobs first."""
        rows = await self.session.scalars(
            select(ResearchJobRow)
            .where(ResearchJobRow.owner == owner)
            .order_by(ResearchJobRow.id.desc())
            .limit(limit)
        )
        return list(rows)

    async def fail_unfinished(self, *, now: datetime) -> int:
        """Mark every job still running as failed, interrupted by a restart; how many."""
        result = await self.session.execute(
            update(ResearchJobRow)
            .where(ResearchJobRow.status == RUNNING)
            .values(status="failed", finished_at=now, error=INTERRUPTED)
            .execution_options(synchronize_session=False)
        )
        count: int = getattr(result, "rowcount", 0)
        return count
