"""Retention: old runs lose their trace details, older runs are deleted, in small batches.

Two passes over finished runs, oldest first through ``ix_runs_finished_at``:

- **trace compaction** (after ``SENTINEL_RETENTION_TRACE_DAYS``): each trace entry keeps its
  ``step``, ``summary`` and ``duration_s`` (what the UI's activity trail shows) and loses its
  time (the run's own) and details (agent outputs, payloads, page lists);
  ``raw_model_output`` is cleared. Where the
  pass stopped is kept in ``retention_marks``, so compacted rows are never read again.
- **run pruning** (after ``SENTINEL_RETENTION_RUN_DAYS``): finished runs are deleted, except
  each monitor's newest run (its schedule's history starts there) and any run with a delivery
  still pending or being sent (its outbox rows would go with it). Deleting a run deletes its
  finished deliveries and unlinks the state versions it produced (``run_id`` becomes NULL):
  states are the asset and are never pruned.

Each batch is its own short transaction of at most ``SENTINEL_RETENTION_BATCH`` runs, so a
writer waits for one batch at most. ``sentinel db prune`` runs both passes once; a worker runs
them every ``SENTINEL_RETENTION_INTERVAL_S`` (:func:`prune_forever`).
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import and_, delete, exists, func, not_, select, update
from sqlalchemy.orm import aliased

from sentinel.clock import Clock
from sentinel.storage.database import Database, Transaction
from sentinel.storage.enums import DeliveryStatus
from sentinel.storage.models import Delivery, RetentionMark, Run
from sentinel.storage.settings import RetentionSettings

TRACE_MARK = "trace"
KEPT_TRACE_KEYS = ("step", "summary", "duration_s")
HELD = (DeliveryStatus.PENDING, DeliveryStatus.SENDING)
LOG = logging.getLogger(__name__)
PAUSE_S = 0.05
"""Seconds the background pruning yields between batches, so writers go first."""


@dataclass(frozen=True, slots=True)
class RetentionPolicy:
    """Days until traces are compacted and runs deleted (0: never) and the batch size."""

    trace_days: int = 7
    run_days: int = 30
    batch: int = 500

    @classmethod
    def from_settings(cls, settings: RetentionSettings | None = None) -> RetentionPolicy:
        """The policy of ``SENTINEL_RETENTION_*``."""
        s = settings or RetentionSettings()
        return cls(trace_days=s.trace_days, run_days=s.run_days, batch=s.batch)


@dataclass(frozen=True, slots=True)
class PruneReport:
    """What a pass did (or, dry, would do): traces compacted, runs deleted, batches used."""

    traces_compacted: int
    runs_deleted: int
    batches: int
    dry_run: bool = False


def compact_trace(trace: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The trace with each entry cut to its step, summary and duration."""
    return [
        {key: entry[key] for key in KEPT_TRACE_KEYS if key in entry}
        for entry in trace
        if isinstance(entry, dict)
    ]


def _after(cursor: tuple[datetime, int] | None) -> Any:
    """Runs after ``(finished_at, id)`` in the index's order (``True`` without a cursor)."""
    if cursor is None:
        return and_(True)
    finished, run_id = cursor
    # The first term bounds the index range; the second drops the ties already handled.
    return and_(
        Run.finished_at >= finished, not_(and_(Run.finished_at == finished, Run.id <= run_id))
    )


def _finished(moment: datetime | None) -> datetime:
    assert moment is not None  # both passes select finished runs only
    return moment


def _prunable(cutoff: datetime) -> Any:
    """Finished before ``cutoff``, not its monitor's newest run, no delivery still held."""
    newer = aliased(Run)
    newest = select(func.max(newer.id)).where(newer.monitor_id == Run.monitor_id).scalar_subquery()
    held = exists().where(Delivery.run_id == Run.id, Delivery.status.in_(HELD))
    return and_(Run.finished_at < cutoff, Run.id != newest, not_(held))


async def _compact_batch(
    tx: Transaction, cutoff: datetime, size: int
) -> tuple[int, tuple[datetime, int] | None]:
    mark = await tx.session.get(RetentionMark, TRACE_MARK)
    cursor = (mark.finished_at, mark.run_id) if mark is not None else None
    rows = (
        await tx.session.execute(
            select(Run.id, Run.finished_at, Run.trace, Run.raw_model_output)
            .where(Run.finished_at < cutoff, _after(cursor))
            .order_by(Run.finished_at, Run.id)
            .limit(size)
        )
    ).all()
    if not rows:
        return 0, None
    changed = []
    for run_id, _, trace, raw in rows:
        compacted = compact_trace(trace or [])
        if compacted != trace or raw is not None:
            changed.append({"id": run_id, "trace": compacted, "raw_model_output": None})
    if changed:
        # An ORM bulk UPDATE by primary key: one executemany.
        await tx.session.execute(update(Run), changed)
    last_id, last_finished = rows[-1][0], _finished(rows[-1][1])
    if mark is None:
        tx.session.add(RetentionMark(name=TRACE_MARK, finished_at=last_finished, run_id=last_id))
    else:
        mark.finished_at, mark.run_id = last_finished, last_id
    return len(changed), (last_finished, last_id)


