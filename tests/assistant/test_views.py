"""The JSON views are plain JSON: they survive a round trip and carry what the API shows."""

from __future__ import annotations

import json

from sentinel.assistant.memory import MemoryService
from sentinel.assistant.tasks import TaskService
from sentinel.assistant.views import (
    memory_view,
    receipt_view,
    retrieval_view,
    task_view,
    verification_view,
)
from sentinel.receipts import ReceiptLedger, ReceiptPayload
from sentinel.storage import Database


async def test_views_are_json_and_name_every_field(db: Database) -> None:
    memories = MemoryService(db, embedder=None)
    made = await memories.create("alice", "Ana lives in Porto", tags=["family"])
    found = await memories.search("alice", "Porto")
    task = await TaskService(db).create("alice", "Call Ana")
    ledger = ReceiptLedger(db)
    receipt = await ledger.append("alice", ReceiptPayload(query="q"))
    views = [
        memory_view(made),
        retrieval_view(found),
        task_view(task),
        receipt_view(receipt),
        verification_view(await ledger.verify("alice")),
    ]
    assert json.loads(json.dumps(views)) == views
    assert views[1]["mode"] == "bm25"
    assert "BM25 only" in views[1]["notice"]
    assert views[1]["hits"][0]["memory"] == views[0]
    assert views[2]["status"] == "open"
    assert views[4]["ok"] is True
