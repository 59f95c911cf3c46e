"""Reciprocal rank fusion of the BM25 and dense rankings, and what a hit's score means.

Order. Each retriever ranks its candidates (BM25: memories sharing a term with the query;
dense: the nearest vectors). A memory's fused value is ``sum(1 / (K + rank))`` over the lists
that rank it (``K = 60``, the constant of Cormack et al.), and hits are sorted by it (ties:
newer memory first). RRF uses ranks only, so it needs no calibration between BM25's unbounded
scores and cosine similarities.

Score (what ``min_score`` is compared with). Ranks say nothing about whether anything is
relevant at all (the nearest vector of an unrelated query is still rank 1), so the threshold
uses each retriever's own, normalised evidence, in [0, 1]:

- dense: the cosine similarity of the memory's vector and the query's (negative counts as 0);
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

RRF_K = 60


@dataclass(frozen=True, slots=True)
class Ranked:
    """One fused candidate: its id, fused RRF value, normalised score and per-list ranks."""

    doc_id: int
    rrf: float
    score: float
    bm25_rank: int | None
    dense_rank: int | None


def ranking(ids: NDArray[np.int64], values: NDArray[np.float32], depth: int) -> list[int]:
    """The ``depth`` ids with the highest values, best first (ties: larger id first).

    ``argpartition`` picks the candidates in O(n); only those ``depth`` are sorted.
    """
    if len(ids) == 0:
        return []
    depth = min(depth, len(ids))
    if depth < len(ids):
        chosen = np.argpartition(-values, depth - 1)[:depth]
    else:
        chosen = np.arange(len(ids))
    order = np.lexsort((-ids[chosen], -values[chosen]))
    return [int(i) for i in ids[chosen][order]]


def fuse(
    bm25_order: list[int],
    dense_order: list[int],
    relevance: dict[int, float],
) -> list[Ranked]:
    """RRF over the two rankings; ``relevance`` gives each candidate's normalised score."""
    fused: dict[int, float] = {}
    bm25_rank: dict[int, int] = {}
    dense_rank: dict[int, int] = {}
    for rank, doc_id in enumerate(bm25_order, start=1):
        bm25_rank[doc_id] = rank
        fused[doc_id] = fused.get(doc_id, 0.0) + 1.0 / (RRF_K + rank)
    for rank, doc_id in enumerate(dense_order, start=1):
        dense_rank[doc_id] = rank
        fused[doc_id] = fused.get(doc_id, 0.0) + 1.0 / (RRF_K + rank)
    ordered = sorted(fused.items(), key=lambda item: (-item[1], -item[0]))
    return [
        Ranked(
            doc_id=doc_id,
            rrf=value,
            score=relevance.get(doc_id, 0.0),
            bm25_rank=bm25_rank.get(doc_id),
            dense_rank=dense_rank.get(doc_id),
        )
        for doc_id, value in ordered
    ]
