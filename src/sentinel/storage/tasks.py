"""The user's tasks (the assistant's to-do list): title, status, priority, notes, subtasks.

Not to be confused with monitors or research jobs: these are the person's own tasks, each of
one owner. A subtask names its parent (``parent_id``), which must be a task of the same owner;
deleting a task deletes its subtasks.
"""

from __future__ import annotations

import builtins
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import ClassVar

from sqlalchemy import ForeignKey, Index, Integer, String, Text, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from sentinel.errors import InvalidInput
from sentinel.storage.errors import RecordNotFound
from sentinel.storage.models import NEVER_REUSE_IDS, Base, enum_column
from sentinel.storage.snapshot import Converters, Snapshot, utc

MAX_TITLE_CHARS = 300
MAX_NOTES_CHARS = 4000
MAX_LIST = 1000
MAX_DEPTH = 5


class TaskStatus(StrEnum):
    """Where a task stands."""

    OPEN = "open"
    IN_PROGRESS = "in_progress"
    DONE = "done"
    CANCELLED = "cancelled"


class TaskPriority(StrEnum):
    """How much a task matters."""

    LOW = "low"
    MEDIUM = "medium"
    HIGH = "high"


class UserTask(Base):
    """One task of one owner."""

    __tablename__ = "user_tasks"
    __table_args__ = (Index(None, "owner", "status"), Index(None, "parent_id"), NEVER_REUSE_IDS)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    owner: Mapped[str] = mapped_column(String(200))
    title: Mapped[str] = mapped_column(String(MAX_TITLE_CHARS))
    status: Mapped[TaskStatus] = mapped_column(enum_column(TaskStatus, "task_status"))
    priority: Mapped[TaskPriority] = mapped_column(enum_column(TaskPriority, "task_priority"))
    parent_id: Mapped[int | None] = mapped_column(ForeignKey("user_tasks.id", ondelete="CASCADE"))
    notes: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime]
    updated_at: Mapped[datetime]


@dataclass(frozen=True, slots=True)
class TaskRecord(Snapshot[UserTask]):
    """One task of one owner."""

    id: int
    owner: str
    title: str
    status: TaskStatus
    priority: TaskPriority
    parent_id: int | None
    notes: str
    created_at: datetime
    updated_at: datetime

    CONVERTERS: ClassVar[Converters] = {
        "status": TaskStatus,
        "priority": TaskPriority,
        **utc("created_at", "updated_at"),
    }


def check_title(title: str) -> str:
    """``title`` stripped; ``InvalidInput`` when empty or too long."""
    cleaned = " ".join(title.split())
    if not cleaned or len(cleaned) > MAX_TITLE_CHARS:
        raise InvalidInput("title", title, f"must be 1 to {MAX_TITLE_CHARS} characters")
    return cleaned


def check_notes(notes: str) -> str:
    """``notes`` stripped; ``InvalidInput`` when too long."""
    cleaned = notes.strip()
    if len(cleaned) > MAX_NOTES_CHARS:
        raise InvalidInput("notes", f"{cleaned[:40]}…", f"at most {MAX_NOTES_CHARS} characters")
    return cleaned


def parse_status(status: TaskStatus | str) -> TaskStatus:
    """The status named ``status``; ``InvalidInput`` listing the valid ones otherwise."""
    try:
        return TaskStatus(str(status).strip().lower())
    except ValueError:
        valid = ", ".join(s.value for s in TaskStatus)
        raise InvalidInput("status", status, f"must be one of {valid}") from None


def parse_priority(priority: TaskPriority | str) -> TaskPriority:
    """The priority named ``priority``; ``InvalidInput`` listing the valid ones otherwise."""
    try:
        return TaskPriority(str(priority).strip().lower())
    except ValueError:
        valid = ", ".join(p.value for p in TaskPriority)
        raise InvalidInput("priority", priority, f"must be one of {valid}") from None


