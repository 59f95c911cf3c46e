"""ReceiptRepository: a hash chain per owner that verify walks, naming the first broken link."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import text

from sentinel.errors import InvalidInput
from sentinel.storage import Database
from sentinel.storage.receipts import GENESIS_HASH, canonical_json, digest, receipt_hash
from tests.storage.helpers import T0, at


async def append(db: Database, owner: str, query: str, when: float = 0) -> int:
    async with db.transaction() as tx:
        receipt = await tx.receipts.append(owner, "chat_turn", {"query": query}, now=at(when))
    return receipt.seq


def test_canonical_json_sorts_keys_drops_whitespace_and_keeps_utf8() -> None:
    assert canonical_json({"b": 1, "a": ["é", {"d": None, "c": 2.5}]}) == (
        '{"a":["é",{"c":2.5,"d":null}],"b":1}'
    )
    assert digest({"a": 1}) == digest({"a": 1}) != digest({"a": 2})
    with pytest.raises(ValueError, match="not JSON compliant"):
        canonical_json(float("nan"))


async def test_each_receipt_holds_the_previous_hash(db: Database) -> None:
    for i in range(3):
        await append(db, "alice", f"q{i}", when=i)
    async with db.transaction() as tx:
        newest_first = await tx.receipts.list("alice")
    first, second, third = reversed(newest_first)
    assert [r.seq for r in (first, second, third)] == [1, 2, 3]
    assert first.prev_hash == GENESIS_HASH
    assert second.prev_hash == first.hash
    assert third.prev_hash == second.hash
    assert first.hash == receipt_hash("alice", 1, GENESIS_HASH, at(0), {"query": "q0"}, "chat_turn")
    assert (first.payload, first.created_at) == ({"query": "q0"}, T0)


async def test_a_chain_verifies_and_owners_have_separate_chains(db: Database) -> None:
    await append(db, "alice", "a1")
    await append(db, "bob", "b1")
    await append(db, "alice", "a2")
    async with db.transaction() as tx:
        alice = await tx.receipts.verify("alice")
        bob = await tx.receipts.verify("bob")
        nobody = await tx.receipts.verify("carol")
        assert await tx.receipts.owners() == ["alice", "bob"]
        assert (await tx.receipts.get("bob", 1)).payload == {"query": "b1"}
    assert (alice.ok, alice.checked, bob.ok, bob.checked) == (True, 2, True, 1)
    assert (nobody.ok, nobody.checked, nobody.head_hash) == (True, 0, GENESIS_HASH)


async def test_verify_names_the_receipt_whose_payload_was_edited(db: Database) -> None:
    for i in range(4):
        await append(db, "alice", f"q{i}")
    async with db.engine.begin() as connection:
        await connection.execute(
            text("UPDATE receipts SET payload = :p WHERE owner = 'alice' AND seq = 3"),
            {"p": canonical_json({"query": "something else"})},
        )
    async with db.transaction() as tx:
        result = await tx.receipts.verify("alice")
    assert (result.ok, result.broken_seq, result.checked) == (False, 3, 2)
    assert "altered" in str(result.problem)


async def test_verify_sees_a_rehashed_receipt_through_the_next_link(db: Database) -> None:
    for i in range(3):
        await append(db, "alice", f"q{i}")
    forged = {"query": "forged"}
    async with db.transaction() as tx:
        second = await tx.receipts.get("alice", 2)
    new_hash = receipt_hash("alice", 2, second.prev_hash, second.created_at, forged, second.kind)
    async with db.engine.begin() as connection:
        await connection.execute(
            text("UPDATE receipts SET payload = :p, hash = :h WHERE owner = 'alice' AND seq = 2"),
            {"p": canonical_json(forged), "h": new_hash},
        )
    async with db.transaction() as tx:
        result = await tx.receipts.verify("alice")
    assert (result.ok, result.broken_seq) == (False, 3)
    assert result.problem == "prev_hash does not match the previous receipt's hash"


# Issue 34, cause 5: "UPDATE receipts SET kind='forged'" still verified.
async def test_verify_names_the_receipt_whose_kind_was_edited(db: Database) -> None:
    for i in range(3):
        await append(db, "alice", f"q{i}")
    async with db.engine.begin() as connection:
        await connection.execute(
            text("UPDATE receipts SET kind = 'forged' WHERE owner = 'alice' AND seq = 2")
        )
    async with db.transaction() as tx:
        result = await tx.receipts.verify("alice")
    assert (result.ok, result.broken_seq, result.checked) == (False, 2, 1)
    assert "altered" in str(result.problem)


def test_the_hash_covers_every_column_a_reader_is_shown() -> None:
    # ReceiptOut shows seq, kind, prev_hash, hash, payload and created_at (and the chain is
    # the owner's): changing any one of them changes the hash.
    base = ("alice", 2, "a" * 64, at(0), {"query": "q"}, "chat_turn")
    variants = [
        ("bob", *base[1:]),
        (base[0], 3, *base[2:]),
        (*base[:2], "b" * 64, *base[3:]),
        (*base[:3], at(1), *base[4:]),
        (*base[:4], {"query": "r"}, base[5]),
        (*base[:5], "notification"),
    ]
    hashes = {receipt_hash(*variant) for variant in variants}
    assert len(hashes | {receipt_hash(*base)}) == len(variants) + 1


async def test_verify_notices_a_deleted_receipt(db: Database) -> None:
    for i in range(3):
        await append(db, "alice", f"q{i}")
    async with db.engine.begin() as connection:
        await connection.execute(text("DELETE FROM receipts WHERE owner = 'alice' AND seq = 2"))
    async with db.transaction() as tx:
        result = await tx.receipts.verify("alice")
    assert (result.ok, result.broken_seq) == (False, 3)
    assert "receipt 2 is missing" in str(result.problem)


async def test_verify_notices_that_the_newest_receipt_was_deleted(db: Database) -> None:
    for i in range(3):
        await append(db, "alice", f"q{i}")
    async with db.engine.begin() as connection:
        await connection.execute(text("DELETE FROM receipts WHERE owner = 'alice' AND seq = 3"))
    async with db.transaction() as tx:
        result = await tx.receipts.verify("alice")
    assert (result.ok, result.checked, result.broken_seq) == (False, 2, 3)
    assert result.problem == (
        "the chain ends at #2 but its recorded head is #3: the newest 1 receipt was deleted"
    )


async def test_verify_notices_a_chain_deleted_whole(db: Database) -> None:
    await append(db, "alice", "q0")
    async with db.engine.begin() as connection:
        await connection.execute(text("DELETE FROM receipts WHERE owner = 'alice'"))
    async with db.transaction() as tx:
        assert await tx.receipts.owners() == ["alice"]
        result = await tx.receipts.verify("alice")
    assert (result.ok, result.broken_seq) == (False, 1)


async def test_an_append_after_a_truncation_keeps_the_gap_visible(db: Database) -> None:
    for i in range(3):
        await append(db, "alice", f"q{i}")
    async with db.engine.begin() as connection:
        await connection.execute(text("DELETE FROM receipts WHERE owner = 'alice' AND seq = 3"))

    assert await append(db, "alice", "after") == 4  # not a new #3 covering the deletion

    async with db.transaction() as tx:
        result = await tx.receipts.verify("alice")
        assert await tx.receipts.head("alice") == (4, (await tx.receipts.get("alice", 4)).hash)
    assert (result.ok, result.broken_seq) == (False, 4)
    assert "receipt 3 is missing" in str(result.problem)


async def test_a_chain_without_a_recorded_head_is_reported(db: Database) -> None:
    await append(db, "alice", "q0")
    async with db.engine.begin() as connection:
        await connection.execute(text("DELETE FROM receipt_heads"))
    async with db.transaction() as tx:
        result = await tx.receipts.verify("alice")
    assert (result.ok, result.problem) == (False, "no chain head is recorded for this chain")


async def test_concurrent_appends_never_share_a_previous_hash(db: Database) -> None:
    await asyncio.gather(*(append(db, "alice", f"q{i}") for i in range(12)))
    async with db.transaction() as tx:
        receipts = await tx.receipts.list("alice")
        result = await tx.receipts.verify("alice")
    assert sorted(r.seq for r in receipts) == list(range(1, 13))
    assert len({r.prev_hash for r in receipts}) == 12
    assert (result.ok, result.checked) == (True, 12)
    async with db.transaction() as tx:
        assert await tx.receipts.head("alice") == (12, receipts[0].hash)


async def test_a_payload_that_is_not_json_is_refused(db: Database) -> None:
    async with db.transaction() as tx:
        with pytest.raises(InvalidInput, match="payload"):
            await tx.receipts.append("alice", "chat_turn", {"when": object()}, now=T0)


async def test_an_append_that_loses_the_race_chains_after_the_winner(db: Database) -> None:
    """A holds seq 1 uncommitted while B appends: B waits (PostgreSQL: on the unique index;
    SQLite: on the write lock), then retries on the new tail instead of forking the chain."""
    first_written = asyncio.Event()

    async def winner() -> int:
        async with db.transaction() as tx:
            receipt = await tx.receipts.append("alice", "chat_turn", {"query": "a"}, now=T0)
            first_written.set()
            await asyncio.sleep(0.3)
        return receipt.seq

    async def loser() -> int:
        await first_written.wait()
        async with db.transaction() as tx:
            receipt = await tx.receipts.append("alice", "chat_turn", {"query": "b"}, now=T0)
        return receipt.seq

    assert await asyncio.gather(winner(), loser()) == [1, 2]
    async with db.transaction() as tx:
        result = await tx.receipts.verify("alice")
    assert (result.ok, result.checked) == (True, 2)
