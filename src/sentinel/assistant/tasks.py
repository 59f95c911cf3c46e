"""User tasks: a title, a status, notes and subtasks (one level or more via ``parent_id``).

``decompose`` writes the subtasks it is given (the flow asks the model for them) under the
parent in one transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from sentinel.clock import Clock, SystemClock
from sentinel.storage.database import Database


class TaskStatus(StrEnum):
    """Where a task stands."""

    OPEN = "open"
    IN_PROGRESS = "in_progress"
    DONE = "done"
    CANCELLED = "cancelled"


@dataclass(frozen=True, slots=True)
class TaskRecord:
    """One task of one owner."""

    id: int
    owner: str
    title: str
    status: TaskStatus
    parent_id: int | None
    notes: str
    created_at: datetime
    updated_at: datetime


class TaskService:
    """One owner's tasks on ``db``. Unknown or foreign ids raise ``RecordNotFound``; bad titles,
    statuses or notes raise ``InvalidInput``."""

    def __init__(self, db: Database, *, clock: Clock | None = None) -> None:
        self.db = db
        self.clock = clock or SystemClock()

    async def list(
        self,
        owner: str,
        *,
        status: TaskStatus | None = None,
        parent_id: int | None = None,
        limit: int = 100,
    ) -> list[TaskRecord]:
        """The owner's tasks in id order; ``parent_id`` filters to one task's subtasks."""
        raise NotImplementedError

    async def get(self, owner: str, task_id: int) -> TaskRecord:
        """One task."""
        raise NotImplementedError

    async def create(
        self, owner: str, title: str, *, notes: str = "", parent_id: int | None = None
    ) -> TaskRecord:
        """A new open task (a subtask when ``parent_id`` is one of the owner's tasks)."""
        raise NotImplementedError

    async def update(
        self,
        owner: str,
        task_id: int,
        *,
        title: str | None = None,
        status: TaskStatus | str | None = None,
        notes: str | None = None,
    ) -> TaskRecord:
        """Change what is given; None keeps it."""
        raise NotImplementedError

    async def decompose(
        self, owner: str, task_id: int, subtasks: Sequence[str]
    ) -> list[TaskRecord]:
        """Write ``subtasks`` (1 to 20 titles) as open subtasks of the task, in order."""
        raise NotImplementedError
