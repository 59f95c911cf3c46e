"""Run repository: one record per iteration of a monitor, from schedule to outcome."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import and_, func, insert, select, union_all, update
from sqlalchemy.ext.asyncio import AsyncSession

from sentinel.errors import InvalidInput
from sentinel.storage.enums import SKIPPED_STATUSES, RunStatus
from sentinel.storage.errors import RecordNotFound
from sentinel.storage.models import Monitor, Run
from sentinel.storage.monitor_fields import validate_json
from sentinel.storage.ownership import of_owned_monitor
from sentinel.storage.records import RunRecord
from sentinel.storage.types import as_utc

OPEN_STATUSES = frozenset({RunStatus.PENDING, RunStatus.RUNNING})
OUTCOME_STATUSES = frozenset(
    {RunStatus.SUCCEEDED, RunStatus.RETRYING, RunStatus.FAILED, *SKIPPED_STATUSES}
)
ABANDONED = "abandoned"


@dataclass(frozen=True, slots=True)
class RunSummary:
    """What a run's history is read for (:meth:`RunRepository.summaries`): a run record
    without its trace, usage and error details."""

    id: int
    status: RunStatus
    scheduled_at: datetime
    started_at: datetime | None
    retry_count: int
    decision: dict[str, Any] | None
    sensor_output: dict[str, Any] | None


@dataclass(frozen=True, slots=True)
class RunTail:
    """A monitor's newest run as the engine's claim reads it (:meth:`RunRepository.latest_tails`):
    enough to place the next run in a retry chain, without the run's documents."""

    id: int
    monitor_id: int
    status: RunStatus
    retry_count: int
    error_category: str | None


@dataclass(frozen=True, slots=True)
class RunEnding:
    """How a run ended. ``retrying`` means this attempt failed and another is scheduled.

    ``raw_model_output`` keeps what a model said when it could not be used, for debugging.
    """

    status: RunStatus
    sensor_output: dict[str, Any] | None = None
    decision: dict[str, Any] | None = None
    state_version: int | None = None
    error_category: str | None = None
    error_message: str | None = None
    trace: list[dict[str, Any]] = field(default_factory=list)
    usage: dict[str, Any] = field(default_factory=dict)
    raw_model_output: str | None = None

    def __post_init__(self) -> None:
        if self.status not in OUTCOME_STATUSES:
            allowed = ", ".join(sorted(s.value for s in OUTCOME_STATUSES))
            raise InvalidInput("status", self.status, f"a run ends as one of: {allowed}")
        validate_json("trace", self.trace, list)
        validate_json("usage", self.usage, dict)


@dataclass(frozen=True, slots=True)
class LookEnding:
    """How a look that saw no change ended, recorded compactly: the run is
    ``skipped-no-change``; its ``decision`` says how each page answered, in the order of the
    monitor's pages (``{"skipped": "look: 304"}``; ``look: 304, same fingerprint`` for two);
    its ``usage`` holds only the model calls it saved; it keeps no trace. The record's times
    say when it looked, its status that nothing changed: about a fifth of a whole run
    record's bytes, for the run a monitor makes most often."""

    answers: tuple[str, ...]
    calls_saved: int = 0

    def __post_init__(self) -> None:
        if not self.answers:
            raise InvalidInput("answers", self.answers, "a look asks at least one page")
        if self.calls_saved < 0:
            raise InvalidInput("calls_saved", self.calls_saved, "must not be negative")

    @property
    def reason(self) -> str:
        """What the run's ``skipped`` says: ``look:`` and each page's answer."""
        return f"{LOOK_PREFIX}{', '.join(self.answers)}"

    def decision(self) -> dict[str, Any]:
        """The run's ``decision`` document."""
        return {"skipped": self.reason}

    def usage(self) -> dict[str, Any]:
        """The run's ``usage`` document: the model calls avoided (none was made)."""
        return {"calls_saved": self.calls_saved}


LOOK_PREFIX = "look: "
"""How the ``skipped`` of a look's decision begins (see :class:`LookEnding`)."""


