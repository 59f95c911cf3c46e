"""``sentinel tasks``: the assistant's to-do list of the local user — list, add, done, delete.

The same tasks the chat's CREATE_TASK / LIST_TASKS actions, the API's ``/api/v1/tasks`` and
each other see: one ``TaskService`` over the configured database. Tasks are the person's own
(not monitors, not research jobs); a subtask names its parent with ``--parent``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated, TypeVar

import typer
from rich.markup import escape
from rich.table import Table

from sentinel.assistant.tasks import TaskRecord, TaskService, TaskStatus
from sentinel.assistant.views import task_view
from sentinel.cli import common
from sentinel.cli.common import database, print_json, run, stdout, when
from sentinel.owners import LOCAL_OWNER

app = typer.Typer(no_args_is_help=True)
T = TypeVar("T")

OwnerOption = Annotated[str, typer.Option("--owner", help="Whose tasks (default: the local user).")]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON.")]
TaskId = Annotated[int, typer.Argument(help="The task's id (see `tasks list`).")]


def with_tasks(work: Callable[[TaskService], Awaitable[T]]) -> T:
    """``work`` on the task service over the configured database, its errors reported for
    people (one red line, exit code 2 for bad input or an unknown task)."""

    async def main() -> T:
        # Tasks never change a monitor: no engine listener.
        async with database(listen=False) as db:
            return await work(TaskService(db, clock=common.cli_clock()))

    return run(main)


def print_changed(done: str, record: TaskRecord, *, as_json: bool) -> None:
    """The task just added or changed: JSON, or ``<done> task #id: title``."""
    if as_json:
        print_json(task_view(record))
        return
    under = f" (subtask of #{record.parent_id})" if record.parent_id is not None else ""
    stdout.print(f"{done} task #{record.id}: {escape(record.title)}{under}", soft_wrap=True)


@app.command("list")
def list_tasks(
    status: Annotated[
        str | None,
        typer.Option(
            "--status", help="Only tasks in this status: open, in_progress, done or cancelled."
        ),
    ] = None,
    parent: Annotated[
        int | None, typer.Option("--parent", min=1, help="Only the subtasks of this task.")
    ] = None,
    limit: Annotated[int, typer.Option("--limit", min=1, max=1000)] = 100,
    owner: OwnerOption = LOCAL_OWNER,
    as_json: JsonOption = False,
) -> None:
    """The tasks in id order (subtasks show their parent)."""
    records = with_tasks(lambda t: t.list(owner, status=status, parent_id=parent, limit=limit))
    if as_json:
        print_json([task_view(r) for r in records])
        return
    if not records:
        stdout.print('No tasks: add one with `sentinel tasks add "…"`.')
        return
    table = Table("id", "task", "status", "priority", "parent", "updated")
    for record in records:
        table.add_row(
            str(record.id),
            escape(record.title),
            record.status.value,
            record.priority.value,
            "-" if record.parent_id is None else str(record.parent_id),
            when(record.updated_at),
        )
    stdout.print(table)


@app.command()
def add(
    title: Annotated[str, typer.Argument(help="What to do.")],
    priority: Annotated[str, typer.Option("--priority", help="low, medium or high.")] = "medium",
    notes: Annotated[str, typer.Option("--notes", help="Anything to keep with it.")] = "",
    parent: Annotated[
        int | None, typer.Option("--parent", min=1, help="Make it a subtask of this task.")
    ] = None,
    owner: OwnerOption = LOCAL_OWNER,
    as_json: JsonOption = False,
) -> None:
    """Add an open task (a subtask with ``--parent``)."""
    record = with_tasks(
        lambda t: t.create(owner, title, notes=notes, priority=priority, parent_id=parent)
    )
    print_changed("Added", record, as_json=as_json)


@app.command()
def done(
    task_id: TaskId,
    owner: OwnerOption = LOCAL_OWNER,
    as_json: JsonOption = False,
) -> None:
    """Mark a task done (its subtasks keep their own status)."""
    record = with_tasks(lambda t: t.update(owner, task_id, status=TaskStatus.DONE))
    print_changed("Done:", record, as_json=as_json)


@app.command()
def delete(task_id: TaskId, owner: OwnerOption = LOCAL_OWNER) -> None:
    """Delete a task with its subtasks."""
    with_tasks(lambda t: t.delete(owner, task_id))
    stdout.print(f"Deleted task #{task_id} and its subtasks.")
