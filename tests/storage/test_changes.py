"""Monitor lifecycle changes reach the database's listener after their transaction commits:
in order, once, and never for a transaction that rolled back."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from sentinel.errors import InvalidInput
from sentinel.storage import Database, MonitorState, NewMonitor, RecordNotFound
from sentinel.storage.changes import MonitorChange
from tests.storage.helpers import T0, at, make_monitor


class Recorder:
    """A listener that keeps what it was told, one list per call."""

    def __init__(self) -> None:
        self.calls: list[list[tuple[str, int]]] = []

    async def monitors_changed(self, changes: Sequence[MonitorChange]) -> None:
        self.calls.append([(c.kind, c.monitor_id) for c in changes])


async def test_each_committed_transaction_reports_its_lifecycle_changes_in_order(
    db: Database,
) -> None:
    recorder = Recorder()
    db.listener = recorder
    monitor = await make_monitor(db)
    async with db.transaction() as tx:
        await tx.monitors.transition(monitor.id, MonitorState.PAUSED, now=at(1))
        await tx.monitors.transition(monitor.id, MonitorState.ACTIVE, now=at(2))
        await tx.monitors.run_now(monitor.id, now=at(3))
    async with db.transaction() as tx:
        await tx.monitors.update(monitor.id, now=at(4), name="renamed")  # not a lifecycle change
    async with db.transaction() as tx:
        await tx.monitors.delete(monitor.id)

    assert recorder.calls == [
        [("created", monitor.id)],
        [("paused", monitor.id), ("resumed", monitor.id), ("run_now", monitor.id)],
        [("deleted", monitor.id)],
    ]


async def test_a_rolled_back_transaction_reports_nothing(db: Database) -> None:
    recorder = Recorder()
    db.listener = recorder

    async def create_then_fail() -> None:
        async with db.transaction() as tx:
            await tx.monitors.create(
                NewMonitor(name="x", original_query="q", action_criteria="c"), now=T0
            )
            raise InvalidInput("test", 1, "rolls the transaction back")

    with pytest.raises(InvalidInput):
        await create_then_fail()
    assert recorder.calls == []
    async with db.transaction() as tx:
        with pytest.raises(RecordNotFound):
            await tx.monitors.get_by_name("x")
