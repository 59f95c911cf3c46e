"""The values the memory service takes and returns: frozen records, never ORM rows."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum


class RetrievalMode(StrEnum):
    """How a search ranked memories."""

    HYBRID = "hybrid"  # BM25 and dense vectors fused by reciprocal rank fusion
    BM25 = "bm25"  # no embedding model installed: lexical only (the notice says so)


@dataclass(frozen=True, slots=True)
class MemoryRecord:
    """One memory of one owner; ``links`` are the ids of memories linked to it (both ways)."""

    id: int
    owner: str
    text: str
    tags: tuple[str, ...]
    created_at: datetime
    updated_at: datetime
    links: tuple[int, ...] = ()


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
    the mode used, and a human-readable notice when retrieval was degraded (e.g. BM25 only)."""

    query: str
    hits: tuple[MemoryHit, ...]
    mode: RetrievalMode
    notice: str | None = None
    top_k: int = 5
    min_score: float = 0.3
    considered: int = 0  # how many memories of the owner were searched
    extra: dict[str, float] = field(default_factory=dict)
