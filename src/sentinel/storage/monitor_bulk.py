"""Many monitors at once: creating a batch in a few statements, reading pages by key.

``MonitorRepository.page`` reads monitors in id order after a given id (keyset pagination:
each page is an index range on the primary key, however deep, unlike an OFFSET that reads and
drops every row before it), optionally in one state or with a name containing a text.

``MonitorRepository.create_many`` checks the names (unique within the batch and against the
table, through the unique index, a thousand at a time), then inserts the monitors and their
signing secrets with one executemany each. It runs in the caller's transaction, so a batch is
stored whole or not at all.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table, insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from sentinel.errors import InvalidInput
from sentinel.storage.enums import MonitorState
from sentinel.storage.models import Monitor, MonitorSecret
from sentinel.storage.monitor_fields import NewMonitor
from sentinel.storage.ownership import owner_filter
from sentinel.storage.records import MonitorRecord

NAME_CHUNK = 1000


def new_secret() -> str:
    """A fresh webhook signing secret."""
    return secrets.token_hex(32)


def monitor_row(new: NewMonitor, now: datetime, owner: str) -> dict[str, Any]:
    """The column values of ``owner``'s new active monitor, due at ``new.first_run_at`` or now."""
    return {
        "owner": owner,
        "name": new.name,
        "original_query": new.original_query,
        "current_query": new.current_query or new.original_query,
        "action_criteria": new.action_criteria,
        "notify_behavior": new.notify_behavior,
        "channels": list(new.channels),
        "state": MonitorState.ACTIVE,
        "next_run_at": new.first_run_at or now,
        "last_run_at": None,
        "run_count": 0,
        "consecutive_failures": 0,
        "min_interval_s": new.min_interval_s,
        "max_interval_s": new.max_interval_s,
        "governor_kind": new.governor_kind,
        "governor_rules": new.governor_rules,
        "context": dict(new.context),
        "urls": list(new.urls),
        "fields": list(new.fields),
        "contract": dict(new.contract) if new.contract is not None else None,
        "lease_owner": None,
        "lease_expires_at": None,
        "created_at": now,
        "updated_at": now,
    }


async def insert_monitors(
    session: AsyncSession, news: Sequence[NewMonitor], *, now: datetime, owner: str
) -> list[int]:
    """Insert ``news`` as ``owner``'s, with their secrets; their ids, in order.
    ``InvalidInput`` names the first name used twice in the batch or already taken by the
    owner (nothing is inserted then)."""
    if not news:
        return []
    seen: set[str] = set()
    for new in news:
        if new.name in seen:
            raise InvalidInput("name", new.name, "appears twice in this batch")
        seen.add(new.name)
    names = [new.name for new in news]
    for start in range(0, len(names), NAME_CHUNK):
        chunk = names[start : start + NAME_CHUNK]
        taken = await session.scalar(
            select(Monitor.name).where(Monitor.owner == owner, Monitor.name.in_(chunk)).limit(1)
        )
        if taken is not None:
            raise InvalidInput("name", taken, "a monitor with this name already exists")
    # Core executemany without RETURNING: the driver sends the rows in one call (RETURNING in
    # parameter order made SQLAlchemy insert them one statement at a time on SQLite). The ids
    # are then read by name, through the unique index, a chunk at a time.
    monitors = cast(Table, Monitor.__table__)
    secrets_table = cast(Table, MonitorSecret.__table__)
    try:
        await session.execute(insert(monitors), [monitor_row(new, now, owner) for new in news])
    except IntegrityError as exc:
        # A concurrent create won a name between our check and our insert.
        raise InvalidInput("name", "…", "a monitor in this batch was created meanwhile") from exc
    by_name: dict[str, int] = {}
    for start in range(0, len(names), NAME_CHUNK):
        chunk = names[start : start + NAME_CHUNK]
        rows = await session.execute(
            select(Monitor.name, Monitor.id).where(Monitor.owner == owner, Monitor.name.in_(chunk))
        )
        by_name.update({name: monitor_id for name, monitor_id in rows.all()})
    ids = [by_name[name] for name in names]
    await session.execute(
        insert(secrets_table),
        [
            {"monitor_id": monitor_id, "signing_secret": new_secret(), "created_at": now}
            for monitor_id in ids
        ],
    )
    return ids


async def page_monitors(
    session: AsyncSession,
    *,
    after_id: int = 0,
    limit: int = 500,
    state: MonitorState | None = None,
    search: str | None = None,
    owner: str | None = None,
) -> list[MonitorRecord]:
    """Up to ``limit`` monitors with an id above ``after_id``, in id order; ``state`` keeps one
    state, ``search`` names containing it (case-insensitive, taken literally), ``owner``
    one owner's."""
    if limit < 1:
        raise InvalidInput("limit", limit, "must be at least 1")
    query = (
        select(Monitor)
        .where(Monitor.id > after_id, owner_filter(owner))
        .order_by(Monitor.id)
        .limit(limit)
    )
    if state is not None:
        query = query.where(Monitor.state == state)
    if search:
        query = query.where(Monitor.name.icontains(search, autoescape=True))
    return [MonitorRecord.of(row) for row in await session.scalars(query)]
