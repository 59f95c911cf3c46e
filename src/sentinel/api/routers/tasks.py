"""``/tasks``: the caller's own tasks and subtasks (not monitors, not research jobs)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Path, Query, Request, Response
from pydantic import BaseModel, Field

from sentinel.api.dependencies import MAX_ID, MAX_OFFSET
from sentinel.api.owners import Owner, Tasks
from sentinel.api.pagination import Limit, Page, offset_page
from sentinel.api.problems import PROBLEM_RESPONSES
from sentinel.api.view import RecordView
from sentinel.assistant.tasks import TaskPriority, TaskStatus
from sentinel.storage.tasks import MAX_NOTES_CHARS, MAX_TITLE_CHARS

router = APIRouter(prefix="/tasks", tags=["tasks"], responses=PROBLEM_RESPONSES)
TaskId = Annotated[int, Path(ge=1, le=MAX_ID, description="The task's id.")]
Title = Annotated[str, Field(min_length=1, max_length=MAX_TITLE_CHARS)]


class TaskOut(RecordView):
    """A task as the API shows it."""

    id: int
    title: str
    status: TaskStatus
    priority: TaskPriority
    parent_id: int | None
    notes: str
    created_at: datetime
    updated_at: datetime


class NewTask(BaseModel):
    """A task to create (a subtask when ``parent_id`` is given)."""

    title: Title
    notes: str = Field(default="", max_length=MAX_NOTES_CHARS)
    priority: TaskPriority = TaskPriority.MEDIUM
    parent_id: int | None = Field(default=None, ge=1, le=MAX_ID, strict=True)


class TaskChanges(BaseModel):
    """What to change (absent fields stay)."""

    title: Title | None = None
    status: TaskStatus | None = None
    priority: TaskPriority | None = None
    notes: str | None = Field(default=None, max_length=MAX_NOTES_CHARS)


class Decomposition(BaseModel):
    """The subtasks to write under a task, in order."""

    subtasks: list[Title] = Field(min_length=1, max_length=20)


@router.get("")
async def list_tasks(
    request: Request,
    owner: Owner,
    tasks: Tasks,
    status: TaskStatus | None = None,
    parent_id: Annotated[int | None, Query(ge=1, le=MAX_ID)] = None,
    limit: int = Limit,
    offset: Annotated[int, Query(ge=0, le=MAX_OFFSET, description="Tasks to skip.")] = 0,
) -> Page[TaskOut]:
    """The caller's tasks in id order, optionally of one status or one parent."""
    rows = await tasks.list(
        owner, status=status, parent_id=parent_id, limit=limit + 1, offset=offset
    )
    return offset_page(request, [TaskOut.of(r) for r in rows], limit=limit, offset=offset)


@router.post("", status_code=201)
async def create_task(body: NewTask, owner: Owner, tasks: Tasks) -> TaskOut:
    """Create an open task."""
    made = await tasks.create(
        owner, body.title, notes=body.notes, priority=body.priority, parent_id=body.parent_id
    )
    return TaskOut.of(made)


@router.get("/{task_id}")
async def get_task(task_id: TaskId, owner: Owner, tasks: Tasks) -> TaskOut:
    """One of the caller's tasks (another owner's is 404)."""
    return TaskOut.of(await tasks.get(owner, task_id))


@router.patch("/{task_id}")
async def edit_task(task_id: TaskId, body: TaskChanges, owner: Owner, tasks: Tasks) -> TaskOut:
    """Change a task's title, status, priority or notes."""
    changed = await tasks.update(
        owner,
        task_id,
        title=body.title,
        status=body.status,
        priority=body.priority,
        notes=body.notes,
    )
    return TaskOut.of(changed)


@router.delete("/{task_id}", status_code=204)
async def delete_task(task_id: TaskId, owner: Owner, tasks: Tasks) -> Response:
    """Delete a task and its subtasks."""
    await tasks.delete(owner, task_id)
    return Response(status_code=204)


@router.post("/{task_id}/decompose", status_code=201)
async def decompose_task(
    task_id: TaskId, body: Decomposition, owner: Owner, tasks: Tasks
) -> list[TaskOut]:
    """Write subtasks under a task, all or none."""
    return [TaskOut.of(t) for t in await tasks.decompose(owner, task_id, body.subtasks)]
