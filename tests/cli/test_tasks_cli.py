"""``sentinel tasks``: the local user's tasks — add, list, done, delete — on the same storage
the chat and the API use; bad input is one clear line and exit code 2."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from sentinel.assistant.tasks import TaskService
from sentinel.storage import open_database
from sentinel.storage.settings import sqlite_url
from tests.cli.test_watch_cli import home, invoke, sqlite_template

__all__ = ["home", "sqlite_template"]


def add(*args: str) -> dict[str, Any]:
    result = invoke("tasks", "add", *args, "--json")
    assert result.exit_code == 0, result.output
    made: dict[str, Any] = json.loads(result.stdout)
    return made


def listed(*args: str) -> list[dict[str, Any]]:
    result = invoke("tasks", "list", *args, "--json")
    assert result.exit_code == 0, result.output
    tasks: list[dict[str, Any]] = json.loads(result.stdout)
    return tasks


def test_tasks_are_added_listed_done_and_deleted(home: Path) -> None:
    trip = add("Visit Ana in Porto", "--priority", "high")
    train = add("Book the train", "--parent", str(trip["id"]))
    add("Buy a present", "--parent", str(trip["id"]), "--notes", "she runs")
    assert trip["status"] == "open"
    assert trip["priority"] == "high"
    assert train["parent_id"] == trip["id"]
    assert train["priority"] == "medium"

    shown = invoke("tasks", "list")
    assert shown.exit_code == 0, shown.output
    assert "Visit Ana in Porto" in shown.stdout
    assert "Book the train" in shown.stdout
    assert [t["title"] for t in listed("--parent", str(trip["id"]))] == [
        "Book the train",
        "Buy a present",
    ]

    finished = invoke("tasks", "done", str(train["id"]))
    assert finished.exit_code == 0, finished.output
    assert f"Done: task #{train['id']}: Book the train (subtask of #{trip['id']})" in (
        finished.stdout
    )
    assert [t["title"] for t in listed("--status", "done")] == ["Book the train"]
    assert [t["title"] for t in listed("--status", "open")] == [
        "Visit Ana in Porto",
        "Buy a present",
    ]

    deleted = invoke("tasks", "delete", str(trip["id"]))
    assert deleted.exit_code == 0, deleted.output
    assert listed() == []  # the subtasks went with their parent
    assert "No tasks" in invoke("tasks", "list").stdout


def test_the_cli_and_the_assistant_share_one_task_list(home: Path) -> None:
    async def by_service() -> None:
        db = await open_database(sqlite_url(home / "sentinel.db"), migrate=False)
        try:
            await TaskService(db).create("local", "Call Ana on Sunday")
            await TaskService(db).create("alice", "Alice's own task")
        finally:
            await db.close()

    asyncio.run(by_service())
    assert [t["title"] for t in listed()] == ["Call Ana on Sunday"]
    assert [t["title"] for t in listed("--owner", "alice")] == ["Alice's own task"]


def test_bad_input_is_one_line_naming_the_problem(home: Path) -> None:
    priority = invoke("tasks", "add", "Call Ana", "--priority", "urgent")
    assert priority.exit_code == 2
    assert "invalid priority 'urgent': must be one of low, medium, high" in priority.output
    status = invoke("tasks", "list", "--status", "later")
    assert status.exit_code == 2
    assert "invalid status 'later': must be one of open, in_progress, done, cancelled" in (
        status.output
    )
    missing = invoke("tasks", "done", "999")
    assert missing.exit_code == 2
    assert "no task 999" in missing.output
    orphan = invoke("tasks", "add", "Step", "--parent", "999")
    assert orphan.exit_code == 2
    assert "no task 999" in orphan.output
    assert listed() == []  # nothing half-written
    empty = invoke("tasks", "add", "   ")
    assert empty.exit_code == 2
    assert "invalid title" in empty.output
