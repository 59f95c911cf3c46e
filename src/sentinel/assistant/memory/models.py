"""The values the memory service takes and returns: frozen records, never ORM rows."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from sentinel.storage.memories import MemoryRecord

__all__ = ["MemoryHit", "MemoryRecord", "Retrieval", "RetrievalMode"]


class RetrievalMode(StrEnum):
    """How a search ranked memories."""

    HYBRID = "hybrid"  # BM25 and dense vectors fused by reciprocal rank fusion
    BM25 = "bm25"  # no embedding model: lexical only (the retrieval's notice says so)


@dataclass(frozen=True, slots=True)
class MemoryHit:
    """A retrieved memory with its score in [0, 1] (see ``sentinel.assistant.memory.fusion``)
    and its 1-based rank in each list (None when that list did not rank it)."""

    memory: MemoryRecord
    score: float
    bm25_rank: int | None
    dense_rank: int | None


@dataclass(frozen=True, slots=True)
class Retrieval:
    """The answer to one search: hits best first (at most ``top_k``, each ``score >= min_score``),
    the mode used, and a notice saying why when retrieval was degraded (BM25 only)."""

    query: str
    hits: tuple[MemoryHit, ...]
    mode: RetrievalMode
    notice: str | None
    top_k: int
    min_score: float
    considered: int  # how many memories of the owner were searched

    @property
    def degraded(self) -> bool:
        """True when dense retrieval was not used (``notice`` says why)."""
        return self.mode is RetrievalMode.BM25
