"""One owner's search index in memory: BM25 postings plus the dense matrix, kept in step with
the database by the owner's write counter (``memory_revisions``).

What BM25 indexes of a memory: its text, its date as words ("8 May 2023"), and the text of the
memory it continues (``MemoryService.create(follows=...)``), its *context*. A conversation or
a long note stored as a chain of memories is thus found through a part whose own words do not
say what it is about: "They were scared but we reassured them" is found for "how did the
children handle the accident?" when it continues "How did they handle the accident?". The
vectors stay the memory's own text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

import numpy as np
from numpy.typing import NDArray

from sentinel.assistant.memory.bm25 import Bm25Index
from sentinel.assistant.memory.dense import DenseIndex
from sentinel.assistant.memory.fusion import Evidence, Ranked, fuse, top_positions


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
    # What BM25's document of a memory is built from (see the module docstring).
    texts: dict[int, str] = field(default_factory=dict)
    dates: dict[int, datetime | None] = field(default_factory=dict)
    follows: dict[int, int] = field(default_factory=dict)  # memory -> the one it continues
    followers: dict[int, set[int]] = field(default_factory=dict)  # the reverse

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
        follows: int | None = None,
    ) -> None:
        """Index (or re-index) one memory; ``vector`` is one row per chunk of its text
        (``chunking.chunks``) or, for a one-chunk memory, a single vector. BM25 also indexes
        the memory's ``date`` as words, so "what did I do in May 2023?" finds it, and the
        text of the memory it ``follows``."""
        self.texts[memory_id] = text
        self.dates[memory_id] = date
        if follows is not None:
            self.follows[memory_id] = follows
            self.followers.setdefault(follows, set()).add(memory_id)
        self._index_words(memory_id)
        for later in self.followers.get(memory_id, ()):
            self._index_words(later)
        if self.dense is not None:
            if vector is None:
                self.dense.remove(memory_id)
                self.unembedded.add(memory_id)
            else:
                self.dense.add(memory_id, vector)
                self.unembedded.discard(memory_id)

    def drop(self, memory_id: int) -> None:
        """Forget one memory (the memories that continued it lose their context)."""
        self.bm25.remove(memory_id)
        self.unembedded.discard(memory_id)
        self.texts.pop(memory_id, None)
        self.dates.pop(memory_id, None)
        earlier = self.follows.pop(memory_id, None)
        if earlier is not None:
            self.followers.get(earlier, set()).discard(memory_id)
        if self.dense is not None:
            self.dense.remove(memory_id)
        for later in self.followers.pop(memory_id, set()):
            del self.follows[later]
            self._index_words(later)

    def _index_words(self, memory_id: int) -> None:
        text = self.texts.get(memory_id)
        if text is None:
            return
        parts = [text]
        context = self.follows.get(memory_id)
        if context is not None and context in self.texts:
            parts.append(self.texts[context])
        date = self.dates.get(memory_id)
        if date is not None:
            parts.append(date_words(date))
        self.bm25.add(memory_id, "\n".join(parts))

    def rank_bm25(self, query: str, top_k: int) -> list[Ranked]:
        """BM25 alone: best first, score = the share of the query's weight matched."""
        ids, scores = self.bm25.scores(query)
        depth = max(MIN_CANDIDATES, CANDIDATES_PER_HIT * top_k)
        best = top_positions(ids, scores, depth)
        weight = self.bm25.query_weight(query)
        high = float(scores.max()) if len(scores) else 1.0
        return [
            Ranked(
                doc_id=int(ids[at]),
                fused=float(scores[at]) / high,
                score=min(1.0, float(scores[at]) / weight) if weight > 0 else 0.0,
                bm25_rank=rank,
                dense_rank=None,
            )
            for rank, at in enumerate(best.tolist(), start=1)
        ]

    def rank_hybrid(self, query: str, vector: NDArray[np.float32], top_k: int) -> list[Ranked]:
        """BM25 and dense scores fused (``fusion.fuse``); score = the larger absolute evidence.

        Every step is a vectorised pass over the memories (BM25 postings, one matrix-vector
        product) or works on the few candidates: no per-memory Python loop, no set operation
        over all memories."""
        if self.dense is None:
            raise RuntimeError("this index holds no vectors")
        depth = max(MIN_CANDIDATES, CANDIDATES_PER_HIT * top_k)
        totals = self.bm25.slot_scores(query)
        slot_ids = self.bm25.slot_ids()
        matched = np.flatnonzero(totals > 0)
        bm25_best = matched[top_positions(slot_ids[matched], totals[matched], depth)]
        lexical_values = {int(slot_ids[s]): float(totals[s]) for s in bm25_best.tolist()}
        dense_ids, cosines = self.dense.similarities(vector)
        dense_best = top_positions(dense_ids, cosines, depth)
        semantic_values = {int(dense_ids[at]): float(cosines[at]) for at in dense_best.tolist()}
        for doc_id in semantic_values:
            if doc_id not in lexical_values:
                slot = self.bm25.slot(doc_id)
                if slot is not None and totals[slot] > 0:
                    lexical_values[doc_id] = float(totals[slot])
        for doc_id in list(lexical_values):
            if doc_id not in semantic_values:
                cosine = self.dense.best_of(doc_id, vector)
                if cosine is not None:
                    semantic_values[doc_id] = cosine
        lexical = Evidence(
            lexical_values,
            0.0,
            float(totals.max()) if len(totals) else 0.0,
            [int(slot_ids[s]) for s in bm25_best.tolist()],
        )
        semantic = Evidence(
            semantic_values,
            float(cosines.min()) if len(cosines) else 0.0,
            float(cosines.max()) if len(cosines) else 0.0,
            [int(dense_ids[at]) for at in dense_best.tolist()],
        )
        weight = self.bm25.query_weight(query)
        relevance = {
            doc_id: max(
                min(1.0, lexical_values.get(doc_id, 0.0) / weight) if weight > 0 else 0.0,
                max(0.0, semantic_values.get(doc_id, 0.0)),
            )
            for doc_id in lexical_values.keys() | semantic_values.keys()
        }
        return fuse(lexical, semantic, relevance)
