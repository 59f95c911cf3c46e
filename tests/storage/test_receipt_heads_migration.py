"""Migration 0011: existing receipt chains get their newest receipt as recorded head, so a
chain written before the migration verifies, and its truncation shows, afterwards."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

from sentinel.storage import open_database
from sentinel.storage.engine import create_engine
from sentinel.storage.migrate import downgrade_engine, upgrade_engine
from sentinel.storage.settings import sqlite_url
from tests.storage.databases import _create_pg_database, _drop_pg_database, pg_url_for
from tests.storage.helpers import at

BEFORE = "0009_memory_chunks"


@pytest.fixture(params=["sqlite", "postgresql"])
async def url(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[str]:
    """An empty database on each backend, not migrated yet."""
    if request.param == "sqlite":
        yield sqlite_url(tmp_path / "old.db")
        return
    try:
        name = await _create_pg_database()
    except OSError as exc:  # pragma: no cover - the machine's PostgreSQL is down
        pytest.skip(f"PostgreSQL is unreachable: {exc}")
    try:
        yield pg_url_for(name)
    finally:
        await _drop_pg_database(name)


async def chains_before_the_migration(engine: AsyncEngine, url: str) -> None:
    """Two owners' chains written by the code of today, then the heads table taken away."""
    await upgrade_engine(engine)
    db = await open_database(url, migrate=False)
    try:
        for owner, count in (("alice", 3), ("bob", 1)):
            for n in range(count):
                async with db.transaction() as tx:
                    await tx.receipts.append(owner, "chat_turn", {"query": f"q{n}"}, now=at(n))
    finally:
        await db.close()
    await downgrade_engine(engine, BEFORE)


async def test_existing_chains_get_their_newest_receipt_as_head(url: str) -> None:
    engine = create_engine(url)
    try:
        await chains_before_the_migration(engine, url)
        await upgrade_engine(engine)
    finally:
        await engine.dispose()
    db = await open_database(url, migrate=False)
    try:
        async with db.transaction() as tx:
            alice, bob = await tx.receipts.head("alice"), await tx.receipts.head("bob")
            assert alice is not None
            assert bob is not None
            assert (alice[0], bob[0]) == (3, 1)
            assert (await tx.receipts.verify("alice")).ok
            await tx.session.execute(text("DELETE FROM receipts WHERE seq = 3"))
            assert not (await tx.receipts.verify("alice")).ok
    finally:
        await db.close()
