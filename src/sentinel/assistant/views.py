"""JSON-able views of the assistant's records, the same everywhere they are shown: action
results in the chat (and so their receipt digests), the CLI's ``--json`` output."""

from __future__ import annotations

from typing import Any

from sentinel.assistant.memory.models import MemoryRecord, Retrieval
from sentinel.storage.receipts import ChainVerification, ReceiptRecord
from sentinel.storage.tasks import TaskRecord


def memory_view(record: MemoryRecord) -> dict[str, Any]:
    """A memory: id, owner, text, tags, links and its times (ISO 8601)."""
    return {
        "id": record.id,
        "owner": record.owner,
        "text": record.text,
        "tags": list(record.tags),
        "links": list(record.links),
        "created_at": record.created_at.isoformat(),
        "updated_at": record.updated_at.isoformat(),
    }


def retrieval_view(found: Retrieval) -> dict[str, Any]:
    """A search: its mode, the fallback notice, and the hits with their scores and ranks."""
    return {
        "query": found.query,
        "mode": found.mode.value,
        "notice": found.notice,
        "top_k": found.top_k,
        "min_score": found.min_score,
        "considered": found.considered,
        "hits": [
            {
                "memory": memory_view(hit.memory),
                "score": hit.score,
                "bm25_rank": hit.bm25_rank,
                "dense_rank": hit.dense_rank,
            }
            for hit in found.hits
        ],
    }


def task_view(record: TaskRecord) -> dict[str, Any]:
    """A task: id, title, status, priority, parent, notes and its times."""
    return {
        "id": record.id,
        "title": record.title,
        "status": record.status.value,
        "priority": record.priority.value,
        "parent_id": record.parent_id,
        "notes": record.notes,
        "created_at": record.created_at.isoformat(),
        "updated_at": record.updated_at.isoformat(),
    }


def receipt_view(record: ReceiptRecord) -> dict[str, Any]:
    """A receipt: its place in the chain, its hashes and its payload."""
    return {
        "seq": record.seq,
        "kind": record.kind,
        "prev_hash": record.prev_hash,
        "hash": record.hash,
        "payload": record.payload,
        "created_at": record.created_at.isoformat(),
    }


def verification_view(result: ChainVerification) -> dict[str, Any]:
    """A chain's verification: ok, receipts checked, the first broken link."""
    return {
        "owner": result.owner,
        "ok": result.ok,
        "checked": result.checked,
        "broken_seq": result.broken_seq,
        "problem": result.problem,
        "head_hash": result.head_hash,
    }
