"""MemoryRepository: memories with tags, links and cached vectors, always scoped to an owner."""

from __future__ import annotations

import pytest

from sentinel.errors import InvalidInput
from sentinel.storage import Database, RecordNotFound
from sentinel.storage.memories import MAX_TEXT_CHARS
from tests.storage.helpers import T0, at


async def test_a_memory_is_stored_with_its_tags_and_read_back(db: Database) -> None:
    async with db.transaction() as tx:
        made = await tx.memories.add(
            "alice", "  Ana lives in Porto ", ["Family", "family", "porto"], now=T0
        )
    async with db.transaction() as tx:
        read = await tx.memories.get("alice", made.id)
    assert read == made
    assert (read.owner, read.text, read.tags, read.created_at, read.links) == (
        "alice",
        "Ana lives in Porto",
        ("family", "porto"),
        T0,
        (),
    )


async def test_another_owners_memory_is_not_found(db: Database) -> None:
    async with db.transaction() as tx:
        made = await tx.memories.add("alice", "secret plan", [], now=T0)
    async with db.transaction() as tx:
        with pytest.raises(RecordNotFound, match="memory"):
            await tx.memories.get("bob", made.id)
        with pytest.raises(RecordNotFound):
            await tx.memories.update("bob", made.id, now=at(1), text="hijacked")
        with pytest.raises(RecordNotFound):
            await tx.memories.delete("bob", made.id)
        assert await tx.memories.list("bob") == []
        assert await tx.memories.many("bob", [made.id]) == []
        assert await tx.memories.for_index("bob") == []


@pytest.mark.parametrize(
    ("text", "tags", "field"),
    [
        ("   ", [], "text"),
        ("x" * (MAX_TEXT_CHARS + 1), [], "text"),
        ("ok", ["two words"], "tags"),
        ("ok", [""], "tags"),
    ],
)
async def test_bad_text_or_tags_are_refused_by_name(
    db: Database, text: str, tags: list[str], field: str
) -> None:
    async with db.transaction() as tx:
        with pytest.raises(InvalidInput, match=field):
            await tx.memories.add("alice", text, tags, now=T0)


async def test_update_replaces_text_vector_and_tags_and_moves_updated_at(db: Database) -> None:
    async with db.transaction() as tx:
        made = await tx.memories.add(
            "alice", "old", ["a"], now=T0, embedding=b"\0" * 8, embedding_model="m"
        )
        changed = await tx.memories.update(
            "alice", made.id, now=at(5), text="new", tags=["b"], embedding=None
        )
        [indexed] = await tx.memories.for_index("alice")
    assert (changed.text, changed.tags, changed.created_at, changed.updated_at) == (
        "new",
        ("b",),
        T0,
        at(5),
    )
    assert (indexed.text, indexed.embedding, indexed.embedding_model) == ("new", None, None)


async def test_listing_is_newest_first_and_filters_by_tag(db: Database) -> None:
    async with db.transaction() as tx:
        first = await tx.memories.add("alice", "one", ["work"], now=T0)
        second = await tx.memories.add("alice", "two", [], now=at(1))
        third = await tx.memories.add("alice", "three", ["work"], now=at(2))
        assert [m.id for m in await tx.memories.list("alice")] == [third.id, second.id, first.id]
        assert [m.id for m in await tx.memories.list("alice", tag="WORK")] == [third.id, first.id]
        assert [m.id for m in await tx.memories.list("alice", limit=1, offset=1)] == [second.id]
        assert await tx.memories.count("alice") == 3
        with pytest.raises(InvalidInput, match="limit"):
            await tx.memories.list("alice", limit=0)


async def test_links_are_undirected_idempotent_and_go_with_a_deleted_memory(db: Database) -> None:
    async with db.transaction() as tx:
        a = await tx.memories.add("alice", "a", [], now=T0)
        b = await tx.memories.add("alice", "b", [], now=T0)
        c = await tx.memories.add("alice", "c", [], now=T0)
        await tx.memories.link("alice", b.id, a.id, now=T0)
        await tx.memories.link("alice", a.id, b.id, now=T0)
        await tx.memories.link("alice", a.id, c.id, now=T0)
        assert (await tx.memories.get("alice", a.id)).links == (b.id, c.id)
        assert (await tx.memories.get("alice", b.id)).links == (a.id,)
        with pytest.raises(InvalidInput, match="itself"):
            await tx.memories.link("alice", a.id, a.id, now=T0)
        await tx.memories.delete("alice", c.id)
        assert (await tx.memories.get("alice", a.id)).links == (b.id,)
        await tx.memories.unlink("alice", b.id, a.id)
        assert (await tx.memories.get("alice", a.id)).links == ()


async def test_a_memory_cannot_be_linked_to_another_owners_memory(db: Database) -> None:
    async with db.transaction() as tx:
        mine = await tx.memories.add("alice", "mine", [], now=T0)
        theirs = await tx.memories.add("bob", "theirs", [], now=T0)
        with pytest.raises(RecordNotFound):
            await tx.memories.link("alice", mine.id, theirs.id, now=T0)


async def test_the_revision_counts_writes_per_owner(db: Database) -> None:
    async with db.transaction() as tx:
        assert await tx.memories.revision("alice") == 0
        assert await tx.memories.bump_revision("alice") == 1
        assert await tx.memories.bump_revision("alice") == 2
        assert await tx.memories.bump_revision("bob") == 1
        assert await tx.memories.revision("alice") == 2


async def test_a_late_vector_is_cached_only_while_the_text_is_unchanged(db: Database) -> None:
    async with db.transaction() as tx:
        made = await tx.memories.add("alice", "text", [], now=T0)
        assert not await tx.memories.cache_embedding("alice", made.id, "stale", b"1234", "m")
        assert await tx.memories.cache_embedding("alice", made.id, "text", b"1234", "m")
        [indexed] = await tx.memories.for_index("alice")
    assert (indexed.embedding, indexed.embedding_model) == (b"1234", "m")
