"""A growable matrix of unit vectors, one row per chunk of a memory: add and remove in
amortised O(rows of the memory), search with one matrix-vector product and a vectorised
best-chunk reduction (no per-memory Python loop)."""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from numpy.typing import NDArray
from threadpoolctl import ThreadpoolController


@lru_cache(maxsize=1)
def _blas() -> ThreadpoolController:
    return ThreadpoolController()


class DenseIndex:
    """Unit vectors keyed by int id, one or more rows (chunks) per id; ``add`` replaces the
    vectors of an id already present. An id scores by its best row."""

    def __init__(self, dimensions: int, capacity: int = 64) -> None:
        self.dimensions = dimensions
        self._matrix = np.zeros((capacity, dimensions), dtype=np.float32)
        self._ids = np.full(capacity, -1, dtype=np.int64)
        self._size = 0  # rows used (live and dead)
        self._rows_of: dict[int, tuple[int, int]] = {}  # id -> (first row, row count)
        self._extra_rows = 0  # live rows beyond each id's first: 0 means one row per id

    def __len__(self) -> int:
        return len(self._rows_of)

    def __contains__(self, doc_id: object) -> bool:
        return doc_id in self._rows_of

    def add(self, doc_id: int, vectors: NDArray[np.float32]) -> None:
        """Store ``vectors`` for ``doc_id``: shape ``(dimensions,)`` or ``(chunks, dimensions)``."""
        rows = vectors.reshape(1, -1) if vectors.ndim == 1 else vectors
        if rows.ndim != 2 or rows.shape[1] != self.dimensions or len(rows) == 0:
            raise ValueError(
                f"expected vectors of {self.dimensions} numbers, got shape {vectors.shape}"
            )
        found = self._rows_of.get(doc_id)
        if found is not None and found[1] == len(rows):
            self._matrix[found[0] : found[0] + len(rows)] = rows
            return
        self.remove(doc_id)
        while self._size + len(rows) > len(self._ids):
            self._grow()
        first = self._size
        self._matrix[first : first + len(rows)] = rows
        self._ids[first : first + len(rows)] = doc_id
        self._size += len(rows)
        self._rows_of[doc_id] = (first, len(rows))
        self._extra_rows += len(rows) - 1

    def remove(self, doc_id: int) -> None:
        """Forget ``doc_id`` (no-op when absent); compacts once half the rows are dead."""
        found = self._rows_of.pop(doc_id, None)
        if found is None:
            return
        first, count = found
        self._ids[first : first + count] = -1
        self._matrix[first : first + count] = 0.0
        self._extra_rows -= count - 1
        live_rows = len(self._rows_of) + self._extra_rows
        if self._size > 64 and live_rows * 2 < self._size:
            self._compact()

    def similarities(
        self, query: NDArray[np.float32]
    ) -> tuple[NDArray[np.int64], NDArray[np.float32]]:
        """Each stored id and the cosine similarity of its best row to the unit ``query``."""
        ids = self._ids[: self._size]
        # One thread: BLAS's own threads only fight the server's other work over a product
        # this small (measured 0.55 ms on one thread against 36 ms on a busy 2-core machine).
        with _blas().limit(limits=1, user_api="blas"):
            scores = self._matrix[: self._size] @ query
        live = ids >= 0
        ids, scores = ids[live], scores[live]
        if self._extra_rows == 0 or len(ids) == 0:
            return ids, scores
        # An id's rows are contiguous (added together, kept in order by compaction).
        starts = np.flatnonzero(np.concatenate(([True], ids[1:] != ids[:-1])))
        return ids[starts], np.maximum.reduceat(scores, starts)

    def best_of(self, doc_id: int, query: NDArray[np.float32]) -> float | None:
        """The cosine similarity of ``doc_id``'s best row to ``query`` (None when absent)."""
        found = self._rows_of.get(doc_id)
        if found is None:
            return None
        first, count = found
        return float((self._matrix[first : first + count] @ query).max())

    def _grow(self) -> None:
        capacity = max(64, 2 * len(self._ids))
        matrix = np.zeros((capacity, self.dimensions), dtype=np.float32)
        matrix[: self._size] = self._matrix[: self._size]
        ids = np.full(capacity, -1, dtype=np.int64)
        ids[: self._size] = self._ids[: self._size]
        self._matrix, self._ids = matrix, ids

    def _compact(self) -> None:
        live = np.flatnonzero(self._ids[: self._size] >= 0)
        count = len(live)
        capacity = max(64, 2 * count)
        matrix = np.zeros((capacity, self.dimensions), dtype=np.float32)
        matrix[:count] = self._matrix[live]
        ids = np.full(capacity, -1, dtype=np.int64)
        ids[:count] = self._ids[live]
        self._matrix, self._ids, self._size = matrix, ids, count
        rows_of: dict[int, tuple[int, int]] = {}
        for row, doc_id in enumerate(ids[:count].tolist()):
            first, n = rows_of.get(doc_id, (row, 0))
            rows_of[doc_id] = (first, n + 1)
        self._rows_of = rows_of
