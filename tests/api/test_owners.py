"""Owners: every route that takes an id answers another owner's id with 404 and changes
nothing; lists and ``/query`` show the caller's own rows only.

The matrix is built from the app's own OpenAPI paths: a new route with an id and no case here
fails ``test_every_route_with_an_id_has_a_case``.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from sqlalchemy import text

from sentinel.api import create_app
from sentinel.clock import VirtualClock
from sentinel.research.runlog import RunLog
from sentinel.storage import Database, RunEnding, RunStatus
from sentinel.storage.api_keys import ApiKeyRepository
from tests.api.conftest import START
from tests.api.helpers import SPEC
from tests.asgi import asgi_client

V1 = "/api/v1"
# Every table holding an owner's rows (directly or through its monitor).
OWNED_TABLES = (
    "monitors",
    "monitor_secrets",
    "runs",
    "state_versions",
    "deliveries",
    "research_jobs",
    "memories",
    "memory_tags",
    "memory_links",
    "user_tasks",
    "receipts",
)


async def instant_research(question: str, log: RunLog) -> dict[str, Any]:
    """A research runner that answers at once."""
    log.record("start", "planner", question=question)
    return {"kind": "research_report", "question": question, "report": {"title": "t"}}


@dataclass(frozen=True, slots=True)
class AliceData:
    """The ids of what Alice owns."""

    monitor: int
    run: int
    job: int
    memory: int
    other_memory: int
    task: int


@dataclass(frozen=True, slots=True)
class Owners:
    """The app, its database, Alice's and Bob's clients, and Alice's ids."""

    app: FastAPI
    db: Database
    alice: httpx.AsyncClient
    bob: httpx.AsyncClient
    ids: AliceData


async def _key(db: Database, owner: str) -> str:
    async with db.transaction() as tx:
        _, token = await ApiKeyRepository(tx.session).create(f"{owner}-key", now=START, owner=owner)
    return token


async def _alice_data(db: Database, alice: httpx.AsyncClient) -> AliceData:
    monitor = (await alice.post(f"{V1}/monitors", json=SPEC)).json()["id"]
    async with db.transaction() as tx:
        run = await tx.runs.start(monitor, scheduled_at=START, started_at=START)
        await tx.states.append(monitor, state={"price": 1}, now=START, run_id=run.id)
        await tx.states.append(monitor, state={"price": 2}, now=START, run_id=run.id)
        await tx.runs.finish(run.id, RunEnding(RunStatus.SUCCEEDED), finished_at=START)
        await tx.outbox.enqueue(
            monitor_id=monitor,
            run_id=run.id,
            channel={"kind": "webhook", "url": "https://example.com/hook"},
            payload={"message": "hello"},
            idempotency_key=f"run-{run.id}",
            now=START,
        )
        await tx.receipts.append("alice", "note", {"text": "mine"}, now=START)
    job = (await alice.post(f"{V1}/research", json={"question": "why?"})).json()["id"]
    for _ in range(500):
        if (await alice.get(f"{V1}/research/{job}")).json()["status"] != "running":
            break
        await asyncio.sleep(0.01)
    memory = (await alice.post(f"{V1}/memories", json={"text": "Ana lives in Porto"})).json()
    other = (await alice.post(f"{V1}/memories", json={"text": "Car MOT in June"})).json()
    await alice.post(f"{V1}/memories/{memory['id']}/links", json={"other_id": other["id"]})
    task = (await alice.post(f"{V1}/tasks", json={"title": "Plan trip"})).json()["id"]
    return AliceData(monitor, run.id, job, memory["id"], other["id"], task)


@pytest.fixture
async def owners(api_db: Database, clock: VirtualClock) -> AsyncIterator[Owners]:
    """Alice with one of everything, and Bob with nothing; each with their own key."""
    app = create_app(api_db, clock=clock, rate_per_minute=10_000, research_runner=instant_research)
    alice_key, bob_key = await _key(api_db, "alice"), await _key(api_db, "bob")
    async with (
        asgi_client(app, headers={"Authorization": f"Bearer {alice_key}"}) as alice,
        httpx.AsyncClient(
            transport=httpx.ASGITransport(app=app),
            base_url="http://testserver",
            headers={"Authorization": f"Bearer {bob_key}"},
        ) as bob,
    ):
        yield Owners(app, api_db, alice, bob, await _alice_data(api_db, alice))


