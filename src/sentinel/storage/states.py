"""State version repository: every structured state ever sensed, numbered per monitor."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, func, select
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
        row = StateVersion(
            monitor_id=monitor_id,
            version=(latest or 0) + 1,
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

    async def latest(self, monitor_id: int) -> StateVersionRecord | None:
        """The most recent state of the monitor, or None before its first sensing."""
        row = await self.session.scalar(
            select(StateVersion)
            .where(StateVersion.monitor_id == monitor_id, self._owned())
            .order_by(StateVersion.version.desc())
            .limit(1)
        )
        return StateVersionRecord.of(row) if row is not None else None

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