async def _prune_batch(
    tx: Transaction, cutoff: datetime, size: int, cursor: tuple[datetime, int] | None
) -> tuple[int, tuple[datetime, int] | None]:
    rows = (
        await tx.session.execute(
            select(Run.id, Run.finished_at)
            .where(_prunable(cutoff), _after(cursor))
            .order_by(Run.finished_at, Run.id)
            .limit(size)
        )
    ).all()
    if not rows:
        return 0, None
    await tx.session.execute(
        delete(Run)
        .where(Run.id.in_([row[0] for row in rows]))
        .execution_options(synchronize_session=False)
    )
    return len(rows), (_finished(rows[-1][1]), rows[-1][0])


async def _count(db: Database, *conditions: Any) -> int:
    async with db.transaction() as tx:
        return int(await tx.session.scalar(select(func.count(Run.id)).where(*conditions)) or 0)


async def prune(
    db: Database,
    policy: RetentionPolicy,
    *,
    now: datetime,
    dry_run: bool = False,
    pause_s: float = 0.0,
) -> PruneReport:
    """Compact old traces, then delete old runs, one short transaction per batch.

    ``dry_run`` counts what would be done and writes nothing. ``pause_s`` sleeps between
    batches (the background pass leaves room for writers).
    """
    trace_cutoff = now - timedelta(days=policy.trace_days) if policy.trace_days else None
    run_cutoff = now - timedelta(days=policy.run_days) if policy.run_days else None
    if dry_run:
        compacted = 0
        if trace_cutoff is not None:
            async with db.transaction() as tx:
                mark = await tx.session.get(RetentionMark, TRACE_MARK)
                start = (mark.finished_at, mark.run_id) if mark is not None else None
            compacted = await _count(db, Run.finished_at < trace_cutoff, _after(start))
        deleted = await _count(db, _prunable(run_cutoff)) if run_cutoff is not None else 0
        return PruneReport(compacted, deleted, 0, dry_run=True)
    compacted = deleted = batches = 0
    while trace_cutoff is not None:
        async with db.transaction() as tx:
            count, position = await _compact_batch(tx, trace_cutoff, policy.batch)
        if position is None:
            break
        compacted, batches = compacted + count, batches + 1
        await asyncio.sleep(pause_s)
    cursor: tuple[datetime, int] | None = None
    while run_cutoff is not None:
        async with db.transaction() as tx:
            count, cursor = await _prune_batch(tx, run_cutoff, policy.batch, cursor)
        if cursor is None:
            break
        deleted, batches = deleted + count, batches + 1
        await asyncio.sleep(pause_s)
    return PruneReport(compacted, deleted, batches)


async def prune_forever(
    db: Database,
    clock: Clock,
    stop: asyncio.Event,
    *,
    policy: RetentionPolicy | None = None,
    interval_s: float | None = None,
    pause_s: float = PAUSE_S,
) -> int:
    """Prune every ``interval_s`` (default ``SENTINEL_RETENTION_INTERVAL_S``) until ``stop``
    is set, starting at once; returns how many passes ran. A pass that fails (the database
    briefly unreachable) is logged and tried again at the next interval."""
    settings = RetentionSettings()
    policy = policy or RetentionPolicy.from_settings(settings)
    interval = interval_s if interval_s is not None else settings.interval_s
    passes = 0
    while not stop.is_set():
        try:
            report = await prune(db, policy, now=clock.now(), pause_s=pause_s)
        except Exception:
            LOG.exception("retention pass failed; retrying in %ss", interval)
        else:
            LOG.info(
                "retention: %d trace(s) compacted, %d run(s) deleted",
                report.traces_compacted,
                report.runs_deleted,
            )
        passes += 1
        sleeper = asyncio.ensure_future(clock.sleep(interval))
        stopped = asyncio.ensure_future(stop.wait())
        _, pending = await asyncio.wait({sleeper, stopped}, return_when=asyncio.FIRST_COMPLETED)
        for task in pending:
            task.cancel()
    return passes


__all__ = [
    "PruneReport",
    "RetentionPolicy",
    "compact_trace",
    "prune",
    "prune_forever",
]
