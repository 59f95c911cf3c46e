"""Task actions: LIST, CREATE, UPDATE and DECOMPOSE the owner's tasks.

DECOMPOSE_TASK writes subtasks: the ones the plan gives, or, when it gives none, the steps the
model proposes for the task's title (one structured call).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from sentinel.assistant.chat.actions.base import ActionContext, ActionEntry, Params, Result
from sentinel.assistant.chat.prompts import subtasks_messages
from sentinel.assistant.chat.schemas import Subtasks
from sentinel.assistant.views import task_view
from sentinel.llm import UsageTracker

Status = Literal["open", "in_progress", "done", "cancelled"]
Priority = Literal["low", "medium", "high"]


class ListTasks(Params):
    """Which tasks to list."""

    status: Status | None = None
    parent_id: int | None = Field(default=None, ge=1)
    limit: int = Field(default=20, ge=1, le=100)


class CreateTask(Params):
    """A new task."""

    title: str = Field(min_length=1, max_length=500)
    notes: str = Field(default="", max_length=4000)
    priority: Priority = "medium"
    parent_id: int | None = Field(default=None, ge=1)


class UpdateTask(Params):
    """Changes to a task (omitted fields are kept)."""

    task_id: int = Field(ge=1)
    title: str | None = Field(default=None, min_length=1, max_length=500)
    status: Status | None = None
    priority: Priority | None = None
    notes: str | None = Field(default=None, max_length=4000)


class DecomposeTask(Params):
    """The task to break down, and optionally its steps."""

    task_id: int = Field(ge=1)
    subtasks: list[str] | None = Field(default=None, min_length=1, max_length=20)


class TasksResult(Result):
    """Tasks listed."""

    count: int
    tasks: list[dict[str, Any]]


class TaskResult(Result):
    """The task after the action, and the subtasks written (DECOMPOSE_TASK)."""

    task: dict[str, Any]
    subtasks: list[dict[str, Any]] = Field(default_factory=list)


async def list_tasks(ctx: ActionContext, params: ListTasks) -> TasksResult:
    """LIST_TASKS."""
    records = await ctx.deps.tasks.list(
        ctx.owner, status=params.status, parent_id=params.parent_id, limit=params.limit
    )
    return TasksResult(count=len(records), tasks=[task_view(r) for r in records])


async def create_task(ctx: ActionContext, params: CreateTask) -> TaskResult:
    """CREATE_TASK."""
    record = await ctx.deps.tasks.create(
        ctx.owner,
        params.title,
        notes=params.notes,
        priority=params.priority,
        parent_id=params.parent_id,
    )
    return TaskResult(task=task_view(record))


async def update_task(ctx: ActionContext, params: UpdateTask) -> TaskResult:
    """UPDATE_TASK."""
    record = await ctx.deps.tasks.update(
        ctx.owner,
        params.task_id,
        title=params.title,
        status=params.status,
        priority=params.priority,
        notes=params.notes,
    )
    return TaskResult(task=task_view(record))


async def decompose_task(ctx: ActionContext, params: DecomposeTask) -> TaskResult:
    """DECOMPOSE_TASK."""
    task = await ctx.deps.tasks.get(ctx.owner, params.task_id)
    steps = params.subtasks
    if steps is None:
        settings = ctx.deps.settings
        with UsageTracker() as spent:  # failed attempts count too
            try:
                completion = await ctx.deps.model.complete(
                    subtasks_messages(task.title, task.notes),
                    output=Subtasks,
                    max_tokens=settings.structured_tokens,
                    temperature=settings.planning_temperature,
                )
            finally:
                ctx.usage.add(spent.total)
        steps = completion.parsed.subtasks
    written = await ctx.deps.tasks.decompose(ctx.owner, task.id, steps)
    return TaskResult(task=task_view(task), subtasks=[task_view(r) for r in written])


ENTRIES = (
    ActionEntry("LIST_TASKS", "tasks", "list the user's tasks", ListTasks, list_tasks),
    ActionEntry("CREATE_TASK", "tasks", "create a task", CreateTask, create_task),
    ActionEntry(
        "UPDATE_TASK",
        "tasks",
        "change a task's title, status, priority or notes",
        UpdateTask,
        update_task,
    ),
    ActionEntry(
        "DECOMPOSE_TASK",
        "tasks",
        "break a task into subtasks (give them, or they are proposed for you)",
        DecomposeTask,
        decompose_task,
    ),
)
