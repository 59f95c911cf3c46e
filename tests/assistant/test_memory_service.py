"""MemoryService: every write is searchable at once; hybrid search; BM25 fallback says so."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from datetime import UTC, datetime

import numpy as np
import pytest
from numpy.typing import NDArray

from sentinel.assistant.memory import MemoryService, MemorySettings, RetrievalMode
from sentinel.assistant.memory.chunking import chunks
from sentinel.assistant.memory.embedding import missing_packages
from sentinel.errors import InvalidInput
from sentinel.storage import Database, RecordNotFound


@pytest.fixture
def embedding_model() -> None:
    """The packaged MiniLM that `make setup` installs: missing, it is a setup bug, not a skip."""
    missing = missing_packages()
    if missing:
        pytest.fail(f"embedding model not installed: {missing} (run make setup)")


needs_model = pytest.mark.usefixtures("embedding_model")


async def test_a_created_memory_is_found_by_the_very_next_search(db: Database) -> None:
    memories = MemoryService(db, embedder=None)
    await memories.search("alice", "anything")  # the index is loaded before the write
    made = await memories.create("alice", "Ana's birthday is on 14 March", tags=["family"])
    found = await memories.search("alice", "when is Ana's birthday?")
    assert [hit.memory.id for hit in found.hits] == [made.id]


async def test_a_dated_memory_is_found_by_its_date(db: Database) -> None:
    memories = MemoryService(db, embedder=None)
    may = await memories.create(
        "alice",
        "Went camping by the lake with the kids",
        dated=datetime(2023, 5, 8, 13, 56, tzinfo=UTC),
    )
    await memories.create(
        "alice", "Went camping in the mountains", dated=datetime(2023, 7, 2, tzinfo=UTC)
    )
    assert may.created_at == datetime(2023, 5, 8, 13, 56, tzinfo=UTC)
    found = await memories.search("alice", "where did we go camping in May 2023?")
    assert [hit.memory.id for hit in found.hits][:1] == [may.id]
    fresh = await MemoryService(db, embedder=None).search("alice", "camping in May")
    assert [hit.memory.id for hit in fresh.hits][:1] == [may.id]  # dates survive a reload
    with pytest.raises(InvalidInput, match="time zone"):
        await memories.create("alice", "naive", dated=datetime(2023, 5, 8))


async def test_a_memory_that_continues_another_is_found_by_its_words(db: Database) -> None:
    memories = MemoryService(db, embedder=None)
    await memories.search("alice", "warm the index")  # loaded: writes update it in place
    asked = await memories.create("alice", "Rui: How did the kids handle the accident?")
    answer = await memories.create(
        "alice", "Ana: They were scared but we reassured them.", follows=asked.id
    )
    assert answer.follows == asked.id

    async def found(service: MemoryService) -> list[int]:
        hits = await service.search("alice", "accident kids", min_score=0.0)
        return [hit.memory.id for hit in hits.hits]

    assert set(await found(memories)) == {asked.id, answer.id}
    assert set(await found(MemoryService(db, embedder=None))) == {asked.id, answer.id}
    # only `follows` gives context: a plain link does not
    other = await memories.create("alice", "Bought a new bike helmet")
    await memories.link("alice", asked.id, other.id)
    assert other.id not in await found(memories)
    await memories.delete("alice", asked.id)
    assert await found(memories) == []
    assert await found(MemoryService(db, embedder=None)) == []
    with pytest.raises(RecordNotFound):
        await memories.create("alice", "continues nothing", follows=asked.id)
    assert await memories.count("alice") == 2  # nothing half-written
    assert (await memories.get("alice", answer.id)).follows is None


async def test_edits_and_deletes_reach_the_index_at_once(db: Database) -> None:
    memories = MemoryService(db, embedder=None)
    made = await memories.create("alice", "The spare key is under the blue pot")
    await memories.search("alice", "key")
    await memories.update("alice", made.id, text="The spare key is with the neighbour Rui")
    assert (await memories.search("alice", "blue pot")).hits == ()
    assert [h.memory.id for h in (await memories.search("alice", "neighbour")).hits] == [made.id]
    await memories.delete("alice", made.id)
    assert (await memories.search("alice", "neighbour")).hits == ()


async def test_a_write_by_another_process_is_seen_by_the_next_search(db: Database) -> None:
    server = MemoryService(db, embedder=None)
    cli = MemoryService(db, embedder=None)  # a second process: its own in-memory index
    assert (await server.search("alice", "dentist")).hits == ()
    made = await cli.create("alice", "Dentist appointment on Friday at 9")
    assert [h.memory.id for h in (await server.search("alice", "dentist")).hits] == [made.id]
    await cli.delete("alice", made.id)
    assert (await server.search("alice", "dentist")).hits == ()


async def test_without_a_model_search_is_bm25_and_says_so(db: Database) -> None:
    memories = MemoryService(db, settings=MemorySettings(embeddings="none"))
    await memories.create("alice", "I am allergic to peanuts")
    found = await memories.search("alice", "peanuts allergy")
    assert found.mode is RetrievalMode.BM25
    assert found.degraded
    assert "BM25 only" in str(found.notice)
    assert [h.memory.text for h in found.hits] == ["I am allergic to peanuts"]
    assert found.hits[0].dense_rank is None


async def test_top_k_and_min_score_come_from_settings_and_can_be_overridden(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SENTINEL_ASSISTANT_MEMORY_TOP_K", "2")
    monkeypatch.setenv("SENTINEL_ASSISTANT_MEMORY_MIN_SCORE", "0.5")
    memories = MemoryService(db, embedder=None)
    assert (memories.settings.top_k, memories.settings.min_score) == (2, 0.5)
    for i in range(4):
        await memories.create("alice", f"garden note {i}: water the tomatoes")
    await memories.create("alice", "garden fence needs paint")
    default = await memories.search("alice", "water the tomatoes in the garden")
    assert len(default.hits) == 2
    assert all(hit.score >= 0.5 for hit in default.hits)
    wide = await memories.search("alice", "water the tomatoes in the garden", top_k=10, min_score=0)
    assert len(wide.hits) == 5
    assert [h.score for h in wide.hits] == sorted((h.score for h in wide.hits), reverse=True)
    with pytest.raises(InvalidInput, match="min_score"):
        await memories.search("alice", "x", min_score=1.5)
    with pytest.raises(InvalidInput, match="query"):
        await memories.search("alice", "   ")


async def test_an_unrelated_query_returns_nothing_rather_than_noise(db: Database) -> None:
    memories = MemoryService(db, embedder=None)
    await memories.create("alice", "The car's MOT is due in June")
    assert (await memories.search("alice", "favourite pizza topping")).hits == ()


async def test_owners_never_see_each_others_memories(db: Database) -> None:
    memories = MemoryService(db, embedder=None)
    theirs = await memories.create("bob", "Bob's bank PIN hint: the dog's birthday")
    assert (await memories.search("alice", "bank PIN hint")).hits == ()
    assert await memories.list("alice") == []
    with pytest.raises(RecordNotFound):
        await memories.get("alice", theirs.id)
    with pytest.raises(RecordNotFound):
        await memories.update("alice", theirs.id, text="mine now")


@needs_model
async def test_hybrid_search_finds_a_paraphrase_that_shares_no_word(db: Database) -> None:
    memories = MemoryService(db)
    assert memories.mode is RetrievalMode.HYBRID
    await memories.create("alice", "Peanuts give me a severe allergic reaction")
    await memories.create("alice", "The quarterly tax report is due in April")
    lexical = await MemoryService(db, embedder=None).search("alice", "what should I not eat?")
    hybrid = await memories.search("alice", "what should I not eat?")
    assert lexical.hits == ()
    assert hybrid.notice is None
    assert [h.memory.text for h in hybrid.hits] == ["Peanuts give me a severe allergic reaction"]
    assert hybrid.hits[0].score >= 0.3
    assert hybrid.hits[0].bm25_rank is None
    assert hybrid.hits[0].dense_rank == 1


@needs_model
async def test_a_long_memory_is_found_by_a_fact_at_its_end(db: Database) -> None:
    # Past 4,000 characters (the old limit) and far past the 256 word pieces the model reads
    # at once: only chunked embedding sees the last sentence.
    diary = " ".join(
        f"On day {i} of the trip we walked along the river and looked at old bridges."
        for i in range(80)
    )
    memories = MemoryService(db)
    long = await memories.create("alice", f"{diary}\nPeanuts give me a severe allergic reaction.")
    await memories.create("alice", "The quarterly tax report is due in April")
    # The fact is one sentence of a chunk of river walks: ranked first, if by a low cosine.
    found = await memories.search("alice", "what should I not eat?", min_score=0.0)
    assert len(long.text) > 6000
    assert [h.memory.id for h in found.hits][:1] == [long.id]
    assert found.hits[0].dense_rank == 1
    async with db.transaction() as tx:
        (row,) = [r for r in await tx.memories.for_index("alice") if r.id == long.id]
    assert row.embedding is not None
    assert len(row.embedding) // (4 * 384) == len(chunks(long.text)) > 10


@needs_model
async def test_vectors_are_stored_once_and_reused_by_a_fresh_index(db: Database) -> None:
    calls: list[int] = []
    first = MemoryService(db)
    assert first.embedder is not None
    inner = first.embedder

    class Counting:
        name = inner.name
        dimensions = inner.dimensions

        async def embed(self, texts: list[str]):  # type: ignore[no-untyped-def]
            calls.append(len(texts))
            return await inner.embed(texts)

    writer = MemoryService(db, embedder=Counting())
    await writer.create("alice", "Ana lives in Porto")
    reader = MemoryService(db, embedder=Counting())
    found = await reader.search("alice", "where does Ana live")
    assert [h.memory.text for h in found.hits] == ["Ana lives in Porto"]
    assert calls == [1, 1]  # the memory once at creation, then only the query


async def test_concurrent_writes_all_land_in_the_index(db: Database) -> None:
    memories = MemoryService(db, embedder=None)
    await memories.search("alice", "warm the index")
    made = await asyncio.gather(
        *(memories.create("alice", f"parcel {i} arrived") for i in range(8))
    )
    found = await memories.search("alice", "parcel arrived", top_k=20, min_score=0)
    assert sorted(h.memory.id for h in found.hits) == sorted(m.id for m in made)
    async with db.transaction() as tx:
        assert await tx.memories.revision("alice") == 8


class FakeEmbedder:
    """A tiny deterministic embedder: one dimension per known word (a stand-in for a remote
    embeddings endpoint), counting the texts it embeds; ``broken`` makes it fail."""

    name = "fake-words"
    words = ("sister", "porto", "car", "june", "family", "where")
    dimensions = len(words)

    def __init__(self, *, broken: bool = False) -> None:
        self.broken = broken
        self.embedded: list[str] = []

    async def embed(self, texts: Sequence[str]) -> NDArray[np.float32]:
        if self.broken:
            raise ConnectionError("embeddings endpoint unreachable")
        self.embedded.extend(texts)
        rows = np.asarray(
            [[float(w in t.lower()) + 1e-3 for w in self.words] for t in texts], dtype=np.float32
        )
        norms: NDArray[np.float32] = np.linalg.norm(rows, axis=1, keepdims=True)
        return rows / norms


async def test_memories_written_without_a_model_get_vectors_once_a_model_is_there(
    db: Database,
) -> None:
    await MemoryService(db, embedder=None).create("alice", "My sister lives in Porto")
    first = FakeEmbedder()
    found = await MemoryService(db, embedder=first).search("alice", "where is my sister?")
    assert found.mode is RetrievalMode.HYBRID
    assert [h.memory.text for h in found.hits] == ["My sister lives in Porto"]
    assert first.embedded == ["My sister lives in Porto", "where is my sister?"]
    second = FakeEmbedder()
    await MemoryService(db, embedder=second).search("alice", "sister")
    assert second.embedded == ["sister"]  # the late vector was stored


async def test_a_failing_model_degrades_one_search_to_bm25_and_says_why(db: Database) -> None:
    memories = MemoryService(db, embedder=FakeEmbedder())
    await memories.create("alice", "The car's MOT is due in June")
    assert memories.embedder is not None
    memories.embedder.broken = True  # type: ignore[attr-defined]
    found = await memories.search("alice", "car MOT")
    assert found.mode is RetrievalMode.BM25
    assert "embedding model failed" in str(found.notice)
    assert "unreachable" in str(found.notice)
    assert [h.memory.text for h in found.hits] == ["The car's MOT is due in June"]


async def test_a_memory_written_while_the_model_fails_is_kept_and_embedded_later(
    db: Database,
) -> None:
    embedder = FakeEmbedder(broken=True)
    memories = MemoryService(db, embedder=embedder)
    memories.vector_retry_s = 0.0  # retry at every search (60 s by default)
    made = await memories.create("alice", "My sister lives in Porto")
    down = await memories.search("alice", "sister")
    assert (down.mode, [h.memory.id for h in down.hits]) == (RetrievalMode.BM25, [made.id])
    embedder.broken = False
    up = await memories.search("alice", "where does she live?")
    assert up.mode is RetrievalMode.HYBRID
    assert "My sister lives in Porto" in embedder.embedded
    assert up.hits[0].dense_rank == 1
