"""Decision receipts: an append-only, hash-chained log per owner.

Receipt ``seq`` n of an owner stores its payload as canonical JSON text, ``prev_hash`` (the
``hash`` of receipt n-1, or 64 zeros for n = 1) and a hash over every column a reader is
shown (``hash_version`` 2)::

    hash = sha256(canonical_json({"created_at", "kind", "owner", "payload", "prev_hash",
                                  "seq", "version": 2}))

where ``created_at`` is the ISO 8601 UTC time and ``payload`` the parsed JSON object.
``canonical_json`` sorts keys, has no whitespace and keeps non-ASCII as UTF-8.

Receipts written before migration 0014 keep their hash (``hash_version`` 1: the same without
``kind`` and ``version``), so a hash someone noted down still checks. Their ``kind`` is
checked against the kind their (hashed) payload records, which every receipt Sentinel writes
carries; a version-1 receipt after a version-2 one in the same chain is refused, so a newer
receipt cannot be passed off as an older one to escape the ``kind`` check.

``(owner, seq)`` is unique. An append reads the owner's tail and inserts the next seq inside a
savepoint: when a concurrent append took that seq first (PostgreSQL; SQLite serialises writers
with ``BEGIN IMMEDIATE``), the insert fails, the savepoint rolls back and the append retries on
the new tail. So two receipts never share a ``prev_hash``.

Every append also records the owner's chain head (``receipt_heads``: the newest seq and its
hash) in the same transaction. Hashes alone cannot show that the newest receipts were deleted
— what is left is still a valid chain — so ``verify`` also checks that the chain ends at the
recorded head.
"""

from __future__ import annotations

import builtins
import hashlib
import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any, ClassVar

from sqlalchemy import Index, Integer, String, Text, UniqueConstraint, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from sentinel.errors import InvalidInput
from sentinel.storage.errors import ConcurrentWrite, RecordNotFound
from sentinel.storage.models import NEVER_REUSE_IDS, Base
from sentinel.storage.snapshot import Converters, Snapshot, utc
from sentinel.storage.types import as_utc

GENESIS_HASH = "0" * 64
HASH_VERSION = 2
LEGACY_HASH_VERSION = 1
APPEND_ATTEMPTS = 20
MAX_LIST = 1000
VERIFY_BATCH = 500


def canonical_json(value: Any) -> str:
    """Sorted keys, no whitespace, non-ASCII kept as UTF-8; NaN and infinities refused."""
    return json.dumps(
        value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    )


def digest(value: Any) -> str:
    """The hex SHA-256 of ``value``'s canonical JSON, UTF-8 encoded."""
    return hashlib.sha256(canonical_json(value).encode("utf-8")).hexdigest()


def receipt_hash(
    owner: str,
    seq: int,
    prev_hash: str,
    created_at: datetime,
    payload: dict[str, Any],
    kind: str,
    *,
    version: int = HASH_VERSION,
) -> str:
    """The hash a receipt must carry (see the module docstring); ``version`` 1 is the form of
    receipts written before migration 0014, which leaves ``kind`` out."""
    document: dict[str, Any] = {
        "created_at": as_utc(created_at).isoformat(),
        "owner": owner,
        "payload": payload,
        "prev_hash": prev_hash,
        "seq": seq,
    }
    if version == LEGACY_HASH_VERSION:
        return digest(document)
    return digest(document | {"kind": kind, "version": version})


class Receipt(Base):
    """One link of an owner's receipt chain."""

    __tablename__ = "receipts"
    __table_args__ = (UniqueConstraint("owner", "seq"), Index(None, "created_at"), NEVER_REUSE_IDS)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    owner: Mapped[str] = mapped_column(String(200))
    seq: Mapped[int] = mapped_column(Integer)
    prev_hash: Mapped[str] = mapped_column(String(64))
    hash: Mapped[str] = mapped_column(String(64))
    kind: Mapped[str] = mapped_column(String(32))
    # The canonical JSON text the hash covers (kept as text so it re-reads byte for byte).
    payload: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime]
    # Which form of the hash the receipt carries: 1 before migration 0014, 2 since.
    hash_version: Mapped[int] = mapped_column(Integer, server_default=str(LEGACY_HASH_VERSION))


class ReceiptHead(Base):
    """The newest link of an owner's chain, written with each append (truncation shows)."""

    __tablename__ = "receipt_heads"

    owner: Mapped[str] = mapped_column(String(200), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer)
    hash: Mapped[str] = mapped_column(String(64))


