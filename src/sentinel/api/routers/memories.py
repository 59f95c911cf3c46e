"""``/memories``: the caller's memories — list, create, read, edit, delete, link, search."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from fastapi import APIRouter, Path, Query, Request, Response
from pydantic import BaseModel, Field

from sentinel.api.dependencies import MAX_ID, MAX_OFFSET
from sentinel.api.owners import Memories, Owner
from sentinel.api.pagination import Limit, Page, offset_page
from sentinel.api.problems import PROBLEM_RESPONSES
from sentinel.api.view import RecordView
from sentinel.assistant.memory import Retrieval
from sentinel.storage.memories import MAX_TAG_CHARS, MAX_TAGS, MAX_TEXT_CHARS

router = APIRouter(prefix="/memories", tags=["memories"], responses=PROBLEM_RESPONSES)
MemoryId = Annotated[int, Path(ge=1, le=MAX_ID, description="The memory's id.")]
# One word of letters, digits or _.:/- (``check_tags``), so a bad tag is refused naming its field.
TAG_PATTERN = r"^\s*\w[\w.:/-]*\s*$"
Tag = Annotated[str, Field(min_length=1, max_length=MAX_TAG_CHARS, pattern=TAG_PATTERN)]


class MemoryOut(RecordView):
    """A memory as the API shows it."""

    id: int
    text: str
    tags: list[str]
    links: list[int]
    created_at: datetime
    updated_at: datetime


class NewMemory(BaseModel):
    """A memory to store."""

    text: str = Field(min_length=1, max_length=MAX_TEXT_CHARS)
    tags: list[Tag] = Field(default_factory=list, max_length=MAX_TAGS)


class MemoryChanges(BaseModel):
    """What to change (absent fields stay)."""

    text: str | None = Field(default=None, min_length=1, max_length=MAX_TEXT_CHARS)
    tags: list[Tag] | None = Field(default=None, max_length=MAX_TAGS)


class LinkRequest(BaseModel):
    """The memory to link to."""

    other_id: int = Field(ge=1, le=MAX_ID, strict=True)


class SearchRequest(BaseModel):
    """A search; absent ``top_k``/``min_score`` use the configured defaults."""

    query: str = Field(min_length=1, max_length=2000)
    top_k: int | None = Field(default=None, ge=1, le=100, strict=True)
    min_score: float | None = Field(default=None, ge=0.0, le=1.0, strict=True)


class HitOut(BaseModel):
    """One retrieved memory: ``score`` in [0, 1] (see docs/assistant.md, "Memories"), its rank in
    the BM25 and the dense list (null when that list did not rank it)."""

    memory: MemoryOut
    score: float
    bm25_rank: int | None
    dense_rank: int | None


class SearchOut(BaseModel):
    """The search result: ``mode`` is ``hybrid`` or ``bm25``; ``notice`` says why search was
    BM25 only (no embedding model installed, or it failed)."""

    query: str
    mode: str
    notice: str | None
    top_k: int
    min_score: float
    considered: int
    hits: list[HitOut]

    @classmethod
    def of(cls, found: Retrieval) -> SearchOut:
        """From a retrieval."""
        return cls(
            query=found.query,
            mode=found.mode.value,
            notice=found.notice,
            top_k=found.top_k,
            min_score=found.min_score,
            considered=found.considered,
            hits=[
                HitOut(
                    memory=MemoryOut.of(hit.memory),
                    score=hit.score,
                    bm25_rank=hit.bm25_rank,
                    dense_rank=hit.dense_rank,
                )
                for hit in found.hits
            ],
        )


@router.get("")
async def list_memories(
    request: Request,
    owner: Owner,
    memories: Memories,
    tag: Annotated[
        str | None, Query(min_length=1, max_length=MAX_TAG_CHARS, pattern=TAG_PATTERN)
    ] = None,
    limit: int = Limit,
    offset: Annotated[int, Query(ge=0, le=MAX_OFFSET, description="Memories to skip.")] = 0,
) -> Page[MemoryOut]:
    """The caller's memories, most recently updated first."""
    rows = await memories.list(owner, tag=tag, limit=limit + 1, offset=offset)
    return offset_page(request, [MemoryOut.of(r) for r in rows], limit=limit, offset=offset)


@router.post("", status_code=201)
async def create_memory(body: NewMemory, owner: Owner, memories: Memories) -> MemoryOut:
    """Store a memory; it is searchable as soon as this returns."""
    return MemoryOut.of(await memories.create(owner, body.text, tags=body.tags))


@router.post("/search")
async def search_memories(body: SearchRequest, owner: Owner, memories: Memories) -> SearchOut:
    """The caller's memories best matching ``query`` (hybrid BM25 + dense, fused by RRF)."""
    found = await memories.search(owner, body.query, top_k=body.top_k, min_score=body.min_score)
    return SearchOut.of(found)


@router.get("/{memory_id:int}")
async def get_memory(memory_id: MemoryId, owner: Owner, memories: Memories) -> MemoryOut:
    """One of the caller's memories (another owner's is 404)."""
    return MemoryOut.of(await memories.get(owner, memory_id))


@router.patch("/{memory_id:int}")
async def edit_memory(
    memory_id: MemoryId, body: MemoryChanges, owner: Owner, memories: Memories
) -> MemoryOut:
    """Change a memory's text and/or tags; re-indexed at once."""
    return MemoryOut.of(await memories.update(owner, memory_id, text=body.text, tags=body.tags))


@router.delete("/{memory_id:int}", status_code=204)
async def delete_memory(memory_id: MemoryId, owner: Owner, memories: Memories) -> Response:
    """Delete a memory with its tags and links."""
    await memories.delete(owner, memory_id)
    return Response(status_code=204)


@router.post("/{memory_id:int}/links")
async def link_memories(
    memory_id: MemoryId, body: LinkRequest, owner: Owner, memories: Memories
) -> MemoryOut:
    """Link two of the caller's memories (both ways)."""
    return MemoryOut.of(await memories.link(owner, memory_id, body.other_id))


@router.delete("/{memory_id:int}/links/{other_id}")
async def unlink_memories(
    memory_id: MemoryId,
    other_id: Annotated[int, Path(ge=1, le=MAX_ID)],
    owner: Owner,
    memories: Memories,
) -> MemoryOut:
    """Remove the link between two of the caller's memories."""
    return MemoryOut.of(await memories.unlink(owner, memory_id, other_id))
