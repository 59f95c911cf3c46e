"""User tasks: a title, a status, a priority, notes and subtasks (``parent_id``).

``decompose`` writes the subtasks it is given (the chat flow asks the model for them) under
the parent in one transaction: all of them or none.

```python
tasks = TaskService(db)
trip = await tasks.create("alice", "Plan the Porto trip", priority="high")
steps = await tasks.decompose("alice", trip.id, ["Book flights", "Find a hotel"])
await tasks.update("alice", steps[0].id, status="done")
[t.title for t in await tasks.list("alice", parent_id=trip.id)]   # both subtasks
```
"""

from __future__ import annotations

import builtins
from collections.abc import Sequence

from sentinel.clock import Clock, SystemClock
from sentinel.owners import check_owner
from sentinel.storage.database import Database
from sentinel.storage.tasks import TaskPriority, TaskRecord, TaskStatus

__all__ = ["TaskPriority", "TaskRecord", "TaskService", "TaskStatus"]


class TaskService:
    """One owner's tasks on ``db``. Unknown or foreign ids raise ``RecordNotFound``; bad titles,
    statuses, priorities or notes raise ``InvalidInput`` naming the field."""

    def __init__(self, db: Database, *, clock: Clock | None = None) -> None:
        self.db = db
        self.clock = clock or SystemClock()

    async def list(
        self,
        owner: str,
        *,
        status: TaskStatus | str | None = None,
        parent_id: int | None = None,
        limit: int = 100,
        offset: int = 0,
    ) -> builtins.list[TaskRecord]:
        """The owner's tasks in id order; ``parent_id`` keeps one task's subtasks."""
        async with self.db.transaction() as tx:
            return await tx.tasks.list(
                check_owner(owner), status=status, parent_id=parent_id, limit=limit, offset=offset
            )

    async def get(self, owner: str, task_id: int) -> TaskRecord:
        """One task."""
        async with self.db.transaction() as tx:
            return await tx.tasks.get(check_owner(owner), task_id)

    async def create(
        self,
        owner: str,
        title: str,
        *,
        notes: str = "",
        priority: TaskPriority | str = TaskPriority.MEDIUM,
        parent_id: int | None = None,
    ) -> TaskRecord:
        """A new open task (a subtask when ``parent_id`` is one of the owner's tasks)."""
        async with self.db.transaction() as tx:
            return await tx.tasks.add(
                check_owner(owner),
                title,
                now=self.clock.now(),
                notes=notes,
                priority=priority,
                parent_id=parent_id,
            )

    async def update(
        self,
        owner: str,
        task_id: int,
        *,
        title: str | None = None,
        status: TaskStatus | str | None = None,
        priority: TaskPriority | str | None = None,
        notes: str | None = None,
    ) -> TaskRecord:
        """Change what is given; None keeps it."""
        async with self.db.transaction() as tx:
            return await tx.tasks.update(
                check_owner(owner),
                task_id,
                now=self.clock.now(),
                title=title,
                status=status,
                priority=priority,
                notes=notes,
            )

    async def delete(self, owner: str, task_id: int) -> None:
        """Delete the task and its subtasks."""
        async with self.db.transaction() as tx:
            await tx.tasks.delete(check_owner(owner), task_id)

    async def decompose(
        self, owner: str, task_id: int, subtasks: Sequence[str]
    ) -> builtins.list[TaskRecord]:
        """Write ``subtasks`` (1 to 20 titles) as open subtasks of the task, in order."""
        async with self.db.transaction() as tx:
            return await tx.tasks.add_subtasks(
                check_owner(owner), task_id, subtasks, now=self.clock.now()
            )
