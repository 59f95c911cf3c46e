"""Reading a monitor's run history: pages of whole records, light summaries, newest runs.

What a run's schedule reads of its history is :class:`RunSummary` (no trace, usage or error
details), for one monitor or for a claim's batch in one statement; what the engine's claim reads
of each monitor's newest run is :class:`RunTail`. The (monitor_id, id) index gives a
monitor's newest runs without reading the rest of its history. ``RunRepository`` exposes these
reads on a transaction's session.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import func, select, union_all
from sqlalchemy.ext.asyncio import AsyncSession

from sentinel.storage.enums import RunStatus
from sentinel.storage.models import Run
from sentinel.storage.ownership import of_owned_monitor
from sentinel.storage.records import RunRecord
from sentinel.storage.types import as_utc


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


async def page_runs(
    session: AsyncSession,
    monitor_id: int,
    owner: str | None,
    *,
    limit: int = 50,
    before_id: int | None = None,
) -> list[RunRecord]:
    """Runs of a monitor ``owner`` sees, newest first; page with ``before_id``."""
    query = (
        select(Run)
        .where(Run.monitor_id == monitor_id, of_owned_monitor(Run.monitor_id, owner))
        .order_by(Run.id.desc())
        .limit(limit)
    )
    if before_id is not None:
        query = query.where(Run.id < before_id)
    return [RunRecord.of(row) for row in await session.scalars(query)]


async def summaries(session: AsyncSession, monitor_id: int, *, limit: int = 50) -> list[RunSummary]:
    """The newest ``limit`` runs of a monitor, newest first, without their traces and
    usage (what a run's schedule reads of its history: one light statement, not whole
    records)."""
    query = select(*_SUMMARY_COLUMNS).where(Run.monitor_id == monitor_id)
    query = query.order_by(Run.id.desc()).limit(limit)
    return [_summary(row) for row in await session.execute(query)]


async def summaries_before(
    session: AsyncSession, newest: Sequence[tuple[int, int]], *, limit: int = 50
) -> dict[int, list[RunSummary]]:
    """:func:`summaries` of several monitors in one statement: for each ``(monitor_id,
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
    for row in await session.execute(query):
        found[row.monitor_id].append(_summary(row))
    for runs in found.values():
        runs.sort(key=lambda run: run.id, reverse=True)
    return found


async def latest_runs(
    session: AsyncSession, monitor_ids: Iterable[int], owner: str | None
) -> dict[int, RunRecord]:
    """The newest run of each monitor ``owner`` sees that has one, in one statement (the
    index on (monitor_id, id) gives each monitor's newest without reading its history)."""
    ids = list(monitor_ids)
    if not ids:
        return {}
    newest = (
        select(func.max(Run.id))
        .where(Run.monitor_id.in_(ids), of_owned_monitor(Run.monitor_id, owner))
        .group_by(Run.monitor_id)
    )
    rows = await session.scalars(
        select(Run).where(Run.id.in_(newest)).execution_options(populate_existing=True)
    )
    return {row.monitor_id: RunRecord.of(row) for row in rows}


async def latest_tails(
    session: AsyncSession, monitor_ids: Iterable[int], owner: str | None
) -> dict[int, RunTail]:
    """:func:`latest_runs` without the runs' documents (trace, usage, sensor output): what
    the engine reads of each claimed monitor's newest run, in one light statement."""
    ids = list(monitor_ids)
    if not ids:
        return {}
    newest = (
        select(func.max(Run.id))
        .where(Run.monitor_id.in_(ids), of_owned_monitor(Run.monitor_id, owner))
        .group_by(Run.monitor_id)
    )
    columns = (Run.id, Run.monitor_id, Run.status, Run.retry_count, Run.error_category)
    rows = await session.execute(select(*columns).where(Run.id.in_(newest)))
    return {
        row.monitor_id: RunTail(
            row.id, row.monitor_id, RunStatus(row.status), row.retry_count, row.error_category
        )
        for row in rows
    }


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
