"""Memories of the assistant: one owner's notes, their tags, links and cached vectors.

A memory's embedding is stored beside it (float32 bytes plus the model's name), written when
the memory is created or its text changes, so it is computed once. Every query filters on the
owner: another owner's memory is "not found", never visible.
"""

from __future__ import annotations

import builtins
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import (
    CheckConstraint,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Text,
    delete,
    func,
    or_,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from sentinel.errors import InvalidInput
from sentinel.storage.errors import ConcurrentWrite, RecordNotFound
from sentinel.storage.models import NEVER_REUSE_IDS, Base
from sentinel.storage.types import as_utc

# A long note or a day's conversation; the dense index embeds all of it, in chunks.
MAX_TEXT_CHARS = 20_000
MAX_TAGS = 20
MAX_TAG_CHARS = 64
MAX_LIST = 1000
_TAG = re.compile(r"^[\w][\w.:/-]*$")


class Memory(Base):
    """One memory of one owner."""

    __tablename__ = "memories"
    __table_args__ = (Index(None, "owner", "updated_at"), NEVER_REUSE_IDS)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    owner: Mapped[str] = mapped_column(String(200))
    text: Mapped[str] = mapped_column(Text)
    # float32 little-endian vectors of ``embedding_model``, one per chunk of the text, row
    # after row; NULL when no model was installed.
    embedding: Mapped[bytes | None] = mapped_column(LargeBinary)
    embedding_model: Mapped[str | None] = mapped_column(String(100))
    # The memory this one continues (a conversation's previous turn), if any; no foreign key
    # (see migration 0009): deleting that memory clears it.
    follows_id: Mapped[int | None] = mapped_column(Integer)
    created_at: Mapped[datetime]
    updated_at: Mapped[datetime]


class MemoryTag(Base):
    """A tag of a memory (a table of its own, so filtering by tag is plain SQL on both backends)."""

    __tablename__ = "memory_tags"
    __table_args__ = (Index(None, "tag"),)

    memory_id: Mapped[int] = mapped_column(
        ForeignKey("memories.id", ondelete="CASCADE"), primary_key=True
    )
    tag: Mapped[str] = mapped_column(String(MAX_TAG_CHARS), primary_key=True)


class MemoryLink(Base):
    """An undirected link between two memories of the same owner, stored once (low id first)."""

    __tablename__ = "memory_links"
    __table_args__ = (
        CheckConstraint("memory_id < other_id", name="ordered_pair"),
        Index(None, "other_id"),
    )

    memory_id: Mapped[int] = mapped_column(
        ForeignKey("memories.id", ondelete="CASCADE"), primary_key=True
    )
    other_id: Mapped[int] = mapped_column(
        ForeignKey("memories.id", ondelete="CASCADE"), primary_key=True
    )
    created_at: Mapped[datetime]


class MemoryRevision(Base):
    """A counter per owner, raised by every write to that owner's memories, so a process that
    caches a search index can tell whether another process changed them."""

    __tablename__ = "memory_revisions"

    owner: Mapped[str] = mapped_column(String(200), primary_key=True)
    revision: Mapped[int] = mapped_column(Integer)


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
    follows: int | None = None  # the memory this one continues


@dataclass(frozen=True, slots=True)
class IndexedMemory:
    """What the search index needs of a memory: its text, its cached vectors, if any, and its
    date (``created_at``: when it was written, or the date an import gave it)."""

    id: int
    text: str
    embedding: bytes | None
    embedding_model: str | None
    created_at: datetime | None = None
    follows: int | None = None


def check_text(text: str) -> str:
    """``text`` stripped; ``InvalidInput`` when empty or over ``MAX_TEXT_CHARS`` characters."""
    cleaned = text.strip()
    if not cleaned:
        raise InvalidInput("text", text, "a memory needs some text")
    if len(cleaned) > MAX_TEXT_CHARS:
        raise InvalidInput("text", f"{cleaned[:40]}…", f"must be at most {MAX_TEXT_CHARS} chars")
    return cleaned


def check_tags(tags: Iterable[str]) -> tuple[str, ...]:
    """Tags lower-cased, deduplicated in order; each a word (letters, digits, ``_.:/-``)."""
    cleaned: list[str] = []
    for tag in tags:
        value = tag.strip().lower()
        if not value or len(value) > MAX_TAG_CHARS or not _TAG.match(value):
            raise InvalidInput(
                "tags", tag, f"a tag is one word of 1 to {MAX_TAG_CHARS} letters, digits or _.:/-"
            )
        if value not in cleaned:
            cleaned.append(value)
    if len(cleaned) > MAX_TAGS:
        raise InvalidInput("tags", len(cleaned), f"at most {MAX_TAGS} tags")
    return tuple(cleaned)


class MemoryRepository:
    """Memories on one transaction's session; every method is scoped to one owner."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def add(
        self,
        owner: str,
        text: str,
        tags: Sequence[str],
        *,
        now: datetime,
        embedding: bytes | None = None,
        embedding_model: str | None = None,
        dated: datetime | None = None,
        follows: int | None = None,
    ) -> MemoryRecord:
        """Store a memory with its tags (and vectors, when computed); ``dated`` sets its
        ``created_at`` to when it happened (an import of older notes), ``now`` otherwise;
        ``follows`` names the owner's memory it continues (``RecordNotFound`` otherwise)."""
        if follows is not None:
            await self._row(owner, follows)
        row = Memory(
            owner=owner,
            text=check_text(text),
            embedding=embedding,
            embedding_model=embedding_model,
            follows_id=follows,
            created_at=now if dated is None else dated,
            updated_at=now,
        )
        self.session.add(row)
        await self.session.flush()
        await self._set_tags(row.id, check_tags(tags))
        return await self.get(owner, row.id)

    async def get(self, owner: str, memory_id: int) -> MemoryRecord:
        """One of the owner's memories with its tags and links; ``RecordNotFound`` otherwise."""
        row = await self._row(owner, memory_id)
        return (await self._records([row]))[0]

    async def update(
        self,
        owner: str,
        memory_id: int,
        *,
        now: datetime,
        text: str | None = None,
        tags: Sequence[str] | None = None,
        embedding: bytes | None = None,
        embedding_model: str | None = None,
    ) -> MemoryRecord:
        """Change the text (with its new vector) and/or the tags."""
        row = await self._row(owner, memory_id)
        if text is not None:
            row.text = check_text(text)
            row.embedding = embedding
            row.embedding_model = embedding_model
        if tags is not None:
            await self._set_tags(row.id, check_tags(tags))
        row.updated_at = now
        await self.session.flush()
        return await self.get(owner, memory_id)

    async def cache_embedding(
        self, owner: str, memory_id: int, text: str, embedding: bytes, embedding_model: str
    ) -> bool:
        """Store a vector computed after the fact (the memory was written while no model was
        installed, or by another model) if the memory still holds ``text``; not a content
        change, so the revision stays. Returns whether it was stored."""
        result = await self.session.execute(
            update(Memory)
            .where(Memory.id == memory_id, Memory.owner == owner, Memory.text == text)
            .values(embedding=embedding, embedding_model=embedding_model)
        )
        return bool(getattr(result, "rowcount", 0))

    async def delete(self, owner: str, memory_id: int) -> None:
        """Delete the memory; its tags and links go with it."""
        row = await self._row(owner, memory_id)
        await self.session.execute(delete(MemoryTag).where(MemoryTag.memory_id == row.id))
        await self.session.execute(
            delete(MemoryLink).where(
                or_(MemoryLink.memory_id == row.id, MemoryLink.other_id == row.id)
            )
        )
        await self.session.execute(
            update(Memory)
            .where(Memory.owner == owner, Memory.follows_id == row.id)
            .values(follows_id=None)
        )
        await self.session.delete(row)
        await self.session.flush()

    async def list(
        self, owner: str, *, tag: str | None = None, limit: int = 100, offset: int = 0
    ) -> list[MemoryRecord]:
        """The owner's memories, most recently updated first."""
        if not 1 <= limit <= MAX_LIST:
            raise InvalidInput("limit", limit, f"must be 1 to {MAX_LIST}")
        if offset < 0:
            raise InvalidInput("offset", offset, "cannot be negative")
        query = select(Memory).where(Memory.owner == owner)
        if tag is not None:
            (wanted,) = check_tags([tag])
            query = query.where(
                Memory.id.in_(select(MemoryTag.memory_id).where(MemoryTag.tag == wanted))
            )
        query = query.order_by(Memory.updated_at.desc(), Memory.id.desc()).limit(limit)
        rows = list(await self.session.scalars(query.offset(offset)))
        return await self._records(rows)

    async def many(self, owner: str, memory_ids: Sequence[int]) -> builtins.list[MemoryRecord]:
        """The owner's memories among ``memory_ids``, in that order (missing ids skipped)."""
        if not memory_ids:
            return []
        rows = await self.session.scalars(
            select(Memory).where(Memory.owner == owner, Memory.id.in_(list(memory_ids)))
        )
        by_id = {row.id: row for row in rows}
        return await self._records([by_id[i] for i in memory_ids if i in by_id])

    async def count(self, owner: str) -> int:
        """How many memories the owner has."""
        found = await self.session.scalar(
            select(func.count()).select_from(Memory).where(Memory.owner == owner)
        )
        return int(found or 0)

    async def for_index(self, owner: str) -> builtins.list[IndexedMemory]:
        """Every memory of the owner with its cached vector, in id order (to build an index)."""
        rows = await self.session.execute(
            select(
                Memory.id,
                Memory.text,
                Memory.embedding,
                Memory.embedding_model,
                Memory.created_at,
                Memory.follows_id,
            )
            .where(Memory.owner == owner)
            .order_by(Memory.id)
        )
        return [IndexedMemory(*row[:4], as_utc(row[4]), row[5]) for row in rows]

    async def link(self, owner: str, memory_id: int, other_id: int, *, now: datetime) -> None:
        """Link two of the owner's memories (idempotent); a memory cannot link to itself."""
        await self._row(owner, memory_id)  # not found before anything else: no hints
        if memory_id == other_id:
            raise InvalidInput("other_id", other_id, "a memory cannot be linked to itself")
        await self._row(owner, other_id)
        low, high = sorted((memory_id, other_id))
        if await self.session.get(MemoryLink, (low, high)) is None:
            self.session.add(MemoryLink(memory_id=low, other_id=high, created_at=now))
            await self.session.flush()

    async def unlink(self, owner: str, memory_id: int, other_id: int) -> None:
        """Remove the link between two of the owner's memories, if there is one."""
        await self._row(owner, memory_id)
        low, high = sorted((memory_id, other_id))
        await self.session.execute(
            delete(MemoryLink).where(MemoryLink.memory_id == low, MemoryLink.other_id == high)
        )

    async def revision(self, owner: str) -> int:
        """The owner's write counter (0 before the first write)."""
        found = await self.session.scalar(
            select(MemoryRevision.revision).where(MemoryRevision.owner == owner)
        )
        return int(found or 0)

    async def bump_revision(self, owner: str) -> int:
        """Raise the owner's write counter by one (with the write, in its transaction)."""
        for _ in range(3):
            raised = await self.session.scalar(
                update(MemoryRevision)
                .where(MemoryRevision.owner == owner)
                .values(revision=MemoryRevision.revision + 1)
                .returning(MemoryRevision.revision)
            )
            if raised is not None:
                return int(raised)
            try:
                async with self.session.begin_nested():
                    self.session.add(MemoryRevision(owner=owner, revision=1))
                    await self.session.flush()
            except IntegrityError:
                continue  # a concurrent first write created the row: raise it instead
            return 1
        raise ConcurrentWrite(f"memory revision of {owner!r} kept changing")

    async def _row(self, owner: str, memory_id: int) -> Memory:
        row = await self.session.scalar(
            select(Memory).where(Memory.id == memory_id, Memory.owner == owner)
        )
        if row is None:
            raise RecordNotFound("memory", memory_id)
        return row

    async def _set_tags(self, memory_id: int, tags: tuple[str, ...]) -> None:
        await self.session.execute(delete(MemoryTag).where(MemoryTag.memory_id == memory_id))
        self.session.add_all(MemoryTag(memory_id=memory_id, tag=tag) for tag in tags)
        await self.session.flush()

    async def _records(self, rows: Sequence[Memory]) -> builtins.list[MemoryRecord]:
        ids = [row.id for row in rows]
        tags: dict[int, list[str]] = {i: [] for i in ids}
        links: dict[int, list[int]] = {i: [] for i in ids}
        if ids:
            for memory_id, tag in await self.session.execute(
                select(MemoryTag.memory_id, MemoryTag.tag).where(MemoryTag.memory_id.in_(ids))
            ):
                tags[memory_id].append(tag)
            for low, high in await self.session.execute(
                select(MemoryLink.memory_id, MemoryLink.other_id).where(
                    or_(MemoryLink.memory_id.in_(ids), MemoryLink.other_id.in_(ids))
                )
            ):
                if low in links:
                    links[low].append(high)
                if high in links:
                    links[high].append(low)
        return [
            MemoryRecord(
                id=row.id,
                owner=row.owner,
                text=row.text,
                tags=tuple(sorted(tags[row.id])),
                created_at=as_utc(row.created_at),
                updated_at=as_utc(row.updated_at),
                links=tuple(sorted(links[row.id])),
                follows=row.follows_id,
            )
            for row in rows
        ]
