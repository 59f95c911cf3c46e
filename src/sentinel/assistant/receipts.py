"""Decision receipts: one per chat turn and per monitor notification, hash-chained per owner.

Chain format: receipt ``seq`` n (1, 2, …) of an owner stores ``payload`` (a
:class:`ReceiptPayload` as canonical JSON: sorted keys, no whitespace, UTF-8),
``prev_hash`` (the ``hash`` of receipt n-1, or 64 zeros for n = 1) and
``hash = sha256(canonical_json({"owner", "seq", "prev_hash", "created_at", "payload"}))``.
``verify`` recomputes every hash in seq order and names the first receipt whose stored hash,
prev_hash or seq does not match. ``(owner, seq)`` is unique, so two concurrent appends can
never share a prev_hash: the loser retries on the new tail.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from sentinel.clock import Clock, SystemClock
from sentinel.storage.database import Database

GENESIS_HASH = "0" * 64


def canonical_json(value: Any) -> str:
    """Sorted keys, no whitespace, non-ASCII kept as UTF-8."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(value: Any) -> str:
    """The hex SHA-256 of ``value``'s canonical JSON (what a receipt keeps of a result)."""
    return hashlib.sha256(canonical_json(value).encode("utf-8")).hexdigest()


class TokenUsage(BaseModel):
    """Tokens the turn spent, summed over its model calls."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    prompt_tokens: int = Field(default=0, ge=0)
    completion_tokens: int = Field(default=0, ge=0)


class ActionDigest(BaseModel):
    """One executed action: its name, parameters, whether it succeeded, its result's digest."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    parameters: dict[str, Any] = Field(default_factory=dict)
    ok: bool = True
    result_digest: str
    error: str | None = None

    @classmethod
    def of(
        cls,
        name: str,
        parameters: dict[str, Any],
        result: Any,
        *,
        error: str | None = None,
    ) -> ActionDigest:
        """Digest ``result`` (any JSON-able value) into a receipt entry."""
        return cls(
            name=name,
            parameters=parameters,
            ok=error is None,
            result_digest=digest(result),
            error=error,
        )


class ReceiptPayload(BaseModel):
    """What a receipt attests. A chat turn fills query, persona, reasoning, actions, answer,
    model and usage; a monitor notification fills ``kind="notification"``, ``query`` (the
    monitor's question) and ``details`` (what was sensed, decided and sent)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["chat_turn", "notification"] = "chat_turn"
    query: str
    persona: str | None = None
    reasoning: list[str] = Field(default_factory=list)
    actions: list[ActionDigest] = Field(default_factory=list)
    answer_digest: str | None = None
    model: str | None = None
    usage: TokenUsage = Field(default_factory=TokenUsage)
    details: dict[str, Any] = Field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class ReceiptRecord:
    """One stored receipt."""

    id: int
    owner: str
    seq: int
    prev_hash: str
    hash: str
    payload: dict[str, Any]
    created_at: datetime


@dataclass(frozen=True, slots=True)
class ChainVerification:
    """The result of walking one owner's chain: ``ok``, how many receipts were checked, and
    the first broken link (its seq and what is wrong) when not ok."""

    owner: str
    checked: int
    ok: bool
    broken_seq: int | None = None
    problem: str | None = None


class ReceiptLedger:
    """Append and verify receipts on ``db``.

    ``append`` opens its own transaction; inside an existing unit of work (a monitor run that
    enqueues a notification) use ``tx.receipts.append(...)`` so the receipt commits with it.
    """

    def __init__(self, db: Database, *, clock: Clock | None = None) -> None:
        self.db = db
        self.clock = clock or SystemClock()

    async def append(self, owner: str, payload: ReceiptPayload) -> ReceiptRecord:
        """Chain a new receipt after the owner's last one (retries when another append won)."""
        raise NotImplementedError

    async def list(self, owner: str, *, limit: int = 50, offset: int = 0) -> list[ReceiptRecord]:
        """The owner's receipts, newest first."""
        raise NotImplementedError

    async def get(self, owner: str, seq: int) -> ReceiptRecord:
        """One receipt by its seq in the owner's chain."""
        raise NotImplementedError

    async def verify(self, owner: str) -> ChainVerification:
        """Walk the owner's chain from seq 1 and name the first broken link."""
        raise NotImplementedError
