"""Migration 0014: receipt hashes cover ``kind`` from now on; the receipts of before keep their
hash (version 1) and their kind is checked against their payload's; downgrading re-hashes the
newer receipts in the old form."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

from sentinel.storage import open_database
from sentinel.storage.engine import create_engine
from sentinel.storage.migrate import downgrade_engine, upgrade_engine
from sentinel.storage.receipts import GENESIS_HASH, canonical_json, receipt_hash
from sentinel.storage.settings import sqlite_url
from tests.storage.databases import _create_pg_database, _drop_pg_database, pg_url_for
from tests.storage.helpers import at

BEFORE = "0013_monitor_contract"
KINDS = ["chat_turn", "notification", "chat_turn"]


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


async def legacy_chain(engine: AsyncEngine) -> None:
    """Alice's chain as the code of 0013 wrote it: version-1 hashes, kind in the payload."""
    await upgrade_engine(engine, BEFORE)
    prev_hash = GENESIS_HASH
    async with engine.begin() as connection:
        for seq, kind in enumerate(KINDS, start=1):
            payload = {"kind": kind, "query": f"q{seq}"}
            hash_ = receipt_hash("alice", seq, prev_hash, at(seq), payload, kind, version=1)
            await connection.execute(
                text(
                    "INSERT INTO receipts (owner, seq, prev_hash, hash, kind, payload, created_at)"
                    " VALUES ('alice', :seq, :prev, :hash, :kind, :payload, :at)"
                ),
                {
                    "seq": seq,
                    "prev": prev_hash,
                    "hash": hash_,
                    "kind": kind,
                    "payload": canonical_json(payload),
                    "at": at(seq).replace(tzinfo=None)
                    if engine.dialect.name == "sqlite"
                    else at(seq),
                },
            )
            prev_hash = hash_
        await connection.execute(
            text("INSERT INTO receipt_heads (owner, seq, hash) VALUES ('alice', 3, :hash)"),
            {"hash": prev_hash},
        )


async def migrated(url: str) -> None:
    engine = create_engine(url)
    try:
        await legacy_chain(engine)
        await upgrade_engine(engine)
    finally:
        await engine.dispose()


async def test_a_chain_of_before_the_migration_still_verifies_with_its_hashes(url: str) -> None:
    await migrated(url)
    db = await open_database(url, migrate=False)
    try:
        async with db.transaction() as tx:
            verified = await tx.receipts.verify("alice")
            newest = await tx.receipts.get("alice", 3)
            await tx.receipts.append("alice", "chat_turn", {"kind": "chat_turn"}, now=at(9))
        async with db.transaction() as tx:
            after_append = await tx.receipts.verify("alice")
    finally:
        await db.close()
    assert (verified.ok, verified.checked) == (True, 3)
    assert newest.hash == receipt_hash(
        "alice", 3, newest.prev_hash, at(3), newest.payload, "chat_turn", version=1
    )
    assert (after_append.ok, after_append.checked) == (True, 4)


@pytest.mark.parametrize(
    ("statement", "problem"),
    [
        # A receipt of before: its payload's own kind (hashed) says what it was.
        ("UPDATE receipts SET kind = 'forged' WHERE seq = 2", "is not the kind its payload"),
        # A receipt of after: the hash covers kind.
        ("UPDATE receipts SET kind = 'forged' WHERE seq = 4", "altered"),
        # Passing a newer receipt off as an older one, to escape the hash of its kind.
        ("UPDATE receipts SET kind = 'forged', hash_version = 1 WHERE seq = 4", "altered"),
    ],
)
async def test_a_forged_kind_shows_before_and_after_the_migration(
    url: str, statement: str, problem: str
) -> None:
    await migrated(url)
    db = await open_database(url, migrate=False)
    try:
        async with db.transaction() as tx:
            await tx.receipts.append("alice", "chat_turn", {"kind": "chat_turn"}, now=at(9))
        async with db.engine.begin() as connection:
            await connection.execute(text(statement))
        async with db.transaction() as tx:
            result = await tx.receipts.verify("alice")
    finally:
        await db.close()
    assert not result.ok
    assert problem in str(result.problem)


async def test_a_version_1_receipt_after_a_version_2_one_is_refused(url: str) -> None:
    await migrated(url)
    db = await open_database(url, migrate=False)
    try:
        async with db.transaction() as tx:
            await tx.receipts.append("alice", "note", {"text": "n"}, now=at(9))
            fifth = await tx.receipts.append("alice", "note", {"text": "m"}, now=at(10))
        # A forger re-hashes the newest receipt in the old form, which leaves kind out, with a
        # new kind, and moves the head along: every hash and link checks, but a receipt of
        # before the migration cannot come after one of since.
        forged = receipt_hash(
            "alice", 5, fifth.prev_hash, at(10), {"text": "m"}, "forged", version=1
        )
        async with db.engine.begin() as connection:
            await connection.execute(
                text(
                    "UPDATE receipts SET kind = 'forged', hash_version = 1, hash = :h WHERE seq = 5"
                ),
                {"h": forged},
            )
            await connection.execute(text("UPDATE receipt_heads SET hash = :h"), {"h": forged})
        async with db.transaction() as tx:
            result = await tx.receipts.verify("alice")
    finally:
        await db.close()
    assert (result.ok, result.broken_seq) == (False, 5)
    assert "follows one in version 2" in str(result.problem)


async def test_downgrading_rehashes_the_newer_receipts_in_the_old_form(url: str) -> None:
    await migrated(url)
    db = await open_database(url, migrate=False)
    try:
        for n in range(2):
            async with db.transaction() as tx:
                await tx.receipts.append("alice", "chat_turn", {"kind": "chat_turn"}, now=at(9 + n))
    finally:
        await db.close()
    engine = create_engine(url)
    try:
        await downgrade_engine(engine, BEFORE)
        async with engine.connect() as connection:
            rows = (
                await connection.execute(
                    text("SELECT seq, prev_hash, hash, kind, payload FROM receipts ORDER BY seq")
                )
            ).all()
            head = (await connection.execute(text("SELECT seq, hash FROM receipt_heads"))).one()
        await upgrade_engine(engine)
    finally:
        await engine.dispose()
    prev_hash = GENESIS_HASH
    for row, when in zip(rows, [1, 2, 3, 9, 10], strict=True):
        expected = receipt_hash(
            "alice", row.seq, prev_hash, at(when), json.loads(row.payload), row.kind, version=1
        )
        assert (row.prev_hash, row.hash) == (prev_hash, expected)
        prev_hash = row.hash
    assert tuple(head) == (5, prev_hash)
    db = await open_database(url, migrate=False)
    try:
        async with db.transaction() as tx:
            assert (await tx.receipts.verify("alice")).ok
    finally:
        await db.close()
