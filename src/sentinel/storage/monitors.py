"""Monitor repository: definitions, the guarded state machine, scheduling and leases.

Creating, reading, renaming and deleting monitors, their state transitions (a compare-and-set
with the schedule's side effects, see ``sentinel.storage.lifecycle``) and their signing secrets
are written here; batches are ``sentinel.storage.monitor_bulk``'s, and the engine's claims,
leases and schedule are ``sentinel.storage.monitor_schedule``'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any, Unpack

from sqlalchemy import ColumnElement, and_, case, delete, literal, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from sentinel.errors import InvalidInput
from sentinel.owners import LOCAL_OWNER
from sentinel.storage import monitor_schedule
from sentinel.storage.enums import MonitorState
from sentinel.storage.errors import RecordNotFound, TransitionConflict
from sentinel.storage.lifecycle import NextRun, check_transition, schedule_effect
from sentinel.storage.models import Monitor, MonitorSecret
from sentinel.storage.monitor_bulk import insert_monitors, new_secret, page_monitors
from sentinel.storage.monitor_fields import (
    MonitorChanges,
    NewMonitor,
    validate_changes,
    validate_governor,
    validate_intervals,
)
from sentinel.storage.monitor_schedule import rowcount, update_count
from sentinel.storage.ownership import owner_filter
from sentinel.storage.records import MonitorRecord


class MonitorRepository:
    """Reads and guarded writes of monitors, on the session of one transaction."""

    def __init__(self, session: AsyncSession, owner: str | None = None) -> None:
        self.session = session
        # Whose monitors it sees (see ``sentinel.storage.ownership``); new monitors are this
        # owner's, or the local user's when it acts for every owner.
        self.owner = owner

    @property
    def creator(self) -> str:
        """The owner of the monitors this repository creates (and whose names it resolves)."""
        return self.owner if self.owner is not None else LOCAL_OWNER

    async def create(self, new: NewMonitor, *, now: datetime) -> MonitorRecord:
        """Store a new active monitor (due at ``new.first_run_at`` or now) and its secret."""
        if new.name_derived:
            new = replace(new, name=await self._free_name(new.name, set()))
        if await self._id_by_name(new.name, self.creator) is not None:
            raise InvalidInput("name", new.name, "a monitor with this name already exists")
        row = Monitor(
            owner=self.creator,
            name=new.name,
            original_query=new.original_query,
            current_query=new.current_query or new.original_query,
            action_criteria=new.action_criteria,
            notify_behavior=new.notify_behavior,
            channels=list(new.channels),
            state=MonitorState.ACTIVE,
            next_run_at=new.first_run_at or now,
            last_run_at=None,
            run_count=0,
            consecutive_failures=0,
            min_interval_s=new.min_interval_s,
            max_interval_s=new.max_interval_s,
            governor_kind=new.governor_kind,
            governor_rules=new.governor_rules,
            context=dict(new.context),
            urls=list(new.urls),
            fields=list(new.fields),
            contract=dict(new.contract) if new.contract is not None else None,
            created_at=now,
            updated_at=now,
        )
        self.session.add(row)
        try:
            await self.session.flush()
        except IntegrityError as exc:
            # A concurrent create won the unique name between our check and our insert.
            raise InvalidInput("name", new.name, "a monitor with this name already exists") from exc
        self.session.add(
            MonitorSecret(monitor_id=row.id, signing_secret=new_secret(), created_at=now)
        )
        await self.session.flush()
        return MonitorRecord.of(row)

    async def create_many(self, news: Sequence[NewMonitor], *, now: datetime) -> list[int]:
        """Store many new active monitors with their secrets in a few statements; their ids in
        order (see ``sentinel.storage.monitor_bulk``). All or nothing with the transaction."""
        named: list[NewMonitor] = []
        batch = {new.name for new in news if not new.name_derived}
        for new in news:
            if new.name_derived:
                new = replace(new, name=await self._free_name(new.name, batch))
                batch.add(new.name)
            named.append(new)
        return await insert_monitors(self.session, named, now=now, owner=self.creator)

    async def get(self, monitor_id: int) -> MonitorRecord:
        """The monitor, or ``RecordNotFound``."""
        return MonitorRecord.of(await self._row(monitor_id))

    async def get_by_name(self, name: str) -> MonitorRecord:
        """The monitor called ``name``, or ``RecordNotFound``."""
        row = await self.session.scalar(
            select(Monitor).where(Monitor.name == name, Monitor.owner == self.creator)
        )
        if row is None:
            raise RecordNotFound("monitor named", name)
        return MonitorRecord.of(row)

    async def find(
        self, *, state: MonitorState | None = None, limit: int = 100, offset: int = 0
    ) -> list[MonitorRecord]:
        """Monitors in id order, optionally only those in ``state``."""
        query = (
            select(Monitor)
            .where(owner_filter(self.owner))
            .order_by(Monitor.id)
            .limit(limit)
            .offset(offset)
        )
        if state is not None:
            query = query.where(Monitor.state == state)
        return [MonitorRecord.of(row) for row in await self.session.scalars(query)]

    async def page(
        self,
        *,
        after_id: int = 0,
        limit: int = 500,
        state: MonitorState | None = None,
        search: str | None = None,
    ) -> list[MonitorRecord]:
        """Monitors after ``after_id`` in id order, by key (see ``monitor_bulk.page_monitors``)."""
        return await page_monitors(
            self.session,
            after_id=after_id,
            limit=limit,
            state=state,
            search=search,
            owner=self.owner,
        )

    async def update(
        self, monitor_id: int, *, now: datetime, **changes: Unpack[MonitorChanges]
    ) -> MonitorRecord:
        """Change mutable fields. ``original_query`` is refused here and by a database trigger."""
        values: dict[str, Any] = dict(changes)
        validate_changes(values)
        row = await self._row(monitor_id)
        renamed = "name" in values and values["name"] != row.name
        if renamed and await self._id_by_name(values["name"], row.owner) is not None:
            raise InvalidInput("name", values["name"], "a monitor with this name already exists")
        validate_intervals(
            values.get("min_interval_s", row.min_interval_s),
            values.get("max_interval_s", row.max_interval_s),
        )
        validate_governor(
            values.get("governor_kind", row.governor_kind),
            values.get("governor_rules", row.governor_rules),
        )
        for key, value in values.items():
            setattr(row, key, value)
        row.updated_at = now
        await self.session.flush()
        return MonitorRecord.of(row)

    async def delete(self, monitor_id: int) -> None:
        """Delete the monitor with its states, runs, deliveries and secret."""
        result = await self.session.execute(
            delete(Monitor).where(Monitor.id == monitor_id, owner_filter(self.owner))
        )
        if rowcount(result) == 0:
            raise RecordNotFound("monitor", monitor_id)

    async def transition(
        self,
        monitor_id: int,
        to_state: MonitorState,
        *,
        now: datetime,
        expected: MonitorState | None = None,
    ) -> MonitorRecord:
        """Move the monitor to ``to_state`` with a compare-and-set on its current state.

        ``expected`` is the state the caller saw (default: the state read now). Raises
        ``InvalidTransition`` for an edge the state machine lacks and ``TransitionConflict`` when
        a concurrent writer changed the state first. Schedule side effects are written by the
        same UPDATE (see ``sentinel.storage.lifecycle``).
        """
        from_state = expected if expected is not None else (await self._row(monitor_id)).state
        from_state, to_state = MonitorState(from_state), MonitorState(to_state)
        check_transition(monitor_id, from_state, to_state)
        effect = schedule_effect(to_state)
        values: dict[str, Any] = {"state": to_state, "updated_at": now}
        if effect.next_run is NextRun.CLEAR:
            values["next_run_at"] = None
        elif effect.next_run is NextRun.RESUME:
            values["next_run_at"] = case(
                (
                    or_(Monitor.next_run_at.is_(None), Monitor.next_run_at < now),
                    _as_datetime(now),
                ),
                else_=Monitor.next_run_at,
            )
        if effect.clear_lease:
            values.update(lease_owner=None, lease_expires_at=None)
        if effect.reset_failures:
            values["consecutive_failures"] = 0
        row = await self._update_returning(
            and_(Monitor.id == monitor_id, Monitor.state == from_state, owner_filter(self.owner)),
            values,
        )
        if row is None:
            actual = (await self._row(monitor_id)).state
            raise TransitionConflict(monitor_id, from_state.value, actual.value, to_state.value)
        return MonitorRecord.of(row)

    async def claim_due(
        self, now: datetime, owner: str, lease_s: float, limit: int
    ) -> list[MonitorRecord]:
        """Lease up to ``limit`` due active monitors to ``owner``, earliest first (see
        ``monitor_schedule.claim_due``)."""
        return await monitor_schedule.claim_due(self.session, now, owner, lease_s, limit)

    async def extend_lease(
        self, monitor_id: int, owner: str, *, now: datetime, lease_s: float
    ) -> bool:
        """Push the lease of a long run further; False if ``owner`` no longer holds it."""
        return await monitor_schedule.extend_lease(
            self.session, monitor_id, owner, now=now, lease_s=lease_s
        )

    async def release_lease(self, monitor_id: int, owner: str) -> bool:
        """Give the lease back without rescheduling; False if ``owner`` did not hold it."""
        return await monitor_schedule.release_lease(self.session, monitor_id, owner)

    async def reap_expired_leases(self, now: datetime) -> list[int]:
        """Clear leases whose holder did not finish in time; returns the monitors concerned
        (see ``monitor_schedule.reap_expired_leases``)."""
        return await monitor_schedule.reap_expired_leases(self.session, now)

    async def earliest_next_run_at(self) -> datetime | None:
        """When the next active monitor becomes claimable (a leased one at its lease's end);
        None means nothing is scheduled."""
        return await monitor_schedule.earliest_next_run_at(self.session)

    async def record_run(
        self,
        monitor_id: int,
        owner: str,
        *,
        ran_at: datetime,
        next_run_at: datetime,
        failed: bool = False,
        current_query: str | None = None,
    ) -> bool:
        """Count a finished run and, if ``owner`` still holds the lease, schedule the next one;
        False if the lease was lost (see ``monitor_schedule.record_run``)."""
        return await monitor_schedule.record_run(
            self.session,
            monitor_id,
            owner,
            ran_at=ran_at,
            next_run_at=next_run_at,
            failed=failed,
            current_query=current_query,
        )

    async def run_now(self, monitor_id: int, *, now: datetime) -> MonitorRecord:
        """Make an active monitor due immediately ("run now"); other states are left alone."""
        row = await self._row(monitor_id)
        if row.state is not MonitorState.ACTIVE:
            raise InvalidInput("monitor", monitor_id, f"is {row.state.value}, not active")
        updated = await self._update_returning(
            and_(Monitor.id == monitor_id, Monitor.state == MonitorState.ACTIVE),
            {"next_run_at": now, "updated_at": now},
        )
        return MonitorRecord.of(updated or row)

    async def signing_secret(self, monitor_id: int) -> str:
        """The secret webhooks of this monitor are signed with."""
        if self.owner is not None:
            await self._row(monitor_id)
        secret = await self.session.scalar(
            select(MonitorSecret.signing_secret).where(MonitorSecret.monitor_id == monitor_id)
        )
        if secret is None:
            raise RecordNotFound("monitor secret", monitor_id)
        return secret

    async def rotate_signing_secret(self, monitor_id: int, *, now: datetime) -> str:
        """Replace the signing secret (receivers must be given the new one)."""
        if self.owner is not None:
            await self._row(monitor_id)
        secret = new_secret()
        if not await update_count(
            self.session,
            MonitorSecret.monitor_id == monitor_id,
            {"signing_secret": secret, "created_at": now},
            table=MonitorSecret,
        ):
            raise RecordNotFound("monitor secret", monitor_id)
        return secret

    async def _row(self, monitor_id: int) -> Monitor:
        row = await self.session.get(Monitor, monitor_id, populate_existing=True)
        if row is None or (self.owner is not None and row.owner != self.owner):
            raise RecordNotFound("monitor", monitor_id)
        return row

    async def _free_name(self, base: str, taken: set[str]) -> str:
        """``base``, or ``base (2)``, ``base (3)``… : the first name neither the owner's
        monitors nor ``taken`` use."""
        used = taken | set(
            await self.session.scalars(
                select(Monitor.name).where(
                    Monitor.owner == self.creator,
                    Monitor.name.startswith(base, autoescape=True),
                )
            )
        )
        if base not in used:
            return base
        number = 2
        while f"{base} ({number})" in used:
            number += 1
        return f"{base} ({number})"

    async def _id_by_name(self, name: str, owner: str) -> int | None:
        return await self.session.scalar(
            select(Monitor.id).where(Monitor.name == name, Monitor.owner == owner)
        )

    async def _update_returning(
        self, where: ColumnElement[bool], values: dict[str, Any]
    ) -> Monitor | None:
        return await self.session.scalar(
            update(Monitor)
            .where(where)
            .values(**values)
            .returning(Monitor)
            .execution_options(synchronize_session=False, populate_existing=True)
        )


def _as_datetime(value: datetime) -> ColumnElement[datetime]:
    """A bound datetime typed like the columns, so SQLite gets the same UTC text format."""
    return literal(value, type_=Monitor.__table__.c.next_run_at.type)
