"""One owner's search index in memory: BM25 postings plus the dense matrix, kept in step with
the database by the owner's write counter (``memory_revisions``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

import numpy as np
from numpy.typing import NDArray

from sentinel.assistant.memory.bm25 import Bm25Index
from sentinel.assistant.memory.dense import DenseIndex
from sentinel.assistant.memory.fusion import Ranked, fuse, ranking


def date_words(date: datetime) -> str:
    """A date as BM25 indexes it beside a memory's text: ``8 May 2023``."""
    return f"{date.day} {date:%B} {date.year}"


# Each retriever contributes at most this many candidates (times top_k) to the fusion.
CANDIDATES_PER_HIT = 10
MIN_CANDIDATES = 50


@dataclass(slots=True)
class OwnerIndex:
    """The indexes of one owner's memories at ``revision`` of the database."""

    revision: int
    dimensions: int | None
    bm25: Bm25Index = field(default_factory=Bm25Index)
    dense: DenseIndex | None = None
    # Memories that should have a vector but do not (the model failed on them), and when
    # (time.monotonic) the service may next reload the index to retry them.
    unembedded: set[int] = field(default_factory=set)
    retry_at: float = 0.0

    def __post_init__(self) -> None:
        if self.dimensions is not None and self.dense is None:
            self.dense = DenseIndex(self.dimensions)

    def __len__(self) -> int:
        return len(self.bm25)

    def put(
        self,
        memory_id: int,
        text: str,
        vector: NDArray[np.float32] | None,
        date: datetime | None = None,
    ) -> None:
        """Index (or re-index) one memory; ``vector`` is one row per chunk of its text
        (``chunking.chunks``) or, for a one-chunk memory, a single vector. BM25 also indexes
        the memory's ``date`` as words, so "what did I do in May 2023?" finds it."""
        self.bm25.add(memory_id, text if date is None else f"{text}\n{date_words(date)}")
        if self.dense is not None:
            if vector is None:
                self.dense.remove(memory_id)
                self.unembedded.add(memory_id)
            else:
                self.dense.add(memory_id, vector)
                self.unembedded.discard(memory_id)

    def drop(self, memory_id: int) -> None:
        """Forget one memory."""
        self.bm25.remove(memory_id)
        self.unembedded.discard(memory_id)
        if self.dense is not None:
            self.dense.remove(memory_id)

    def rank_bm25(self, query: str, top_k: int) -> list[Ranked]:
        """BM25 alone: best first, score = the share of the query's weight matched."""
        ids, scores = self.bm25.scores(query)
        depth = max(MIN_CANDIDATES, CANDIDATES_PER_HIT * top_k)
        order = ranking(ids, scores, depth)
        relevance = self._bm25_relevance(query, ids, scores, order)
        best = float(scores.max()) if len(scores) else 1.0
        value = dict(zip(ids.tolist(), scores.tolist(), strict=True))
        return [
            Ranked(doc_id, value[doc_id] / best, relevance.get(doc_id, 0.0), rank, None)
            for rank, doc_id in enumerate(order, start=1)
        ]

    def rank_hybrid(self, query: str, vector: NDArray[np.float32], top_k: int) -> list[Ranked]:
        """BM25 and dense scores fused (``fusion.fuse``); score = the larger absolute evidence."""
        if self.dense is None:
            raise RuntimeError("this index holds no vectors")
        depth = max(MIN_CANDIDATES, CANDIDATES_PER_HIT * top_k)
        bm25_ids, bm25_scores = self.bm25.scores(query)
        bm25_order = ranking(bm25_ids, bm25_scores, depth)
        dense_ids, cosines = self.dense.similarities(vector)
        dense_order = ranking(dense_ids, cosines, depth)
        relevance = self._bm25_relevance(query, bm25_ids, bm25_scores, bm25_order)
        picked = np.isin(dense_ids, np.asarray(dense_order, dtype=np.int64))
        for doc_id, cosine in zip(dense_ids[picked], cosines[picked], strict=True):
            key = int(doc_id)
            relevance[key] = max(relevance.get(key, 0.0), max(0.0, float(cosine)))
        return fuse(
            (bm25_ids, bm25_scores), (dense_ids, cosines), (bm25_order, dense_order), relevance
        )

    def _bm25_relevance(
        self,
        query: str,
        ids: NDArray[np.int64],
        scores: NDArray[np.float32],
        order: list[int],
    ) -> dict[int, float]:
        weight = self.bm25.query_weight(query)
        if weight <= 0 or not order:
            return {}
        wanted = np.isin(ids, np.asarray(order, dtype=np.int64))
        return {
            int(doc_id): min(1.0, float(score) / weight)
            for doc_id, score in zip(ids[wanted], scores[wanted], strict=True)
        }
