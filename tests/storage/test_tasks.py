"""TaskRepository: an owner's tasks, statuses, priorities and subtasks."""

from __future__ import annotations

import pytest

from sentinel.errors import InvalidInput
from sentinel.storage import Database, RecordNotFound
from sentinel.storage.tasks import TaskPriority, TaskStatus
from tests.storage.helpers import T0, at


async def test_a_task_starts_open_with_medium_priority(db: Database) -> None:
    async with db.transaction() as tx:
        task = await tx.tasks.add("alice", "  Book   flights ", now=T0, notes="to Porto")
    assert (task.title, task.status, task.priority, task.notes, task.parent_id) == (
        "Book flights",
        TaskStatus.OPEN,
        TaskPriority.MEDIUM,
        "to Porto",
        None,
    )


async def test_update_changes_only_what_is_given(db: Database) -> None:
    async with db.transaction() as tx:
        task = await tx.tasks.add("alice", "Write report", now=T0)
        done = await tx.tasks.update("alice", task.id, now=at(9), status="DONE")
    assert (done.title, done.status, done.updated_at, done.created_at) == (
        "Write report",
        TaskStatus.DONE,
        at(9),
        T0,
    )


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"status": "finished"}, "status"),
        ({"priority": "urgent"}, "priority"),
        ({"title": " "}, "title"),
    ],
)
async def test_bad_values_are_refused_naming_the_field(
    db: Database, change: dict[str, str], field: str
) -> None:
    async with db.transaction() as tx:
        task = await tx.tasks.add("alice", "t", now=T0)
        with pytest.raises(InvalidInput, match=field):
            await tx.tasks.update("alice", task.id, now=T0, **change)


async def test_subtasks_are_written_in_order_under_their_parent(db: Database) -> None:
    async with db.transaction() as tx:
        trip = await tx.tasks.add("alice", "Plan the trip", now=T0, priority="high")
        steps = await tx.tasks.add_subtasks("alice", trip.id, ["Flights", "Hotel"], now=at(1))
        listed = await tx.tasks.list("alice", parent_id=trip.id)
    assert [(s.title, s.parent_id, s.priority) for s in listed] == [
        ("Flights", trip.id, TaskPriority.HIGH),
        ("Hotel", trip.id, TaskPriority.HIGH),
    ]
    assert listed == steps


async def test_a_bad_subtask_title_writes_none_of_them(db: Database) -> None:
    async with db.transaction() as tx:
        trip = await tx.tasks.add("alice", "Plan", now=T0)
    with pytest.raises(InvalidInput, match="title"):
        async with db.transaction() as tx:
            await tx.tasks.add_subtasks("alice", trip.id, ["ok", ""], now=T0)
    async with db.transaction() as tx:
        assert await tx.tasks.list("alice", parent_id=trip.id) == []
        with pytest.raises(InvalidInput, match="subtask"):
            await tx.tasks.add_subtasks("alice", trip.id, [], now=T0)


async def test_deleting_a_task_deletes_its_subtasks(db: Database) -> None:
    async with db.transaction() as tx:
        trip = await tx.tasks.add("alice", "Plan", now=T0)
        [step] = await tx.tasks.add_subtasks("alice", trip.id, ["Flights"], now=T0)
        await tx.tasks.add_subtasks("alice", step.id, ["Compare prices"], now=T0)
        await tx.tasks.delete("alice", trip.id)
        assert await tx.tasks.list("alice") == []


async def test_owners_never_see_or_nest_under_each_others_tasks(db: Database) -> None:
    async with db.transaction() as tx:
        mine = await tx.tasks.add("alice", "mine", now=T0)
        assert await tx.tasks.list("bob") == []
        with pytest.raises(RecordNotFound, match="task"):
            await tx.tasks.get("bob", mine.id)
        with pytest.raises(RecordNotFound):
            await tx.tasks.add("bob", "sneaky", now=T0, parent_id=mine.id)
        with pytest.raises(RecordNotFound):
            await tx.tasks.update("bob", mine.id, now=T0, status="done")


async def test_status_filter_and_nesting_depth(db: Database) -> None:
    async with db.transaction() as tx:
        parent = await tx.tasks.add("alice", "level 1", now=T0)
        for depth in range(2, 6):
            parent = await tx.tasks.add("alice", f"level {depth}", now=T0, parent_id=parent.id)
        with pytest.raises(InvalidInput, match="deep"):
            await tx.tasks.add("alice", "level 6", now=T0, parent_id=parent.id)
        await tx.tasks.update("alice", parent.id, now=T0, status="in_progress")
        assert [t.title for t in await tx.tasks.list("alice", status="in_progress")] == ["level 5"]
