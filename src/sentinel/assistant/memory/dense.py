"""A growable matrix of unit vectors: add and remove in amortised O(dimensions), search with one
matrix-vector product (vectorised; no per-memory Python loop)."""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray


class DenseIndex:
    """Unit vectors keyed by int id; ``add`` replaces the vector of an id already present."""

    def __init__(self, dimensions: int, capacity: int = 64) -> None:
        self.dimensions = dimensions
        self._matrix = np.zeros((capacity, dimensions), dtype=np.float32)
        self._ids = np.full(capacity, -1, dtype=np.int64)
        self._size = 0  # rows used (live and dead)
        self._slot_of: dict[int, int] = {}

    def __len__(self) -> int:
        return len(self._slot_of)

    def __contains__(self, doc_id: object) -> bool:
        return doc_id in self._slot_of

    def add(self, doc_id: int, vector: NDArray[np.float32]) -> None:
        """Store ``vector`` (shape ``(dimensions,)``) for ``doc_id``."""
        if vector.shape != (self.dimensions,):
            raise ValueError(f"expected a vector of {self.dimensions}, got {vector.shape}")
        slot = self._slot_of.get(doc_id)
        if slot is None:
            if self._size == len(self._ids):
                self._grow()
            slot = self._size
            self._size += 1
            self._slot_of[doc_id] = slot
            self._ids[slot] = doc_id
        self._matrix[slot] = vector

    def remove(self, doc_id: int) -> None:
        """Forget ``doc_id`` (no-op when absent); compacts once half the rows are dead."""
        slot = self._slot_of.pop(doc_id, None)
        if slot is None:
            return
        self._ids[slot] = -1
        self._matrix[slot] = 0.0
        if self._size > 64 and len(self._slot_of) * 2 < self._size:
            self._compact()

    def similarities(
        self, query: NDArray[np.float32]
    ) -> tuple[NDArray[np.int64], NDArray[np.float32]]:
        """Ids of every stored vector and its cosine similarity to the unit vector ``query``."""
        ids = self._ids[: self._size]
        scores = self._matrix[: self._size] @ query
        live = ids >= 0
        return ids[live], scores[live]

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
        self._slot_of = {int(doc_id): slot for slot, doc_id in enumerate(ids[:count])}
