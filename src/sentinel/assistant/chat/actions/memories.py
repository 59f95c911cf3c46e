"""Memory actions: SEARCH, CREATE, UPDATE, DELETE and LINK the owner's memories.

All of them go through the memory service, so a memory the assistant creates is indexed the
moment the action returns (seed 003's agent-created memories never were).
"""

from __future__ import annotations

import re
from typing import Any

from pydantic import Field, field_validator

from sentinel.assistant.chat.actions.base import ActionContext, ActionEntry, Params, Result
from sentinel.assistant.views import memory_view, retrieval_view
from sentinel.storage.memories import MAX_TAG_CHARS

_TAG_JUNK = re.compile(r"[^\w.:/-]")


class SearchMemories(Params):
    """Hybrid search of the owner's memories."""

    query: str = Field(min_length=1, max_length=2000)
    top_k: int = Field(default=5, ge=1, le=20)


def tag_words(tags: list[str] | None) -> list[str] | None:
    """Tags as a model writes them ("wifi password", "#Family") made into tag words
    ("wifi-password", "family"); what has no letter or digit is dropped. The API refuses a
    bad tag from a person; a plan's tag is not worth failing the memory for."""
    if tags is None:
        return None
    words = []
    for tag in tags:
        word = _TAG_JUNK.sub("", "-".join(str(tag).lower().split()))[:MAX_TAG_CHARS].strip("-.:/")
        if word and word not in words:
            words.append(word)
    return words


class CreateMemory(Params):
    """A new memory."""

    text: str = Field(min_length=1, max_length=4000)
    tags: list[str] = Field(default_factory=list, max_length=20)

    @field_validator("tags", mode="after")
    @classmethod
    def _tag_words(cls, tags: list[str]) -> list[str]:
        return tag_words(tags) or []


class UpdateMemory(Params):
    """New text and/or tags for a memory (omitted ones are kept)."""

    memory_id: int = Field(ge=1)
    text: str | None = Field(default=None, min_length=1, max_length=4000)
    tags: list[str] | None = Field(default=None, max_length=20)

    @field_validator("tags", mode="after")
    @classmethod
    def _tag_words(cls, tags: list[str] | None) -> list[str] | None:
        return tag_words(tags)


class DeleteMemory(Params):
    """The memory to delete."""

    memory_id: int = Field(ge=1)


class LinkMemories(Params):
    """Two memories to link."""

    memory_id: int = Field(ge=1)
    other_id: int = Field(ge=1)


class MemoriesFound(Result):
    """A search: its mode, the BM25-only notice if any, and the hits with their scores."""

    query: str
    mode: str
    notice: str | None
    top_k: int
    min_score: float
    considered: int
    hits: list[dict[str, Any]]


class MemoryResult(Result):
    """The memory as stored after the action."""

    memory: dict[str, Any]


class Deleted(Result):
    """What was deleted."""

    kind: str
    id: int


async def search_memories(ctx: ActionContext, params: SearchMemories) -> MemoriesFound:
    """SEARCH_MEMORIES."""
    found = await ctx.deps.memories.search(
        ctx.owner,
        params.query,
        top_k=params.top_k,
        min_score=ctx.deps.settings.memory_min_score,
    )
    return MemoriesFound(**retrieval_view(found))


async def create_memory(ctx: ActionContext, params: CreateMemory) -> MemoryResult:
    """CREATE_MEMORY."""
    record = await ctx.deps.memories.create(ctx.owner, params.text, tags=params.tags)
    return MemoryResult(memory=memory_view(record))


async def update_memory(ctx: ActionContext, params: UpdateMemory) -> MemoryResult:
    """UPDATE_MEMORY."""
    record = await ctx.deps.memories.update(
        ctx.owner, params.memory_id, text=params.text, tags=params.tags
    )
    return MemoryResult(memory=memory_view(record))


async def delete_memory(ctx: ActionContext, params: DeleteMemory) -> Deleted:
    """DELETE_MEMORY."""
    await ctx.deps.memories.delete(ctx.owner, params.memory_id)
    return Deleted(kind="memory", id=params.memory_id)


async def link_memories(ctx: ActionContext, params: LinkMemories) -> MemoryResult:
    """LINK_MEMORIES."""
    record = await ctx.deps.memories.link(ctx.owner, params.memory_id, params.other_id)
    return MemoryResult(memory=memory_view(record))


ENTRIES = (
    ActionEntry(
        "SEARCH_MEMORIES",
        "memories",
        "search the user's memories",
        SearchMemories,
        search_memories,
    ),
    ActionEntry(
        "CREATE_MEMORY",
        "memories",
        "remember something the user said",
        CreateMemory,
        create_memory,
    ),
    ActionEntry("UPDATE_MEMORY", "memories", "correct a memory by id", UpdateMemory, update_memory),
    ActionEntry("DELETE_MEMORY", "memories", "forget a memory by id", DeleteMemory, delete_memory),
    ActionEntry(
        "LINK_MEMORIES",
        "memories",
        "link two related memories by id",
        LinkMemories,
        link_memories,
    ),
)
