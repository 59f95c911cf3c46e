"""A restart of the server keeps research jobs and A2A tasks (they live in the database);
one that was still running when the previous server stopped is marked failed, "interrupted by
a restart", never silently gone."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx
from fastapi import FastAPI
from sqlalchemy import text

from sentinel.api import create_app
from sentinel.clock import VirtualClock
from sentinel.protocols.a2a.server import install_a2a
from sentinel.research.runlog import RunLog
from sentinel.storage import Database
from sentinel.storage.jobs import INTERRUPTED
from tests.storage.databases import db, pg_url

__all__ = ["db", "pg_url"]  # on SQLite and on PostgreSQL


class StuckResearch:
    """Answers "quick" questions at once; any other question runs until the test ends."""

    def __init__(self) -> None:
        self.never = asyncio.Event()

    async def __call__(self, question: str, log: RunLog) -> dict[str, Any]:
        log.record("start", "planner", question=question)
        if question != "quick":
            await self.never.wait()
        return {"kind": "research_report", "question": question, "report": {"title": "t"}}


@asynccontextmanager
async def serving(
    db: Database, clock: VirtualClock, research: StuckResearch, crashed: list[FastAPI]
) -> AsyncIterator[httpx.AsyncClient]:
    """A server process over ``db``: the API with the A2A agent, as ``sentinel serve``. It
    stops as a crashed process does, its research jobs left running; they are appended to
    ``crashed``, whose jobs the test cancels before the database closes (a job that ran on
    after it would hold a connection the closed pool never returns)."""
    app = create_app(db, clock=clock, rate_per_minute=10_000, research_runner=research)
    service = install_a2a(app)
    crashed.append(app)
    transport = httpx.ASGITransport(app=app)
    try:
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as client:
            yield client
    finally:
        await service.aclose()


async def _a2a(client: httpx.AsyncClient, method: str, params: dict[str, Any]) -> dict[str, Any]:
    body = {"jsonrpc": "2.0", "id": 1, "method": method, "params": params}
    response = await client.post("/a2a", json=body)
    result: dict[str, Any] = response.json()["result"]
    return result


async def test_a_restart_keeps_research_jobs_and_a2a_tasks(
    db: Database, clock: VirtualClock
) -> None:
    api_db = db
    crashed: list[FastAPI] = []
    try:
        await _restart(api_db, clock, crashed)
    finally:
        for app in crashed:
            await app.state.sentinel.research.close()


async def _restart(api_db: Database, clock: VirtualClock, crashed: list[FastAPI]) -> None:
    async with serving(api_db, clock, StuckResearch(), crashed) as before:
        quick = (await before.post("/api/v1/research", json={"question": "quick"})).json()["id"]
        slow = (await before.post("/api/v1/research", json={"question": "slow"})).json()["id"]
        for _ in range(500):
            if (await before.get(f"/api/v1/research/{quick}")).json()["status"] != "running":
                break
            await asyncio.sleep(0.01)
        message = {
            "role": "user",
            "messageId": "m-restart",
            "parts": [{"kind": "text", "text": "Tell me when the Kestrel 4 ships"}],
        }
        task = await _a2a(before, "message/send", {"message": message})
        assert task["status"]["state"] == "completed"
        # A task the stopped server was still working on, as its row was left.
        async with api_db.transaction() as tx:
            row = (
                await tx.session.execute(
                    text("SELECT status FROM a2a_tasks WHERE id = :id"), {"id": task["id"]}
                )
            ).scalar_one()
            status = json.loads(row) if isinstance(row, str) else dict(row)
            status.pop("message", None)
            await tx.session.execute(
                text(
                    "INSERT INTO a2a_tasks (id, context_id, kind, owner, status, history, "
                    "protocol_version) SELECT 'working-task', context_id, kind, owner, :status, "
                    "history, protocol_version FROM a2a_tasks WHERE id = :id"
                ),
                {"id": task["id"], "status": json.dumps(status | {"state": "TASK_STATE_WORKING"})},
            )

        # The server process is gone (its "slow" job never finished); a new one starts.
        async with serving(api_db, clock, StuckResearch(), crashed) as after:
            done = (await after.get(f"/api/v1/research/{quick}")).json()
            assert done["status"] == "succeeded"
            result = await after.get(f"/api/v1/research/{quick}/result")
            assert result.json()["question"] == "quick"
            interrupted = (await after.get(f"/api/v1/research/{slow}")).json()
            assert (interrupted["status"], interrupted["error"]) == ("failed", INTERRUPTED)
            kept = await _a2a(after, "tasks/get", {"id": task["id"]})
            assert kept["status"]["state"] == "completed"
            assert kept["artifacts"][0]["name"] == "monitor"
            stopped = await _a2a(after, "tasks/get", {"id": "working-task"})
            assert stopped["status"]["state"] == "failed"
            assert INTERRUPTED in json.dumps(stopped["status"]["message"])