@dataclass(frozen=True, slots=True)
class ReceiptRecord(Snapshot[Receipt]):
    """One stored receipt; ``payload`` parsed back from its canonical JSON."""

    id: int
    owner: str
    seq: int
    prev_hash: str
    hash: str
    kind: str
    payload: dict[str, Any]
    created_at: datetime

    # A payload that is not JSON any more reads as ``{}``.
    CONVERTERS: ClassVar[Converters] = {
        "payload": lambda text: _parse(text) or {},
        **utc("created_at"),
    }


@dataclass(frozen=True, slots=True)
class ChainVerification:
    """The walk of one owner's chain: ``ok``, how many receipts were checked, and the first
    broken link (its seq and what is wrong with it) when not ok."""

    owner: str
    checked: int
    ok: bool
    broken_seq: int | None = None
    problem: str | None = None
    head_hash: str | None = None


def _parse(text: str) -> dict[str, Any] | None:
    try:
        value = json.loads(text)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


class ReceiptRepository:
    """Receipts on one transaction's session; every method is scoped to one owner."""

    def __init__(self, session: AsyncSession) -> None:
        self.session = session

    async def append(
        self, owner: str, kind: str, payload: dict[str, Any], *, now: datetime
    ) -> ReceiptRecord:
        """Chain a receipt holding ``payload`` after the owner's last one."""
        if not kind or len(kind) > 32:
            raise InvalidInput("kind", kind, "must be 1 to 32 characters")
        try:
            text = canonical_json(payload)
        except (TypeError, ValueError) as exc:
            raise InvalidInput("payload", type(payload).__name__, f"not JSON: {exc}") from exc
        parsed = json.loads(text)
        created_at = as_utc(now)
        for _ in range(APPEND_ATTEMPTS):
            tail = await self.session.scalar(
                select(Receipt).where(Receipt.owner == owner).order_by(Receipt.seq.desc()).limit(1)
            )
            seq = 1 if tail is None else tail.seq + 1
            prev_hash = GENESIS_HASH if tail is None else tail.hash
            head = await self.head(owner)
            if head is not None and head[0] >= seq:
                # The newest receipts were deleted: chain after the recorded head, so the
                # gap stays visible to ``verify`` instead of being papered over.
                seq, prev_hash = head[0] + 1, head[1]
            row = Receipt(
                owner=owner,
                seq=seq,
                prev_hash=prev_hash,
                hash=receipt_hash(owner, seq, prev_hash, created_at, parsed, kind),
                kind=kind,
                payload=text,
                created_at=created_at,
                hash_version=HASH_VERSION,
            )
            try:
                async with self.session.begin_nested():
                    self.session.add(row)
                    await self.session.flush()
                    await self._advance_head(owner, seq, row.hash)
            except IntegrityError:
                continue  # another append took this seq: chain after it instead
            return ReceiptRecord.of(row)
        raise ConcurrentWrite(
            f"receipt chain of {owner!r}: {APPEND_ATTEMPTS} appends in a row lost the race"
        )

    async def _advance_head(self, owner: str, seq: int, hash_: str) -> None:
        """Record ``seq`` as the owner's head (inside the append's savepoint: the unique
        ``(owner, seq)`` already made this append the only one writing ``seq``)."""
        head = await self.session.get(ReceiptHead, owner, populate_existing=True)
        if head is None:
            self.session.add(ReceiptHead(owner=owner, seq=seq, hash=hash_))
        else:
            head.seq, head.hash = seq, hash_
        await self.session.flush()

    async def head(self, owner: str) -> tuple[int, str] | None:
        """The recorded head of the owner's chain: ``(seq, hash)``; None before any receipt."""
        head = await self.session.get(ReceiptHead, owner, populate_existing=True)
        return None if head is None else (head.seq, head.hash)

    async def list(self, owner: str, *, limit: int = 50, offset: int = 0) -> list[ReceiptRecord]:
        """The owner's receipts, newest first."""
        if not 1 <= limit <= MAX_LIST:
            raise InvalidInput("limit", limit, f"must be 1 to {MAX_LIST}")
        rows = await self.session.scalars(
            select(Receipt)
            .where(Receipt.owner == owner)
            .order_by(Receipt.seq.desc())
            .limit(limit)
            .offset(max(offset, 0))
        )
        return [ReceiptRecord.of(row) for row in rows]

    async def get(self, owner: str, seq: int) -> ReceiptRecord:
        """The owner's receipt number ``seq``; ``RecordNotFound`` otherwise."""
        row = await self.session.scalar(
            select(Receipt).where(Receipt.owner == owner, Receipt.seq == seq)
        )
        if row is None:
            raise RecordNotFound("receipt", seq)
        return ReceiptRecord.of(row)

    async def owners(self) -> builtins.list[str]:
        """Every owner that has a receipt chain (or had one: a recorded head is kept)."""
        rows = await self.session.scalars(
            select(Receipt.owner).union(select(ReceiptHead.owner)).order_by(Receipt.owner)
        )
        return list(rows)

    async def verify(self, owner: str) -> ChainVerification:
        """Walk the owner's chain from seq 1 (in batches), name the first broken link, and
        check that the chain ends at the recorded head (its newest receipts not deleted)."""
        walked = await self._walk(owner)
        if not walked.ok:
            return walked
        head = await self.head(owner)
        tail_seq = walked.checked
        if head is None:
            if tail_seq == 0:
                return walked
            return ChainVerification(
                owner, tail_seq, False, tail_seq, "no chain head is recorded for this chain"
            )
        head_seq, head_hash = head
        if head_seq > tail_seq:
            deleted = head_seq - tail_seq
            return ChainVerification(
                owner,
                tail_seq,
                False,
                tail_seq + 1,
                f"the chain ends at #{tail_seq} but its recorded head is #{head_seq}: "
                f"the newest {deleted} receipt{'s were' if deleted > 1 else ' was'} deleted",
            )
        if head_seq < tail_seq or head_hash != walked.head_hash:
            return ChainVerification(
                owner,
                tail_seq,
                False,
                tail_seq,
                f"the newest receipt #{tail_seq} is not the recorded head #{head_seq}",
            )
        return walked

    async def _walk(self, owner: str) -> ChainVerification:
        expected_seq, prev_hash, checked, after = 1, GENESIS_HASH, 0, 0
        newest_version = LEGACY_HASH_VERSION
        while True:
            rows = list(
                await self.session.scalars(
                    select(Receipt)
                    .where(Receipt.owner == owner, Receipt.seq > after)
                    .order_by(Receipt.seq)
                    .limit(VERIFY_BATCH)
                )
            )
            if not rows:
                return ChainVerification(owner, checked, True, head_hash=prev_hash)
            for row in rows:
                problem = _check(row, expected_seq, prev_hash, newest_version)
                if problem is not None:
                    return ChainVerification(owner, checked, False, row.seq, problem)
                checked += 1
                expected_seq, prev_hash, after = row.seq + 1, row.hash, row.seq
                newest_version = max(newest_version, row.hash_version)