class TaskRepository:
    """Tasks on one transaction's session; every method is scoped to one owner."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def add(
        self,
        owner: str,
        title: str,
        *,
        now: datetime,
        notes: str = "",
        priority: TaskPriority | str = TaskPriority.MEDIUM,
        parent_id: int | None = None,
    ) -> TaskRecord:
        """A new open task; ``parent_id`` must be one of the owner's tasks, at most 5 deep."""
        if parent_id is not None:
            await self._check_parent(owner, parent_id)
        row = UserTask(
            owner=owner,
            title=check_title(title),
            status=TaskStatus.OPEN,
            priority=parse_priority(priority),
            parent_id=parent_id,
            notes=check_notes(notes),
            created_at=now,
            updated_at=now,
        )
        self.session.add(row)
        await self.session.flush()
        return TaskRecord.of(row)

    async def get(self, owner: str, task_id: int) -> TaskRecord:
        """One of the owner's tasks; ``RecordNotFound`` otherwise."""
        return TaskRecord.of(await self._row(owner, task_id))

    async def list(
        self,
        owner: str,
        *,
        status: TaskStatus | str | None = None,
        parent_id: int | None = None,
        limit: int = 100,
        offset: int = 0,
    ) -> list[TaskRecord]:
        """The owner's tasks in id order, optionally of one status or one parent."""
        if not 1 <= limit <= MAX_LIST:
            raise InvalidInput("limit", limit, f"must be 1 to {MAX_LIST}")
        query = select(UserTask).where(UserTask.owner == owner)
        if status is not None:
            query = query.where(UserTask.status == parse_status(status))
        if parent_id is not None:
            query = query.where(UserTask.parent_id == parent_id)
        rows = await self.session.scalars(
            query.order_by(UserTask.id).limit(limit).offset(max(offset, 0))
        )
        return [TaskRecord.of(row) for row in rows]

    async def update(
        self,
        owner: str,
        task_id: int,
        *,
        now: datetime,
        title: str | None = None,
        status: TaskStatus | str | None = None,
        priority: TaskPriority | str | None = None,
        notes: str | None = None,
    ) -> TaskRecord:
        """Change what is given (None keeps it)."""
        row = await self._row(owner, task_id)
        if title is not None:
            row.title = check_title(title)
        if status is not None:
            row.status = parse_status(status)
        if priority is not None:
            row.priority = parse_priority(priority)
        if notes is not None:
            row.notes = check_notes(notes)
        row.updated_at = now
        await self.session.flush()
        return TaskRecord.of(row)

    async def delete(self, owner: str, task_id: int) -> None:
        """Delete the task and, through the foreign key, its subtasks."""
        row = await self._row(owner, task_id)
        for child in await self.list(owner, parent_id=row.id, limit=MAX_LIST):
            await self.delete(owner, child.id)
        await self.session.delete(row)
        await self.session.flush()

    async def add_subtasks(
        self, owner: str, task_id: int, titles: Sequence[str], *, now: datetime
    ) -> builtins.list[TaskRecord]:
        """Write ``titles`` as open subtasks of the task, in order (1 to 20 of them)."""
        if not 1 <= len(titles) <= 20:
            raise InvalidInput("subtasks", len(titles), "give 1 to 20 subtask titles")
        parent = await self._row(owner, task_id)
        cleaned = [check_title(title) for title in titles]
        return [
            await self.add(owner, title, now=now, priority=parent.priority, parent_id=parent.id)
            for title in cleaned
        ]

    async def _row(self, owner: str, task_id: int) -> UserTask:
        row = await self.session.scalar(
            select(UserTask).where(UserTask.id == task_id, UserTask.owner == owner)
        )
        if row is None:
            raise RecordNotFound("task", task_id)
        return row

    async def _check_parent(self, owner: str, parent_id: int) -> None:
        """The parent must be the owner's; the new task may be at most ``MAX_DEPTH`` deep."""
        depth = 2  # the new task's depth below a top-level parent
        current: int | None = (await self._row(owner, parent_id)).parent_id
        while current is not None:
            depth += 1
            if depth > MAX_DEPTH:
                raise InvalidInput(
                    "parent_id", parent_id, f"subtasks nest at most {MAX_DEPTH} deep"
                )
            current = (await self._row(owner, current)).parent_id
