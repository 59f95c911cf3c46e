"""``Database.reading()``: a unit of work that only reads. On SQLite it begins deferred, so a
writer commits while it is open (an immediate BEGIN would hold the write lock until its end)."""

from __future__ import annotations

import asyncio

from sentinel.storage import Database
from tests.storage.helpers import make_monitor


async def test_a_writer_commits_while_a_reader_is_open(db: Database) -> None:
    monitor = await make_monitor(db)
    async with db.reading() as reader:
        before = await reader.monitors.get(monitor.id)

        async def write() -> None:
            async with db.transaction() as tx:
                await tx.monitors.update(monitor.id, now=before.updated_at, name="renamed")

        await asyncio.wait_for(write(), timeout=30)
    async with db.reading() as reader:
        assert (await reader.monitors.get(monitor.id)).name == "renamed"
