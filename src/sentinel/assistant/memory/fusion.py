"""Score-normalised fusion of the BM25 and dense rankings, and what a hit's score means.

Order. Each retriever scores every memory: BM25 those sharing a term with the query (the rest
score 0), the dense index every memory (the cosine of its best chunk). Each is min-max
normalised over the owner's memories (BM25: divided by the best score, since a memory without
a shared term scores 0; dense: ``(cos - min) / (max - min)``), and a memory's fused value is
the mean of the two (equal weights, no tuning): the convex combination that Bruch et al.
("An Analysis of Fusion Functions for Hybrid Retrieval", 2023) found more robust than
reciprocal rank fusion. Hits are sorted by it (ties: newer memory first).

Why not RRF (which this module used before): RRF gives the k-th memory of the weaker list as
much as the k-th of the stronger one, so on LoCoMo, where the dense model is the weaker
retriever, it ranked below BM25 alone. Normalised scores keep each retriever's margins: a
memory far ahead lexically stays ahead unless the vectors disagree strongly. Measured on LoCoMo
conversations 0–4 and the project's vault, it is at least as good as either retriever alone on
R@5 (docs/assistant-memory.md). When the dense scores are flat (every memory as near the query
as every other, or one memory only) they carry no order and the ranking is BM25's.

Score (what ``min_score`` is compared with). Normalised values say nothing about whether
anything is relevant at all (the nearest vector of an unrelated query still normalises to 1),
so the threshold uses each retriever's own, absolute evidence, in [0, 1]:

- dense: the cosine similarity of the memory's best chunk and the query (negative counts as 0);
- BM25: the memory's BM25 score divided by the query's own weight (the sum of the idf of its
  distinct terms, unknown terms included): the share of the query's term weight the memory
  matches, capped at 1.

A hit's ``score`` is the larger of the two: a memory is returned when at least one retriever
finds it relevant enough (default: cosine >= 0.3, or 30 % of the query's weight matched).
With BM25 only, ``score`` is the BM25 evidence and the order is BM25's.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

# The weight of the lexical side in the fused value (the dense side has 1 - this).
LEXICAL_WEIGHT = 0.5
# Dense scores spread over less than this carry no order (float32 noise on equal vectors).
FLAT_SPREAD = 1e-6


@dataclass(frozen=True, slots=True)
class Ranked:
    """One fused candidate: its id, fused value, absolute score and rank in each list."""

    doc_id: int
    fused: float
    score: float
    bm25_rank: int | None
    dense_rank: int | None


@dataclass(frozen=True, slots=True)
class Evidence:
    """One retriever's view of the candidates: its raw score of each candidate it scores,
    the range of its scores over all the owner's memories (what normalisation divides by),
    and its own best ids, best first."""

    values: dict[int, float]
    low: float
    high: float
    order: list[int]

    def normalised(self, doc_id: int) -> float:
        """The candidate's score scaled to [0, 1]; 0 when unscored or the scores are flat."""
        spread = self.high - self.low
        if spread < FLAT_SPREAD or doc_id not in self.values:
            return 0.0
        return (self.values[doc_id] - self.low) / spread


def top_positions(
    ids: NDArray[np.int64], values: NDArray[np.float32], depth: int
) -> NDArray[np.intp]:
    """The positions of the ``depth`` highest values, best first (ties: larger id first).

    ``argpartition`` picks the candidates in O(n); only those ``depth`` are sorted.
    """
    if len(ids) == 0 or depth <= 0:
        return np.empty(0, dtype=np.intp)
    depth = min(depth, len(ids))
    if depth < len(ids):
        chosen = np.argpartition(-values, depth - 1)[:depth]
    else:
        chosen = np.arange(len(ids))
    order = np.lexsort((-ids[chosen], -values[chosen]))
    positions: NDArray[np.intp] = chosen[order]
    return positions


def ranking(ids: NDArray[np.int64], values: NDArray[np.float32], depth: int) -> list[int]:
    """The ``depth`` ids with the highest values, best first (ties: larger id first)."""
    return [int(i) for i in ids[top_positions(ids, values, depth)]]


def fuse(lexical: Evidence, semantic: Evidence, relevance: dict[int, float]) -> list[Ranked]:
    """The candidates (both retrievers' best ids) ordered by the mean of their normalised
    scores; ``relevance`` gives each candidate's absolute score (see the module docstring)."""
    candidates = dict.fromkeys(lexical.order + semantic.order)
    fused = {
        doc_id: LEXICAL_WEIGHT * lexical.normalised(doc_id)
        + (1 - LEXICAL_WEIGHT) * semantic.normalised(doc_id)
        for doc_id in candidates
    }
    bm25_rank = {doc_id: rank for rank, doc_id in enumerate(lexical.order, start=1)}
    dense_rank = {doc_id: rank for rank, doc_id in enumerate(semantic.order, start=1)}
    ordered = sorted(fused.items(), key=lambda item: (-item[1], -item[0]))
    return [
        Ranked(
            doc_id=doc_id,
            fused=value,
            score=relevance.get(doc_id, 0.0),
            bm25_rank=bm25_rank.get(doc_id),
            dense_rank=dense_rank.get(doc_id),
        )
        for doc_id, value in ordered
    ]
