"""``/api/v1/research``: a job runs in the background; its status, result and progress (SSE)
are readable while and after it runs; a failure is reported, not raised."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest

from sentinel.api import create_app
from sentinel.research import NoEvidenceError
from sentinel.research.runlog import RunLog
from sentinel.storage import Database
from tests.api.helpers import problem
from tests.asgi import asgi_client

REPORT = {"kind": "research_report", "question": "q", "report": {"title": "t"}}


class FakeResearch:
    """A runner that logs two events, then waits for ``release`` before answering."""

    def __init__(self) -> None:
        self.release = asyncio.Event()
        self.fail = False
        self.crash = False

    async def __call__(self, question: str, log: RunLog) -> dict[str, Any]:
        log.record("start", "planner", question=question)
        log.record("search", "searcher", query="repair rules")
        await self.release.wait()
        if self.fail:
            raise NoEvidenceError(question, ["repair rules"])
        if self.crash:
            raise RuntimeError("the runner broke")
        return REPORT | {"question": question}


@pytest.fixture
def research() -> FakeResearch:
    """The fake runner of the app under test."""
    return FakeResearch()


@pytest.fixture
async def research_client(
    api_db: Database, research: FakeResearch
) -> AsyncIterator[httpx.AsyncClient]:
    """A client of an app whose research jobs use ``research``."""
    app = create_app(api_db, research_runner=research, rate_per_minute=10_000)
    async with asgi_client(app) as client:
        yield client


async def _settled(client: httpx.AsyncClient, job_id: int) -> dict[str, Any]:
    for _ in range(200):
        body: dict[str, Any] = (await client.get(f"/api/v1/research/{job_id}")).json()
        if body["status"] != "running":
            return body
        await asyncio.sleep(0.01)
    raise AssertionError(f"job {job_id} never finished")


async def test_a_job_runs_in_the_background_and_yields_its_report(
    research_client: httpx.AsyncClient, research: FakeResearch
) -> None:
    started = await research_client.post("/api/v1/research", json={"question": "EU  repair?"})
    assert started.status_code == 202, started.text
    job = started.json()
    assert (job["question"], job["status"]) == ("EU repair?", "running")
    problem(await research_client.get(f"/api/v1/research/{job['id']}/result"), 409)
    research.release.set()
    settled = await _settled(research_client, job["id"])
    assert settled["status"] == "succeeded"
    assert settled["events"] == 2
    result = await research_client.get(f"/api/v1/research/{job['id']}/result")
    assert result.json() == REPORT | {"question": "EU repair?"}


async def test_a_failed_job_says_why(
    research_client: httpx.AsyncClient, research: FakeResearch
) -> None:
    research.fail = True
    research.release.set()
    job = (await research_client.post("/api/v1/research", json={"question": "x"})).json()
    settled = await _settled(research_client, job["id"])
    assert settled["status"] == "failed"
    assert settled["error"]
    body = problem(await research_client.get(f"/api/v1/research/{job['id']}/result"), 409)
    assert "failed" in body["detail"]


async def test_an_unexpected_error_still_ends_the_job(
    research_client: httpx.AsyncClient, research: FakeResearch
) -> None:
    research.crash = True
    research.release.set()
    job = (await research_client.post("/api/v1/research", json={"question": "x"})).json()
    settled = await _settled(research_client, job["id"])
    assert settled["status"] == "failed"
    assert settled["error"] == "internal error: RuntimeError: the runner broke"


async def test_progress_streams_as_server_sent_events(
    research_client: httpx.AsyncClient, research: FakeResearch
) -> None:
    job = (await research_client.post("/api/v1/research", json={"question": "q"})).json()
    research.release.set()
    response = await research_client.get(f"/api/v1/research/{job['id']}/events")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/event-stream")
    events = [
        (block.split("\n")[0].removeprefix("event: "), block.split("data: ", 1)[1])
        for block in response.text.replace("\r\n", "\n").strip().split("\n\n")
        if block.startswith("event:")
    ]
    assert [name for name, _ in events] == ["progress", "progress", "end"]
    assert json.loads(events[1][1])["query"] == "repair rules"
    assert json.loads(events[2][1])["status"] == "succeeded"


async def test_an_unknown_job_is_404_and_an_empty_question_422(
    research_client: httpx.AsyncClient,
) -> None:
    problem(await research_client.get("/api/v1/research/5"), 404)
    problem(await research_client.get("/api/v1/research/5/events"), 404)
    problem(await research_client.post("/api/v1/research", json={"question": "   "}), 422)
    problem(await research_client.post("/api/v1/research", json={"question": ""}), 422)
