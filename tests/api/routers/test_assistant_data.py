"""``/memories``, ``/tasks`` and ``/receipts``: per owner, and no owner reaches another's."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from sqlalchemy import text

from sentinel.api.owners import receipt_ledger
from sentinel.receipts import ReceiptLedger, ReceiptPayload
from sentinel.storage import Database
from sentinel.storage.api_keys import ApiKeyRepository
from tests.api.conftest import START
from tests.api.helpers import problem


async def key_for(db: Database, owner: str) -> dict[str, str]:
    async with db.transaction() as tx:
        _, token = await ApiKeyRepository(tx.session).create(
            f"{owner}-laptop", now=START, owner=owner
        )
    return {"Authorization": f"Bearer {token}"}


async def made(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


async def test_memories_are_created_listed_edited_searched_and_deleted(
    client: httpx.AsyncClient,
) -> None:
    ana = await made(
        await client.post(
            "/api/v1/memories", json={"text": "Ana lives in Porto", "tags": ["family"]}
        )
    )
    other = await made(await client.post("/api/v1/memories", json={"text": "Car MOT due in June"}))
    listed = (await client.get("/api/v1/memories")).json()["items"]
    assert [m["id"] for m in listed] == [other["id"], ana["id"]]
    assert [m["id"] for m in (await client.get("/api/v1/memories?tag=family")).json()["items"]] == [
        ana["id"]
    ]
    edited = await client.patch(
        f"/api/v1/memories/{ana['id']}", json={"text": "Ana moved to Lisbon"}
    )
    assert edited.json()["text"] == "Ana moved to Lisbon"
    linked = await client.post(
        f"/api/v1/memories/{ana['id']}/links", json={"other_id": other["id"]}
    )
    assert linked.json()["links"] == [other["id"]]
    found = (await client.post("/api/v1/memories/search", json={"query": "Lisbon"})).json()
    assert [hit["memory"]["id"] for hit in found["hits"]] == [ana["id"]]
    assert found["mode"] in {"hybrid", "bm25"}
    assert found["hits"][0]["score"] >= found["min_score"]
    assert (await client.delete(f"/api/v1/memories/{ana['id']}")).status_code == 204
    problem(await client.get(f"/api/v1/memories/{ana['id']}"), 404)


async def test_bad_memory_input_is_a_problem_naming_the_field(client: httpx.AsyncClient) -> None:
    body = problem(
        await client.post("/api/v1/memories", json={"text": "x", "tags": ["two words"]}), 422
    )
    assert "tags" in str(body)
    problem(await client.post("/api/v1/memories", json={"text": ""}), 422)
    problem(await client.post("/api/v1/memories/search", json={"query": "x", "min_score": 2}), 422)


async def test_tasks_are_created_decomposed_and_updated(client: httpx.AsyncClient) -> None:
    trip = await made(
        await client.post("/api/v1/tasks", json={"title": "Plan trip", "priority": "high"})
    )
    steps = (
        await client.post(
            f"/api/v1/tasks/{trip['id']}/decompose", json={"subtasks": ["Flights", "Hotel"]}
        )
    ).json()
    assert [(s["title"], s["parent_id"]) for s in steps] == [
        ("Flights", trip["id"]),
        ("Hotel", trip["id"]),
    ]
    done = await client.patch(f"/api/v1/tasks/{steps[0]['id']}", json={"status": "done"})
    assert done.json()["status"] == "done"
    open_ = (await client.get("/api/v1/tasks?status=open")).json()["items"]
    assert [t["title"] for t in open_] == ["Plan trip", "Hotel"]
    problem(await client.patch(f"/api/v1/tasks/{trip['id']}", json={"status": "finished"}), 422)


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("GET", "/api/v1/memories/{m}", None),
        ("PATCH", "/api/v1/memories/{m}", {"text": "mine now"}),
        ("DELETE", "/api/v1/memories/{m}", None),
        ("POST", "/api/v1/memories/{m}/links", {"other_id": 1}),
        ("GET", "/api/v1/tasks/{t}", None),
        ("PATCH", "/api/v1/tasks/{t}", {"status": "done"}),
        ("DELETE", "/api/v1/tasks/{t}", None),
        ("POST", "/api/v1/tasks/{t}/decompose", {"subtasks": ["x"]}),
        ("GET", "/api/v1/receipts/1", None),
    ],
)
async def test_one_owner_can_never_reach_anothers_rows(
    client: httpx.AsyncClient,
    api_db: Database,
    app: FastAPI,
    method: str,
    path: str,
    body: dict[str, Any] | None,
) -> None:
    alice, bob = await key_for(api_db, "alice"), await key_for(api_db, "bob")
    memory = await made(
        await client.post(
            "/api/v1/memories",
            json={"text": "Alice's secret: the safe code is 4711"},
            headers=alice,
        )
    )
    task = await made(
        await client.post("/api/v1/tasks", json={"title": "Alice's task"}, headers=alice)
    )
    await ReceiptLedger(api_db).append("alice", ReceiptPayload(query="alice asked"))
    url = path.format(m=memory["id"], t=task["id"])
    problem(await client.request(method, url, json=body, headers=bob), 404)
    # Bob's listings and searches are empty; Alice still has everything.
    assert (await client.get("/api/v1/memories", headers=bob)).json()["items"] == []
    assert (await client.get("/api/v1/tasks", headers=bob)).json()["items"] == []
    assert (await client.get("/api/v1/receipts", headers=bob)).json()["items"] == []
    searched = await client.post(
        "/api/v1/memories/search", json={"query": "safe code 4711"}, headers=bob
    )
    assert searched.json()["hits"] == []
    assert (await client.get(f"/api/v1/memories/{memory['id']}", headers=alice)).status_code == 200
    assert (await client.get("/api/v1/receipts/1", headers=alice)).json()["payload"][
        "query"
    ] == "alice asked"
    assert receipt_ledger  # the dependency the chat endpoint uses to append


async def test_receipts_verify_names_an_edited_receipt(
    client: httpx.AsyncClient, api_db: Database
) -> None:
    ledger = ReceiptLedger(api_db)
    for query in ("one", "two", "three"):
        await ledger.append("local", ReceiptPayload(query=query))
    assert (await client.get("/api/v1/receipts/verify")).json()["ok"] is True
    async with api_db.engine.begin() as connection:
        await connection.execute(
            text('UPDATE receipts SET payload = \'{"query":"TWO"}\' WHERE seq = 2')
        )
    verdict = (await client.get("/api/v1/receipts/verify")).json()
    assert (verdict["ok"], verdict["broken_seq"], verdict["checked"]) == (False, 2, 1)
    listed = (await client.get("/api/v1/receipts?limit=2")).json()
    assert [r["seq"] for r in listed["items"]] == [3, 2]
    assert listed["next"] is not None
