"""Taking work: reaping expired leases, claiming due monitors, claiming one monitor by id.

Reaping and claiming happen in one transaction, reaping first, so a monitor whose worker died
is never claimed while its abandoned run is still open: the open run is closed as
``abandoned`` (and retried by the claim that follows), never left running beside a new one.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from sqlalchemy import and_, or_, update

from sentinel.engine.errors import MonitorBusy, MonitorNotActive
from sentinel.storage import MonitorRecord, MonitorState, Transaction
from sentinel.storage.models import Monitor

ABANDONED_MESSAGE = "the worker running it vanished (its lease expired); it will be retried"


@dataclass(slots=True)
class Claim:
    """The monitors one claim round leased to us, those it reaped first, and when the next
    monitor becomes claimable (None: nothing is scheduled).

    ``earliest`` is read only when the round took fewer monitors than it could (``limit``):
    a full round leaves more due monitors, so the engine looks again as soon as a slot frees
    and has no use for it. ``earliest_read`` says whether it was read.
    """

    claimed: list[MonitorRecord] = field(default_factory=list)
    reaped: list[int] = field(default_factory=list)
    earliest: datetime | None = None
    earliest_read: bool = False


async def reap_and_claim(
    tx: Transaction,
    *,
    now: datetime,
    owner: str,
    lease_s: float,
    limit: int,
    running_here: Collection[int] = (),
) -> Claim:
    """Close the runs of expired leases, lease up to ``limit`` due monitors to ``owner``, and,
    unless that filled ``limit``, say when the next one is due (an indexed MIN, never a scan
    of all monitors). Four statements in the common case, whatever the number of monitors.

    ``running_here`` are monitors this worker is running right now: if their lease lapsed (a
    stalled heartbeat) their run is still alive, so it is not marked abandoned.
    """
    reaped = await tx.monitors.reap_expired_leases(now)
    orphaned = [monitor_id for monitor_id in reaped if monitor_id not in running_here]
    if orphaned:
        await tx.runs.abandon_running(orphaned, now=now, message=ABANDONED_MESSAGE)
    claimed = await tx.monitors.claim_due(now, owner, lease_s, limit) if limit > 0 else []
    if limit > 0 and len(claimed) >= limit:
        return Claim(claimed=claimed, reaped=orphaned)
    # Read after claiming, in the same transaction: what we just leased counts at its lease end.
    earliest = await tx.monitors.earliest_next_run_at()
    return Claim(claimed=claimed, reaped=orphaned, earliest=earliest, earliest_read=True)


async def claim_monitor(
    tx: Transaction, monitor_id: int, *, now: datetime, owner: str, lease_s: float
) -> MonitorRecord:
    """Lease one active monitor to ``owner`` now, due or not ("run it here, now").

    The same compare-and-set as ``claim_due``: the UPDATE only matches an active monitor whose
    lease is free or expired. Raises ``RecordNotFound``, ``MonitorNotActive`` or ``MonitorBusy``.
    """
    # Storage has no claim-by-id yet; this UPDATE mirrors MonitorRepository.claim_due's guard.
    row = await tx.session.scalar(
        update(Monitor)
        .where(
            and_(
                Monitor.id == monitor_id,
                Monitor.state == MonitorState.ACTIVE,
                or_(Monitor.lease_expires_at.is_(None), Monitor.lease_expires_at <= now),
            )
        )
        .values(
            lease_owner=owner,
            lease_expires_at=now + timedelta(seconds=lease_s),
            updated_at=now,
        )
        .returning(Monitor)
        .execution_options(synchronize_session=False, populate_existing=True)
    )
    if row is not None:
        return MonitorRecord.of(row)
    current = await tx.monitors.get(monitor_id)  # RecordNotFound for an unknown id
    if current.state is not MonitorState.ACTIVE:
        raise MonitorNotActive(monitor_id, current.state.value)
    raise MonitorBusy(monitor_id, current.lease_owner, current.lease_expires_at)