def _check(row: Receipt, expected_seq: int, prev_hash: str, newest_version: int) -> str | None:
    """What is wrong with ``row`` as the next link after ``prev_hash`` (in a chain whose
    receipts so far carry hashes up to ``newest_version``), or None."""
    if row.hash_version not in (LEGACY_HASH_VERSION, HASH_VERSION):
        return f"hash_version {row.hash_version} is not one this Sentinel knows"
    if row.hash_version < newest_version:
        return (
            f"a receipt in the hash form of before migration 0014 (version {row.hash_version}) "
            f"follows one in version {newest_version}"
        )
    if row.seq != expected_seq:
        return f"seq {row.seq} follows seq {expected_seq - 1}: receipt {expected_seq} is missing"
    if row.prev_hash != prev_hash:
        return "prev_hash does not match the previous receipt's hash"
    payload = _parse(row.payload)
    if payload is None:
        return "payload is not a JSON object"
    if canonical_json(payload) != row.payload:
        return "payload is not in canonical JSON form"
    recomputed = receipt_hash(
        row.owner,
        row.seq,
        row.prev_hash,
        row.created_at,
        payload,
        row.kind,
        version=row.hash_version,
    )
    if recomputed != row.hash:
        return "hash does not match the receipt's content (it was altered after signing)"
    recorded = payload.get("kind")
    if row.hash_version == LEGACY_HASH_VERSION and recorded is not None and recorded != row.kind:
        # Version 1 leaves kind out of the hash; the payload's own kind is covered.
        return f"kind {row.kind!r} is not the kind its payload records ({recorded!r})"
    return None
