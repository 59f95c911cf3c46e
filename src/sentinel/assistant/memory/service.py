"""The memory service: create, edit, delete, link, list and search one owner's memories.

Every write goes through here (the user's CLI/API/UI edits and the agent's actions alike) and
updates the search index in the same call, so a memory is findable the moment ``create``
returns. Vectors are computed once per write and stored beside the memory.
"""

from __future__ import annotations

from collections.abc import Sequence

from sentinel.assistant.memory.models import MemoryRecord, Retrieval
from sentinel.assistant.memory.settings import MemorySettings
from sentinel.clock import Clock, SystemClock
from sentinel.storage.database import Database


class MemoryService:
    """One owner's memories on ``db``; every method takes the owner first.

    Errors: ``sentinel.storage.errors.RecordNotFound`` for an id the owner does not have
    (another owner's memory is "not found", never "forbidden"), ``sentinel.errors.InvalidInput``
    for empty text, text over 4000 characters or bad tags.
    """

    def __init__(
        self,
        db: Database,
        *,
        settings: MemorySettings | None = None,
        clock: Clock | None = None,
    ) -> None:
        self.db = db
        self.settings = settings or MemorySettings()
        self.clock = clock or SystemClock()

    async def create(self, owner: str, text: str, *, tags: Sequence[str] = ()) -> MemoryRecord:
        """Store and index a new memory."""
        raise NotImplementedError

    async def update(
        self,
        owner: str,
        memory_id: int,
        *,
        text: str | None = None,
        tags: Sequence[str] | None = None,
    ) -> MemoryRecord:
        """Change the text and/or tags (None keeps them); re-indexes at once."""
        raise NotImplementedError

    async def delete(self, owner: str, memory_id: int) -> None:
        """Delete the memory and its links."""
        raise NotImplementedError

    async def get(self, owner: str, memory_id: int) -> MemoryRecord:
        """One memory with its links."""
        raise NotImplementedError

    async def list(
        self, owner: str, *, tag: str | None = None, limit: int = 100, offset: int = 0
    ) -> list[MemoryRecord]:
        """The owner's memories, newest first, optionally only those tagged ``tag``."""
        raise NotImplementedError

    async def link(self, owner: str, memory_id: int, other_id: int) -> MemoryRecord:
        """Link two of the owner's memories (undirected, idempotent); returns the first."""
        raise NotImplementedError

    async def search(
        self,
        owner: str,
        query: str,
        *,
        top_k: int | None = None,
        min_score: float | None = None,
    ) -> Retrieval:
        """The owner's memories best matching ``query`` (defaults from settings)."""
        raise NotImplementedError
