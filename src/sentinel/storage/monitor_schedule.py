"""The engine's side of the monitors table: claims, leases and the schedule.

A worker claims the due active monitors under a lease (:func:`claim_due`), extends or gives
back that lease, and when a run ends counts it and schedules the next one (:func:`record_run`);
a lease whose holder vanished is reaped (:func:`reap_expired_leases`), and the engine sleeps
until :func:`earliest_next_run_at`. The queries repeat the conditions of the partial indexes
``ix_monitors_due`` (its ``'active'`` literal included) and ``ix_monitors_leased`` (migration
0005), so a planner uses them. ``MonitorRepository`` exposes these on a transaction's session.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import (
    ColumnElement,
    and_,
    func,
    literal_column,
    null,
    select,
    type_coerce,
    union_all,
    update,
)
from sqlalchemy.ext.asyncio import AsyncSession

from sentinel.errors import InvalidInput
from sentinel.storage.enums import MonitorState
from sentinel.storage.errors import RecordNotFound
from sentinel.storage.leases import check_claim
from sentinel.storage.models import Monitor, MonitorSecret
from sentinel.storage.records import MonitorRecord

# The literal the partial index ``ix_monitors_due`` is defined with (models.DUE_WHERE): a
# planner uses a partial index only when the query repeats its condition, and a bound
# parameter does not on a generic plan.
ACTIVE_LITERAL: ColumnElement[Any] = literal_column("'active'")


def _due(now: datetime) -> ColumnElement[bool]:
    """Active, due, and not leased: the rows of ``ix_monitors_due`` up to ``now``."""
    return and_(
        Monitor.state == ACTIVE_LITERAL,
        Monitor.lease_expires_at.is_(None),
        Monitor.next_run_at <= now,
    )


async def claim_due(
    session: AsyncSession, now: datetime, owner: str, lease_s: float, limit: int
) -> list[MonitorRecord]:
    """Lease up to ``limit`` due active monitors to ``owner``, earliest first.

    The due ids are read from the partial index of unleased active monitors
    (``ix_monitors_due``, walked from the earliest and stopped after ``limit``), then one
    UPDATE … WHERE id IN (those ids) AND <still due and unleased> takes them: the repeated
    condition is the compare-and-set, so a claimer that committed first makes this one
    skip the row (PostgreSQL re-checks it after the row lock; SQLite serialises writers).
    On PostgreSQL ``FOR UPDATE SKIP LOCKED`` lets concurrent claimers select different
    rows instead of queueing; SQLite ignores the clause. (Two statements on purpose: inside
    the UPDATE, a SKIP LOCKED subquery may be re-run by PostgreSQL and take more than
    ``limit`` rows.)

    A monitor whose lease expired is claimable once reaped (:func:`reap_expired_leases`
    clears the lease and names it, so the run it abandoned can be closed first).
    """
    check_claim(owner, lease_s, limit)
    due_ids = list(
        await session.scalars(
            select(Monitor.id)
            .where(_due(now))
            .order_by(Monitor.next_run_at, Monitor.id)
            .limit(limit)
            .with_for_update(skip_locked=True)
        )
    )
    if not due_ids:
        return []
    claimed = await session.scalars(
        update(Monitor)
        .where(Monitor.id.in_(due_ids), _due(now))
        .values(
            lease_owner=owner,
            lease_expires_at=now + timedelta(seconds=lease_s),
            updated_at=now,
        )
        .returning(Monitor)
        .execution_options(synchronize_session=False, populate_existing=True)
    )
    records = [MonitorRecord.of(row) for row in claimed]
    return sorted(records, key=lambda r: (r.next_run_at or now, r.id))


async def extend_lease(
    session: AsyncSession, monitor_id: int, owner: str, *, now: datetime, lease_s: float
) -> bool:
    """Push the lease of a long run further; False if ``owner`` no longer holds it."""
    return await update_count(
        session,
        and_(Monitor.id == monitor_id, Monitor.lease_owner == owner),
        {"lease_expires_at": now + timedelta(seconds=lease_s)},
    )


async def release_lease(session: AsyncSession, monitor_id: int, owner: str) -> bool:
    """Give the lease back without rescheduling; False if ``owner`` did not hold it."""
    return await update_count(
        session,
        and_(Monitor.id == monitor_id, Monitor.lease_owner == owner),
        {"lease_owner": None, "lease_expires_at": None},
    )


async def reap_expired_leases(session: AsyncSession, now: datetime) -> list[int]:
    """Clear leases whose holder did not finish in time; returns the monitors concerned.

    The monitor is claimable again either way; reaping tells the engine which runs were
    abandoned (``RunRepository.abandon_running``) and keeps the lease columns truthful.
    """
    result = await session.scalars(
        update(Monitor)
        .where(Monitor.lease_expires_at <= now)
        .values(lease_owner=None, lease_expires_at=None)
        .returning(Monitor.id)
        .execution_options(synchronize_session=False)
    )
    return sorted(result)


async def earliest_next_run_at(session: AsyncSession) -> datetime | None:
    """When the next active monitor becomes claimable (a leased one at its lease's end).

    The engine sleeps until then (or a wake-up); None means nothing is scheduled.
    """
    # One statement, two index-backed parts: the first entry of the unleased queue
    # (ix_monitors_due) and the few leased monitors (ix_monitors_leased), each claimable
    # at the later of its due time and its lease's end. Every transition drops the lease,
    # so a leased monitor is active; the state is checked here all the same.
    unleased = select(
        func.min(Monitor.next_run_at).label("due"),
        type_coerce(null(), Monitor.__table__.c.lease_expires_at.type).label("lease_end"),
        ACTIVE_LITERAL.label("state"),
    ).where(Monitor.state == ACTIVE_LITERAL, Monitor.lease_expires_at.is_(None))
    leased = select(Monitor.next_run_at, Monitor.lease_expires_at, Monitor.state).where(
        Monitor.lease_expires_at.is_not(None)
    )
    rows = await session.execute(union_all(unleased, leased))
    candidates = [
        max(due, lease_end) if lease_end is not None else due
        for due, lease_end, state in rows.all()
        if due is not None and state == MonitorState.ACTIVE.value
    ]
    return min(candidates, default=None)


async def record_run(
    session: AsyncSession,
    monitor_id: int,
    owner: str,
    *,
    ran_at: datetime,
    next_run_at: datetime,
    failed: bool = False,
    current_query: str | None = None,
) -> bool:
    """Count a finished run and, if ``owner`` still holds the lease, schedule the next one.

    The counters (run_count, last_run_at, consecutive_failures, a refined current_query) are
    always written: the run happened. The schedule and lease are written only while the
    monitor is active and leased to ``owner``; False means the lease was lost (paused,
    completed, reaped) and the schedule was left to whoever changed it.
    """
    counters: dict[str, Any] = {
        "run_count": Monitor.run_count + 1,
        "last_run_at": ran_at,
        "consecutive_failures": Monitor.consecutive_failures + 1 if failed else 0,
        "updated_at": ran_at,
    }
    if current_query is not None:
        if not current_query.strip():
            raise InvalidInput("current_query", current_query, "must be a non-empty string")
        counters["current_query"] = current_query
    # The common case, one statement: the lease is still ours, so schedule and count.
    if await update_count(
        session,
        and_(
            Monitor.id == monitor_id,
            Monitor.lease_owner == owner,
            Monitor.state == MonitorState.ACTIVE,
        ),
        {**counters, "next_run_at": next_run_at, "lease_owner": None, "lease_expires_at": None},
    ):
        return True
    if not await update_count(session, Monitor.id == monitor_id, counters):
        raise RecordNotFound("monitor", monitor_id)
    return False


async def update_count(
    session: AsyncSession,
    where: ColumnElement[bool],
    values: dict[str, Any],
    *,
    table: type[Monitor] | type[MonitorSecret] = Monitor,
) -> bool:
    """One guarded UPDATE of ``table`` (monitors by default); whether it matched a row."""
    result = await session.execute(
        update(table).where(where).values(**values).execution_options(synchronize_session=False)
    )
    return rowcount(result) > 0


def rowcount(result: Any) -> int:
    """Rows matched by an UPDATE/DELETE (CursorResult.rowcount, typed loosely by SQLAlchemy)."""
    count: int = result.rowcount
    return count
