"""Run repository: one record per iteration of a monitor, from schedule to outcome.

Its writes open a run (pending or running), follow it (``save_trace``) and close it once, with
a whole outcome or a look's compact record (``sentinel.storage.run_endings``); its reads of a
monitor's history are those of ``sentinel.storage.run_history``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import and_, insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from sentinel.errors import InvalidInput
from sentinel.storage import run_history
from sentinel.storage.enums import RunStatus
from sentinel.storage.errors import RecordNotFound
from sentinel.storage.models import Monitor, Run
from sentinel.storage.monitor_fields import validate_json
from sentinel.storage.records import RunRecord
from sentinel.storage.run_endings import OPEN_STATUSES, LookEnding, RunEnding
from sentinel.storage.run_history import RunSummary, RunTail
from sentinel.storage.types import as_utc

ABANDONED = "abandoned"


class RunRepository:
    """Run records on one transaction's session."""

    def __init__(self, session: AsyncSession, owner: str | None = None) -> None:
        self.session = session
        self.owner = owner  # whose rows it reads (see ``sentinel.storage.ownership``)

    async def create_pending(
        self, monitor_id: int, *, scheduled_at: datetime, retry_count: int = 0
    ) -> RunRecord:
        """Record a run that is due but not started (e.g. queued behind a concurrency limit)."""
        return await self._insert(monitor_id, RunStatus.PENDING, scheduled_at, None, retry_count)

    async def create_pending_many(
        self, pending: Sequence[tuple[int, datetime, int]]
    ) -> list[RunRecord]:
        """Record pending runs, one per ``(monitor_id, scheduled_at, retry_count)``, in one
        INSERT; the records come back in the order given."""
        if not pending:
            return []
        for _, _, retry_count in pending:
            if retry_count < 0:
                raise InvalidInput("retry_count", retry_count, "must not be negative")
        # RETURNING the ids only: the rest of each record is what was written (no ORM rows).
        ids = await self.session.scalars(
            insert(Run).returning(Run.id, sort_by_parameter_order=True),
            [
                {
                    "monitor_id": monitor_id,
                    "status": RunStatus.PENDING,
                    "scheduled_at": scheduled_at,
                    "started_at": None,
                    "retry_count": retry_count,
                    "trace": [],
                    "usage": {},
                }
                for monitor_id, scheduled_at, retry_count in pending
            ],
        )
        return [
            _pending_record(run_id, monitor_id, scheduled_at, retry_count)
            for run_id, (monitor_id, scheduled_at, retry_count) in zip(ids, pending, strict=True)
        ]

    async def start(
        self,
        monitor_id: int,
        *,
        scheduled_at: datetime,
        started_at: datetime,
        retry_count: int = 0,
    ) -> RunRecord:
        """Record a run that starts now."""
        return await self._insert(
            monitor_id, RunStatus.RUNNING, scheduled_at, started_at, retry_count
        )

    async def mark_running(self, run_id: int, *, started_at: datetime) -> RunRecord:
        """Move a pending run to running."""
        row = await self._set(
            run_id,
            Run.status == RunStatus.PENDING,
            {"status": RunStatus.RUNNING, "started_at": started_at},
        )
        return RunRecord.of(row)

    async def save_trace(self, run_id: int, trace: list[dict[str, Any]]) -> None:
        """Store the activity trace of a run in progress, so the UI can follow it live."""
        validate_json("trace", trace, list)
        await self._set(run_id, Run.status.in_(OPEN_STATUSES), {"trace": trace})

    async def finish(
        self,
        run_id: int,
        outcome: RunEnding,
        *,
        finished_at: datetime,
        started_at: datetime | None = None,
    ) -> RunRecord:
        """Write the outcome of an open run; a run is finished once (InvalidInput otherwise).
        ``started_at`` also stamps its start (a pending run finished without running)."""
        started = {} if started_at is None else {"started_at": started_at}
        row = await self._set(
            run_id,
            Run.status.in_(OPEN_STATUSES),
            {
                **started,
                "status": outcome.status,
                "finished_at": finished_at,
                "sensor_output": outcome.sensor_output,
                "decision": outcome.decision,
                "state_version": outcome.state_version,
                "error_category": outcome.error_category,
                "error_message": outcome.error_message,
                "trace": outcome.trace,
                "usage": outcome.usage,
                "raw_model_output": outcome.raw_model_output,
            },
        )
        return RunRecord.of(row)

    async def finish_look(
        self,
        run_id: int,
        look: LookEnding,
        *,
        finished_at: datetime,
        started_at: datetime | None = None,
    ) -> None:
        """Close an open run as a look that saw no change (see :class:`LookEnding`): one
        UPDATE that returns nothing, for the cheapest run a monitor makes. InvalidInput if
        the run is not open, ``RecordNotFound`` if there is none."""
        started = {} if started_at is None else {"started_at": started_at}
        result = await self.session.execute(
            update(Run)
            .where(Run.id == run_id, Run.status.in_(OPEN_STATUSES))
            .values(
                **started,
                status=RunStatus.SKIPPED_NO_CHANGE,
                finished_at=finished_at,
                decision=look.decision(),
                usage=look.usage(),
            )
            .execution_options(synchronize_session=False)
        )
        if getattr(result, "rowcount", 0) == 0:
            raise await self._not_open(run_id)

    async def abandon_running(
        self, monitor_ids: Iterable[int], *, now: datetime, message: str
    ) -> int:
        """Fail the open runs of monitors whose lease expired (see ``reap_expired_leases``).

        Their category is ``abandoned``: the worker vanished, nothing is known about the error.
        Returns how many runs were closed.
        """
        ids = list(monitor_ids)
        if not ids:
            return 0
        result = await self.session.execute(
            update(Run)
            .where(Run.monitor_id.in_(ids), Run.status.in_(OPEN_STATUSES))
            .values(
                status=RunStatus.FAILED,
                finished_at=now,
                error_category=ABANDONED,
                error_message=message,
            )
            .execution_options(synchronize_session=False)
        )
        count: int = getattr(result, "rowcount", 0)
        return count

    async def get(self, run_id: int) -> RunRecord:
        """The run, or ``RecordNotFound``."""
        row = await self.session.get(Run, run_id, populate_existing=True)
        if row is None or not await self._owned(row.monitor_id):
            raise RecordNotFound("run", run_id)
        return RunRecord.of(row)

    async def for_monitor(
        self, monitor_id: int, *, limit: int = 50, before_id: int | None = None
    ) -> list[RunRecord]:
        """Runs of a monitor, newest first; page with ``before_id``."""
        return await run_history.page_runs(
            self.session, monitor_id, self.owner, limit=limit, before_id=before_id
        )

    async def summaries(self, monitor_id: int, *, limit: int = 50) -> list[RunSummary]:
        """The newest ``limit`` runs of a monitor, newest first, without their traces and
        usage (see ``run_history.summaries``)."""
        return await run_history.summaries(self.session, monitor_id, limit=limit)

    async def summaries_of(
        self, newest: Sequence[tuple[int, int]], *, limit: int = 50
    ) -> dict[int, list[RunSummary]]:
        """:meth:`summaries` of several monitors in one statement, each before the run named
        with it (see ``run_history.summaries_before``)."""
        return await run_history.summaries_before(self.session, newest, limit=limit)

    async def latest_of(self, monitor_ids: Iterable[int]) -> dict[int, RunRecord]:
        """The newest run of each monitor that has one, in one statement (see
        ``run_history.latest_runs``)."""
        return await run_history.latest_runs(self.session, monitor_ids, self.owner)

    async def latest_tails(self, monitor_ids: Iterable[int]) -> dict[int, RunTail]:
        """:meth:`latest_of` without the runs' documents, in one light statement (see
        ``run_history.latest_tails``)."""
        return await run_history.latest_tails(self.session, monitor_ids, self.owner)

    async def _owned(self, monitor_id: int) -> bool:
        if self.owner is None:
            return True
        owner = await self.session.scalar(select(Monitor.owner).where(Monitor.id == monitor_id))
        return owner == self.owner

    async def _insert(
        self,
        monitor_id: int,
        status: RunStatus,
        scheduled_at: datetime,
        started_at: datetime | None,
        retry_count: int,
    ) -> RunRecord:
        if retry_count < 0:
            raise InvalidInput("retry_count", retry_count, "must not be negative")
        row = Run(
            monitor_id=monitor_id,
            status=status,
            scheduled_at=scheduled_at,
            started_at=started_at,
            retry_count=retry_count,
            trace=[],
            usage={},
        )
        self.session.add(row)
        await self.session.flush()
        return RunRecord.of(row)

    async def _set(self, run_id: int, guard: Any, values: dict[str, Any]) -> Run:
        row = await self.session.scalar(
            update(Run)
            .where(and_(Run.id == run_id, guard))
            .values(**values)
            .returning(Run)
            .execution_options(synchronize_session=False, populate_existing=True)
        )
        if row is None:
            raise await self._not_open(run_id)
        return row

    async def _not_open(self, run_id: int) -> RecordNotFound | InvalidInput:
        """Why a guarded write to ``run_id`` matched no row: it is gone, or already closed."""
        current = await self.session.get(Run, run_id, populate_existing=True)
        if current is None:
            return RecordNotFound("run", run_id)
        return InvalidInput("run", run_id, f"is already {current.status.value}")


def _pending_record(
    run_id: int, monitor_id: int, scheduled_at: datetime, retry_count: int
) -> RunRecord:
    """The record of a pending run as :meth:`RunRepository.create_pending_many` wrote it."""
    return RunRecord(
        id=run_id,
        monitor_id=monitor_id,
        status=RunStatus.PENDING,
        scheduled_at=as_utc(scheduled_at),
        started_at=None,
        finished_at=None,
        sensor_output=None,
        decision=None,
        state_version=None,
        error_category=None,
        error_message=None,
        retry_count=retry_count,
        trace=[],
        usage={},
        raw_model_output=None,
    )