# (method, OpenAPI path) → the request Bob makes with Alice's ids: (path, query, JSON body).
Case = tuple[str, dict[str, Any] | None, Any]
CASES: dict[tuple[str, str], Any] = {
    ("get", "/api/v1/monitors/{monitor_id}"): lambda a: (f"/monitors/{a.monitor}", None, None),
    ("patch", "/api/v1/monitors/{monitor_id}"): lambda a: (
        f"/monitors/{a.monitor}",
        None,
        {"channels": ["https://evil.example/steal"]},
    ),
    ("delete", "/api/v1/monitors/{monitor_id}"): lambda a: (f"/monitors/{a.monitor}", None, None),
    ("post", "/api/v1/monitors/{monitor_id}/pause"): lambda a: (
        f"/monitors/{a.monitor}/pause",
        None,
        None,
    ),
    ("post", "/api/v1/monitors/{monitor_id}/resume"): lambda a: (
        f"/monitors/{a.monitor}/resume",
        None,
        None,
    ),
    ("post", "/api/v1/monitors/{monitor_id}/run-now"): lambda a: (
        f"/monitors/{a.monitor}/run-now",
        None,
        None,
    ),
    ("get", "/api/v1/monitors/{monitor_id}/secret"): lambda a: (
        f"/monitors/{a.monitor}/secret",
        None,
        None,
    ),
    ("post", "/api/v1/monitors/{monitor_id}/secret/rotate"): lambda a: (
        f"/monitors/{a.monitor}/secret/rotate",
        None,
        None,
    ),
    ("post", "/api/v1/monitors/{monitor_id}/fork"): lambda a: (
        f"/monitors/{a.monitor}/fork",
        None,
        None,
    ),
    ("get", "/api/v1/monitors/{monitor_id}/runs"): lambda a: (
        f"/monitors/{a.monitor}/runs",
        None,
        None,
    ),
    ("get", "/api/v1/monitors/{monitor_id}/runs/{run_id}"): lambda a: (
        f"/monitors/{a.monitor}/runs/{a.run}",
        None,
        None,
    ),
    ("get", "/api/v1/monitors/{monitor_id}/states"): lambda a: (
        f"/monitors/{a.monitor}/states",
        None,
        None,
    ),
    ("get", "/api/v1/monitors/{monitor_id}/states/diff"): lambda a: (
        f"/monitors/{a.monitor}/states/diff",
        {"from": 1, "to": 2},
        None,
    ),
    ("get", "/api/v1/monitors/{monitor_id}/states/{version}"): lambda a: (
        f"/monitors/{a.monitor}/states/1",
        None,
        None,
    ),
    ("get", "/api/v1/monitors/{monitor_id}/deliveries"): lambda a: (
        f"/monitors/{a.monitor}/deliveries",
        None,
        None,
    ),
    ("get", "/api/v1/monitors/{monitor_id}/notifications"): lambda a: (
        f"/monitors/{a.monitor}/notifications",
        None,
        None,
    ),
    ("get", "/api/v1/research/{job_id}"): lambda a: (f"/research/{a.job}", None, None),
    ("get", "/api/v1/research/{job_id}/result"): lambda a: (
        f"/research/{a.job}/result",
        None,
        None,
    ),
    ("get", "/api/v1/research/{job_id}/events"): lambda a: (
        f"/research/{a.job}/events",
        None,
        None,
    ),
    ("get", "/api/v1/memories/{memory_id}"): lambda a: (f"/memories/{a.memory}", None, None),
    ("patch", "/api/v1/memories/{memory_id}"): lambda a: (
        f"/memories/{a.memory}",
        None,
        {"text": "changed by bob"},
    ),
    ("delete", "/api/v1/memories/{memory_id}"): lambda a: (f"/memories/{a.memory}", None, None),
    ("post", "/api/v1/memories/{memory_id}/links"): lambda a: (
        f"/memories/{a.memory}/links",
        None,
        {"other_id": a.other_memory},
    ),
    ("delete", "/api/v1/memories/{memory_id}/links/{other_id}"): lambda a: (
        f"/memories/{a.memory}/links/{a.other_memory}",
        None,
        None,
    ),
    ("get", "/api/v1/tasks/{task_id}"): lambda a: (f"/tasks/{a.task}", None, None),
    ("patch", "/api/v1/tasks/{task_id}"): lambda a: (
        f"/tasks/{a.task}",
        None,
        {"status": "done"},
    ),
    ("delete", "/api/v1/tasks/{task_id}"): lambda a: (f"/tasks/{a.task}", None, None),
    ("post", "/api/v1/tasks/{task_id}/decompose"): lambda a: (
        f"/tasks/{a.task}/decompose",
        None,
        {"subtasks": ["a", "b"]},
    ),
    ("get", "/api/v1/receipts/{seq}"): lambda a: ("/receipts/1", None, None),
}


