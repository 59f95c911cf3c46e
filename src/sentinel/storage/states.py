"""State version repository: every structured state ever sensed, numbered per monitor.

A run whose sensed state equals the latest version's (same state, same volatility hint) adds
no version (:meth:`StateVersionRepository.record`): its run points at that version, whose
evidence and source fingerprints are refreshed in place (the next run's pre-filter compares
against what was read last). History therefore lists changes, not looks.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from sentinel.storage.errors import ConcurrentWrite, RecordNotFound
from sentinel.storage.models import StateVersion
from sentinel.storage.monitor_fields import validate_json
from sentinel.storage.ownership import of_owned_monitor
from sentinel.storage.records import StateVersionRecord


class StateVersionRepository:
    """Append-only history of sensed states (the asset), on one transaction's session."""

    def __init__(self, session: AsyncSession, owner: str | None = None) -> None:
        self.session = session
        self.owner = owner  # whose rows it reads (see ``sentinel.storage.ownership``)

    async def append(
        self,
        monitor_id: int,
        *,
        state: Any,
        now: datetime,
        volatility_hint: str | None = None,
        evidence: Sequence[dict[str, Any]] = (),
        fingerprints: dict[str, Any] | None = None,
        run_id: int | None = None,
    ) -> StateVersionRecord:
        """Store ``state`` as the monitor's next version (1 for the first).

        Two writers appending for the same monitor at once (which the lease prevents) make the
        loser fail with ``ConcurrentWrite`` rather than silently renumber history.
        """
        validate_json("evidence", list(evidence), list)
        validate_json("fingerprints", fingerprints or {}, dict)
        latest = await self.session.scalar(
            select(func.max(StateVersion.version)).where(StateVersion.monitor_id == monitor_id)
        )
        return await self._insert(
            monitor_id,
            (latest or 0) + 1,
            state=state,
            now=now,
            volatility_hint=volatility_hint,
            evidence=evidence,
            fingerprints=fingerprints,
            run_id=run_id,
        )

    async def _insert(
        self,
        monitor_id: int,
        version: int,
        *,
        state: Any,
        now: datetime,
        volatility_hint: str | None,
        evidence: Sequence[dict[str, Any]],
        fingerprints: dict[str, Any] | None,
        run_id: int | None,
    ) -> StateVersionRecord:
        row = StateVersion(
            monitor_id=monitor_id,
            version=version,
            state=state,
            volatility_hint=volatility_hint,
            evidence=list(evidence),
            fingerprints=dict(fingerprints or {}),
            run_id=run_id,
            created_at=now,
        )
        self.session.add(row)
        try:
            await self.session.flush()
        except IntegrityError as exc:
            raise ConcurrentWrite(
                f"state version {row.version} of monitor {monitor_id} was written concurrently"
            ) from exc
        return StateVersionRecord.of(row)

    async def record(
        self,
        monitor_id: int,
        *,
        state: Any,
        now: datetime,
        volatility_hint: str | None = None,
        evidence: Sequence[dict[str, Any]] = (),
        fingerprints: dict[str, Any] | None = None,
        run_id: int | None = None,
    ) -> tuple[StateVersionRecord, bool]:
        """Store ``state`` as a new version only when it differs from the latest one.

        Returns the version the run stands on and whether it was created. An unchanged state
        keeps the latest version (its number, ``run_id`` and ``created_at``: when the state
        was first seen) and only refreshes its evidence and fingerprints when they differ.
        """
        validate_json("evidence", list(evidence), list)
        validate_json("fingerprints", fingerprints or {}, dict)
        row = await self.session.scalar(
            select(StateVersion)
            .where(StateVersion.monitor_id == monitor_id)
            .order_by(StateVersion.version.desc())
            .limit(1)
        )
        if row is None or row.state != state or row.volatility_hint != volatility_hint:
            created = await self._insert(
                monitor_id,
                (row.version if row is not None else 0) + 1,
                state=state,
                now=now,
                volatility_hint=volatility_hint,
                evidence=evidence,
                fingerprints=fingerprints,
                run_id=run_id,
            )
            return created, True
        refreshed: dict[str, Any] = {
            "evidence": list(evidence),
            "fingerprints": dict(fingerprints or {}),
        }
        changed: dict[str, Any] = {
            key: value for key, value in refreshed.items() if getattr(row, key) != value
        }
        if changed:
            await self.session.execute(
                update(StateVersion)
                .where(StateVersion.id == row.id)
                .values(**changed)
                .execution_options(synchronize_session=False)
            )
        return replace(StateVersionRecord.of(row), **changed), False

    async def latest(self, monitor_id: int) -> StateVersionRecord | None:
        """The most recent state of the monitor, or None before its first sensing."""
        row = await self.session.scalar(
            select(StateVersion)
            .where(StateVersion.monitor_id == monitor_id, self._owned())
            .order_by(StateVersion.version.desc())
            .limit(1)
        )
        return StateVersionRecord.of(row) if row is not None else None

    async def latest_of(self, monitor_ids: Iterable[int]) -> dict[int, StateVersionRecord]:
        """The latest state of each monitor that has one, in one statement (the unique index
        on (monitor_id, version) finds each newest version)."""
        ids = list(monitor_ids)
        if not ids:
            return {}
        newest = (
            select(StateVersion.monitor_id, func.max(StateVersion.version).label("version"))
            .where(StateVersion.monitor_id.in_(ids))
            .group_by(StateVersion.monitor_id)
            .subquery()
        )
        rows = await self.session.scalars(
            select(StateVersion).join(
                newest,
                (StateVersion.monitor_id == newest.c.monitor_id)
                & (StateVersion.version == newest.c.version),
            )
        )
        return {row.monitor_id: StateVersionRecord.of(row) for row in rows}

    async def get(self, monitor_id: int, version: int) -> StateVersionRecord:
        """One version, or ``RecordNotFound``."""
        row = await self.session.scalar(
            select(StateVersion).where(
                StateVersion.monitor_id == monitor_id,
                StateVersion.version == version,
                self._owned(),
            )
        )
        if row is None:
            raise RecordNotFound("state version", (monitor_id, version))
        return StateVersionRecord.of(row)

    async def history(
        self, monitor_id: int, *, limit: int = 50, before_version: int | None = None
    ) -> list[StateVersionRecord]:
        """Versions newest first; page with ``before_version``."""
        query = (
            select(StateVersion)
            .where(StateVersion.monitor_id == monitor_id, self._owned())
            .order_by(StateVersion.version.desc())
            .limit(limit)
        )
        if before_version is not None:
            query = query.where(StateVersion.version < before_version)
        return [StateVersionRecord.of(row) for row in await self.session.scalars(query)]

    def _owned(self) -> ColumnElement[bool]:
        return of_owned_monitor(StateVersion.monitor_id, self.owner)