def is_look(decision: dict[str, Any] | None) -> bool:
    """Whether a run's ``decision`` is a look's (:class:`LookEnding`)."""
    skipped = (decision or {}).get("skipped")
    return isinstance(skipped, str) and skipped.startswith(LOOK_PREFIX)


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
        query = (
            select(Run)
            .where(Run.monitor_id == monitor_id, of_owned_monitor(Run.monitor_id, self.owner))
            .order_by(Run.id.desc())
            .limit(limit)
        )
        if before_id is not None:
            query = query.where(Run.id < before_id)
        return [RunRecord.of(row) for row in await self.session.scalars(query)]

    async def summaries(self, monitor_id: int, *, limit: int = 50) -> list[RunSummary]:
        """The newest ``limit`` runs of a monitor, newest first, without their traces and
        usage (what a run's schedule reads of its history: one light statement, not whole
        records)."""
        query = select(*_SUMMARY_COLUMNS).where(Run.monitor_id == monitor_id)
        query = query.order_by(Run.id.desc()).limit(limit)
        return [_summary(row) for row in await self.session.execute(query)]

    async def summaries_of(
        self, newest: Sequence[tuple[int, int]], *, limit: int = 50
    ) -> dict[int, list[RunSummary]]:
        """:meth:`summaries` of several monitors in one statement: for each ``(monitor_id,
        run_id)``, the monitor's newest ``limit`` runs before ``run_id`` (the pending run a
        claim just opened), newest first. Each monitor's part walks its (monitor_id, id)
        index and stops after ``limit`` rows, however long its history."""
        if not newest:
            return {}
        parts = [
            select(
                select(*_SUMMARY_COLUMNS)
                .where(Run.monitor_id == monitor_id, Run.id < run_id)
                .order_by(Run.id.desc())
                .limit(limit)
                .subquery()
            )
            for monitor_id, run_id in newest
        ]
        query = parts[0] if len(parts) == 1 else union_all(*parts)
        found: dict[int, list[RunSummary]] = {monitor_id: [] for monitor_id, _ in newest}
        for row in await self.session.execute(query):
            found[row.monitor_id].append(_summary(row))
        for runs in found.values():
            runs.sort(key=lambda run: run.id, reverse=True)
        return found

    async def latest_of(self, monitor_ids: Iterable[int]) -> dict[int, RunRecord]:
        """The newest run of each monitor that has one, in one statement (the index on
        (monitor_id, id) gives each monitor's newest without reading its history)."""
        ids = list(monitor_ids)
        if not ids:
            return {}
        newest = (
            select(func.max(Run.id))
            .where(Run.monitor_id.in_(ids), of_owned_monitor(Run.monitor_id, self.owner))
            .group_by(Run.monitor_id)
        )
        rows = await self.session.scalars(
            select(Run).where(Run.id.in_(newest)).execution_options(populate_existing=True)
        )
        return {row.monitor_id: RunRecord.of(row) for row in rows}

    async def latest_tails(self, monitor_ids: Iterable[int]) -> dict[int, RunTail]:
        """:meth:`latest_of` without the runs' documents (trace, usage, sensor output): what
        the engine reads of each claimed monitor's newest run, in one light statement."""
        ids = list(monitor_ids)
        if not ids:
            return {}
        newest = (
            select(func.max(Run.id))
            .where(Run.monitor_id.in_(ids), of_owned_monitor(Run.monitor_id, self.owner))
            .group_by(Run.monitor_id)
        )
        columns = (Run.id, Run.monitor_id, Run.status, Run.retry_count, Run.error_category)
        rows = await self.session.execute(select(*columns).where(Run.id.in_(newest)))
        return {
            row.monitor_id: RunTail(
                row.id, row.monitor_id, RunStatus(row.status), row.retry_count, row.error_category
            )
            for row in rows
        }

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


# What a run's history is read for (RunSummary), and the monitor it belongs to.
_SUMMARY_COLUMNS = (
    Run.id,
    Run.monitor_id,
    Run.status,
    Run.scheduled_at,
    Run.started_at,
    Run.retry_count,
    Run.decision,
    Run.sensor_output,
)


def _summary(row: Any) -> RunSummary:
    return RunSummary(
        id=row.id,
        status=RunStatus(row.status),
        scheduled_at=as_utc(row.scheduled_at),
        started_at=as_utc(row.started_at),
        retry_count=row.retry_count,
        decision=row.decision,
        sensor_output=row.sensor_output,
    )
