"""Decision receipts: one per chat turn and per monitor notification, hash-chained per owner.

Chain format (see ``sentinel.storage.receipts``): receipt ``seq`` n (1, 2, …) of an owner
stores its :class:`ReceiptPayload` as canonical JSON (sorted keys, no whitespace, UTF-8),
``prev_hash`` (the ``hash`` of receipt n-1, or 64 zeros for n = 1) and
``hash = sha256(canonical_json({"created_at", "owner", "payload", "prev_hash", "seq"}))``.
``verify`` recomputes every hash in seq order and names the first receipt whose seq,
prev_hash or hash does not match. ``(owner, seq)`` is unique, so two concurrent appends never
share a prev_hash: the loser retries on the new tail.

```python
ledger = ReceiptLedger(db)
payload = ReceiptPayload(
    query="remind me what Ana likes",
    persona="CONFIDANT",
    reasoning=["the user asks about a person they mentioned before"],
    actions=[ActionDigest.of("SEARCH_MEMORIES", {"query": "Ana"}, {"memories_found": 2})],
    answer_digest=digest("Ana loves running."),
    model="scripted",
    usage=TokenUsage(prompt_tokens=812, completion_tokens=64),
)
receipt = await ledger.append("alice", payload)     # receipt.seq, receipt.hash
(await ledger.verify("alice")).ok                    # True
```
"""

from __future__ import annotations

import builtins
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from sentinel.clock import Clock, SystemClock
from sentinel.errors import InvalidInput
from sentinel.owners import check_owner
from sentinel.storage.database import Database, Transaction
from sentinel.storage.receipts import (
    GENESIS_HASH,
    ChainVerification,
    ReceiptRecord,
    canonical_json,
    digest,
)

__all__ = [
    "GENESIS_HASH",
    "ActionDigest",
    "ChainVerification",
    "ReceiptLedger",
    "ReceiptPayload",
    "ReceiptRecord",
    "TokenUsage",
    "canonical_json",
    "digest",
    "notification_receipt",
]


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


class ReceiptLedger:
    """Append and verify receipts on ``db``.

    ``append`` opens its own transaction; inside an existing unit of work (a monitor run that
    enqueues a notification) use ``append_in(tx, ...)`` so the receipt commits with it.
    """

    def __init__(self, db: Database, *, clock: Clock | None = None) -> None:
        self.db = db
        self.clock = clock or SystemClock()

    async def append(self, owner: str, payload: ReceiptPayload) -> ReceiptRecord:
        """Chain a new receipt after the owner's last one (retries when another append won)."""
        async with self.db.transaction() as tx:
            return await self.append_in(tx, owner, payload)

    async def append_in(
        self, tx: Transaction, owner: str, payload: ReceiptPayload
    ) -> ReceiptRecord:
        """Chain a receipt inside ``tx``: it commits or rolls back with the rest of that work."""
        document = payload.model_dump(mode="json")
        return await tx.receipts.append(
            check_owner(owner), payload.kind, document, now=self.clock.now()
        )

    async def list(
        self, owner: str, *, limit: int = 50, offset: int = 0
    ) -> builtins.list[ReceiptRecord]:
        """The owner's receipts, newest first."""
        async with self.db.transaction() as tx:
            return await tx.receipts.list(check_owner(owner), limit=limit, offset=offset)

    async def get(self, owner: str, seq: int) -> ReceiptRecord:
        """One receipt by its seq in the owner's chain."""
        async with self.db.transaction() as tx:
            return await tx.receipts.get(check_owner(owner), seq)

    async def verify(self, owner: str) -> ChainVerification:
        """Walk the owner's chain from seq 1 and name the first broken link."""
        async with self.db.transaction() as tx:
            return await tx.receipts.verify(check_owner(owner))

    async def owners(self) -> builtins.list[str]:
        """Every owner with a receipt chain (``sentinel receipts verify --all``)."""
        async with self.db.transaction() as tx:
            return await tx.receipts.owners()


def parse_payload(document: dict[str, Any]) -> ReceiptPayload:
    """A stored payload read back as a :class:`ReceiptPayload`; ``InvalidInput`` if it is not."""
    try:
        return ReceiptPayload.model_validate(document)
    except ValidationError as exc:
        raise InvalidInput("payload", "receipt", str(exc.errors()[0]["msg"])) from exc


def notification_receipt(
    notification: dict[str, Any], channels: Sequence[Mapping[str, Any]]
) -> ReceiptPayload:
    """The receipt of a monitor's notification: what was sensed (the facts, the state version
    and the quoted evidence), decided (the title and message) and sent (each channel's kind
    and the digest of its spec: a channel's URL may hold a secret, so it is not copied)."""
    return ReceiptPayload(
        kind="notification",
        query=str(notification.get("monitor_name", "")),
        details={
            "monitor_id": notification.get("monitor_id"),
            "run_id": notification.get("run_id"),
            "sensed": {
                "facts": notification.get("facts", {}),
                "state_version": notification.get("state_version"),
                "evidence": notification.get("evidence", []),
            },
            "decided": {
                "title": notification.get("title"),
                "message": notification.get("message"),
            },
            "sent": [
                {"kind": str(channel.get("kind", "?")), "spec_digest": digest(dict(channel))}
                for channel in channels
            ],
            "notification_digest": digest(notification),
        },
    )
