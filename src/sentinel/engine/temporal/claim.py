"""Lease one monitor for its workflow's run, if it is due.

The embedded engine claims the earliest due monitors in batches (``MonitorRepository.
claim_due``); a workflow owns exactly one monitor and asks only for it. The condition is the
same (active, due, no live lease), plus one case: a lease held by the same owner is taken over,
because it can only be left by an earlier attempt of this workflow's activity whose worker
died. The database stays the source of truth: a monitor that is not due (its run already
finished, its schedule moved) is not run again, which is what makes the run activity safe to
retry.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import or_, update

from sentinel.storage import MonitorRecord, MonitorState, Transaction
from sentinel.storage.models import Monitor


async def claim_if_due(
    tx: Transaction, monitor_id: int, owner: str, *, now: datetime, lease_s: float
) -> MonitorRecord | None:
    """Lease ``monitor_id`` to ``owner`` for ``lease_s`` if it is active and due; else None."""
    claimed = await tx.session.scalar(
        update(Monitor)
        .where(
            Monitor.id == monitor_id,
            Monitor.state == MonitorState.ACTIVE,
            Monitor.next_run_at <= now,
            or_(
                Monitor.lease_expires_at.is_(None),
                Monitor.lease_expires_at <= now,
                Monitor.lease_owner == owner,
            ),
        )
        .values(
            lease_owner=owner,
            lease_expires_at=now + timedelta(seconds=lease_s),
            updated_at=now,
        )
        .returning(Monitor)
        .execution_options(synchronize_session=False, populate_existing=True)
    )
    return MonitorRecord.of(claimed) if claimed is not None else None
