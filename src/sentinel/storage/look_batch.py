"""Group commit of looks: the looks that end together are written in one transaction.

A worker looking at 111 pages a second finishes dozens of looks between two commits. Each
look's write is two short UPDATEs (its run closed compactly, its monitor scheduled); what it
costs is mostly the transaction around them. :class:`LookBatcher` queues the looks that end
while a write is in progress and writes them next, together: one transaction and two
``executemany`` statements for the batch (SQLite; with a single look, or on a driver that
cannot count the rows an ``executemany`` changed, each look is written as before, in a
transaction of its own). No look waits for a timer: a batch is whatever queued meanwhile.

Every look's outcome is what it would have been alone. When the batch's statements do not
change exactly one run and one monitor per look (a run closed meanwhile, a lease lost to a
pause), the batch's transaction is rolled back and each look is written on its own, so each
gets its own answer (scheduled or not) or its own error.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, cast

from sqlalchemy import Table, bindparam, or_, update

from sentinel.storage.enums import MonitorState, RunStatus
from sentinel.storage.models import Monitor, Run
from sentinel.storage.run_endings import OPEN_STATUSES, LookEnding

if TYPE_CHECKING:
    from sentinel.storage.database import Database, Transaction

# The tables themselves: Core statements, without the ORM's bookkeeping.
_RUNS = cast("Table", Run.__table__)
_MONITORS = cast("Table", Monitor.__table__)

# Built once: a statement built per call costs more CPU than the UPDATE itself.
_FINISH_LOOKS = (
    update(_RUNS)
    .where(
        _RUNS.c.id == bindparam("b_run"),
        # Not IN (…): an executemany cannot expand a list.
        or_(*(_RUNS.c.status == status for status in sorted(OPEN_STATUSES))),
    )
    .values(
        status=RunStatus.SKIPPED_NO_CHANGE,
        started_at=bindparam("b_at"),
        finished_at=bindparam("b_at"),
        decision=bindparam("b_decision"),
        usage=bindparam("b_usage"),
    )
)
_SCHEDULE_LOOKS = (
    update(_MONITORS)
    .where(
        _MONITORS.c.id == bindparam("b_monitor"),
        _MONITORS.c.lease_owner == bindparam("b_owner"),
        _MONITORS.c.state == MonitorState.ACTIVE,
    )
    .values(
        run_count=_MONITORS.c.run_count + 1,
        last_run_at=bindparam("b_at"),
        consecutive_failures=0,
        updated_at=bindparam("b_at"),
        next_run_at=bindparam("b_next"),
        lease_owner=None,
        lease_expires_at=None,
    )
)


@dataclass(frozen=True, slots=True)
class LookWrite:
    """One look to record: its open run closed as ``ending`` at ``at``, and its monitor's
    next run at ``next_run_at`` while ``owner`` holds the lease (see
    ``MonitorRepository.record_run``)."""

    run_id: int
    monitor_id: int
    owner: str
    ending: LookEnding
    at: datetime
    next_run_at: datetime


async def write_one(tx: Transaction, look: LookWrite) -> bool:
    """Record one look in ``tx``; whether the schedule was written (the lease was held)."""
    await tx.runs.finish_look(look.run_id, look.ending, finished_at=look.at, started_at=look.at)
    return await tx.monitors.record_run(
        look.monitor_id, look.owner, ran_at=look.at, next_run_at=look.next_run_at, failed=False
    )


class LookBatcher:
    """Writes the looks of ``db`` by group commit (see the module documentation)."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.batches = 0  # transactions written for more than one look (for tests, benches)
        self._queue: list[tuple[LookWrite, asyncio.Future[bool]]] = []
        self._writer: asyncio.Task[None] | None = None

    async def record(self, look: LookWrite) -> bool:
        """Record ``look`` with the looks that end meanwhile; whether its schedule was
        written. Raises what recording it alone would raise."""
        done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._queue.append((look, done))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.ensure_future(self._drain())
        return await done

    async def _drain(self) -> None:
        while self._queue:
            batch, self._queue = self._queue, []
            try:
                await self._write(batch)
            except BaseException as error:  # handed to every waiter
                for _, done in batch:
                    if not done.done():
                        done.set_exception(error)
                if not isinstance(error, Exception):
                    raise

    async def _write(self, batch: Sequence[tuple[LookWrite, asyncio.Future[bool]]]) -> None:
        looks = [look for look, _ in batch]
        if len(looks) > 1 and self.db.engine.dialect.supports_sane_multi_rowcount:
            try:
                async with self.db.transaction() as tx:
                    if not await _write_many(tx, looks):
                        raise _NotOnePerLook
            except _NotOnePerLook:
                pass
            else:
                self.batches += 1
                for _, done in batch:
                    if not done.done():
                        done.set_result(True)
                return
        for look, done in batch:
            try:
                async with self.db.transaction() as tx:
                    held = await write_one(tx, look)
            except Exception as error:  # this look's own error, to its waiter
                if not done.done():
                    done.set_exception(error)
            else:
                if not done.done():
                    done.set_result(held)


class _NotOnePerLook(Exception):
    """A batch's statements did not change one run and one monitor per look."""


async def _write_many(tx: Transaction, looks: Sequence[LookWrite]) -> bool:
    """The batch in two ``executemany``; whether each changed exactly one row per look."""
    connection = await tx.session.connection()
    runs: list[dict[str, Any]] = [
        {
            "b_run": look.run_id,
            "b_at": look.at,
            "b_decision": look.ending.decision(),
            "b_usage": look.ending.usage(),
        }
        for look in looks
    ]
    if _rowcount(await connection.execute(_FINISH_LOOKS, runs)) != len(looks):
        return False
    monitors: list[dict[str, Any]] = [
        {
            "b_monitor": look.monitor_id,
            "b_owner": look.owner,
            "b_at": look.at,
            "b_next": look.next_run_at,
        }
        for look in looks
    ]
    return _rowcount(await connection.execute(_SCHEDULE_LOOKS, monitors)) == len(looks)


def _rowcount(result: Any) -> int:
    count: int = result.rowcount
    return count


__all__ = ["LookBatcher", "LookWrite", "write_one"]