def _routes_with_ids(app: FastAPI) -> set[tuple[str, str]]:
    return {
        (method, path)
        for path, operations in app.openapi()["paths"].items()
        if "{" in path
        for method in operations
    }


async def _snapshot(db: Database) -> dict[str, list[tuple[Any, ...]]]:
    async with db.transaction() as tx:
        return {
            table: [
                tuple(row)
                for row in (await tx.session.execute(text(f"SELECT * FROM {table} ORDER BY 1")))
            ]
            for table in OWNED_TABLES
        }


def test_every_route_with_an_id_has_a_case(api_db: Database) -> None:
    assert _routes_with_ids(create_app(api_db)) == set(CASES)


@pytest.mark.parametrize(("method", "route"), sorted(CASES))
async def test_another_owners_id_is_not_found_and_nothing_changes(
    owners: Owners, method: str, route: str
) -> None:
    path, query, body = CASES[(method, route)](owners.ids)
    before = await _snapshot(owners.db)
    response = await owners.bob.request(method, V1 + path, params=query, json=body)
    assert response.status_code == 404, response.text
    assert await _snapshot(owners.db) == before
    # Alice herself still reaches it (the 404 is about the owner, not the id).
    if method == "get" and not route.endswith("/events"):
        mine = await owners.alice.get(V1 + path, params=query)
        assert mine.status_code == 200, mine.text


async def test_lists_hold_the_callers_own_rows_only(owners: Owners) -> None:
    assert (await owners.bob.get(f"{V1}/monitors")).json()["items"] == []
    assert [m["id"] for m in (await owners.alice.get(f"{V1}/monitors")).json()["items"]] == [
        owners.ids.monitor
    ]
    assert (await owners.bob.get(f"{V1}/memories")).json()["items"] == []
    assert (await owners.bob.get(f"{V1}/tasks")).json()["items"] == []


async def test_each_owner_may_use_the_same_monitor_name(owners: Owners) -> None:
    taken = (await owners.alice.get(f"{V1}/monitors/{owners.ids.monitor}")).json()["name"]
    created = await owners.bob.post(f"{V1}/monitors", json=SPEC | {"name": taken})
    assert created.status_code == 201, created.text
    assert created.json()["owner"] == "bob"
    again = await owners.alice.post(f"{V1}/monitors", json=SPEC | {"name": taken})
    assert again.status_code == 422


async def test_query_runs_over_the_callers_rows_only(owners: Owners) -> None:
    async def rows(client: httpx.AsyncClient, sql: str) -> list[list[Any]]:
        response = await client.post(f"{V1}/query", json={"sql": sql})
        assert response.status_code == 200, response.text
        found: list[list[Any]] = response.json()["rows"]
        return found

    for table in ("monitors", "runs", "state_versions", "deliveries", "notifications"):
        assert await rows(owners.bob, f"SELECT count(*) FROM {table}") == [[0]]
        assert (await rows(owners.alice, f"SELECT count(*) FROM {table}"))[0][0] >= 1
    assert await rows(owners.alice, "SELECT owner FROM monitors") == [["alice"]]


@pytest.mark.parametrize(
    "sql",
    [
        "SELECT channels FROM main.monitors",
        "SELECT * FROM main.deliveries",
        "SELECT * FROM main.notifications",
        "SELECT signing_secret FROM monitor_secrets",
        "SELECT question FROM research_jobs",
        "SELECT * FROM a2a_tasks",
    ],
)
async def test_query_cannot_reach_the_tables_behind_the_owners_views(
    owners: Owners, sql: str
) -> None:
    response = await owners.bob.post(f"{V1}/query", json={"sql": sql})
    assert response.status_code == 403, response.text
    assert "refused" in response.json()["detail"]
