"""ReceiptLedger and TaskService: what the chat flow calls once per turn."""

from __future__ import annotations

import pytest

from sentinel.assistant.tasks import TaskService, TaskStatus
from sentinel.errors import InvalidInput
from sentinel.receipts import (
    ActionDigest,
    ReceiptLedger,
    ReceiptPayload,
    TokenUsage,
    digest,
)
from sentinel.storage import Database


def turn(query: str) -> ReceiptPayload:
    return ReceiptPayload(
        query=query,
        persona="CONFIDANT",
        reasoning=["the user asks about Ana"],
        actions=[
            ActionDigest.of("SEARCH_MEMORIES", {"query": "Ana"}, {"memories_found": 1}),
            ActionDigest.of("CREATE_TASK", {"title": "Call Ana"}, None, error="timed out"),
        ],
        answer_digest=digest("Ana lives in Porto."),
        model="scripted",
        usage=TokenUsage(prompt_tokens=100, completion_tokens=20),
    )


async def test_a_turn_receipt_keeps_the_payload_and_chains(db: Database) -> None:
    ledger = ReceiptLedger(db)
    first = await ledger.append("alice", turn("where does Ana live?"))
    second = await ledger.append("alice", turn("and her birthday?"))
    assert (first.seq, second.seq, second.prev_hash) == (1, 2, first.hash)
    assert first.kind == "chat_turn"
    stored = await ledger.get("alice", 1)
    assert ReceiptPayload.model_validate(stored.payload) == turn("where does Ana live?")
    assert stored.payload["actions"][1] == {
        "name": "CREATE_TASK",
        "parameters": {"title": "Call Ana"},
        "ok": False,
        "result_digest": digest(None),
        "error": "timed out",
    }
    assert (await ledger.verify("alice")).ok
    assert [r.seq for r in await ledger.list("alice")] == [2, 1]
    assert await ledger.list("bob") == []


async def test_a_receipt_inside_a_unit_of_work_rolls_back_with_it(db: Database) -> None:
    ledger = ReceiptLedger(db)

    async def fails_after_the_receipt() -> None:
        async with db.transaction() as tx:
            await ledger.append_in(tx, "alice", turn("q"))
            raise RuntimeError("boom")

    with pytest.raises(RuntimeError, match="boom"):
        await fails_after_the_receipt()
    assert await ledger.list("alice") == []


async def test_tasks_decompose_into_subtasks_and_stay_with_their_owner(db: Database) -> None:
    tasks = TaskService(db)
    trip = await tasks.create("alice", "Plan the Porto trip", priority="high")
    steps = await tasks.decompose("alice", trip.id, ["Book flights", "Find a hotel"])
    await tasks.update("alice", steps[0].id, status="done")
    listed = await tasks.list("alice", parent_id=trip.id)
    assert [(t.title, t.status) for t in listed] == [
        ("Book flights", TaskStatus.DONE),
        ("Find a hotel", TaskStatus.OPEN),
    ]
    assert await tasks.list("bob") == []
    with pytest.raises(InvalidInput, match="owner"):
        await tasks.list("  ")
