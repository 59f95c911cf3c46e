"""The A2A JSON-RPC endpoint under generated input: any body, any method, malformed params,
messages with arbitrary parts and metadata. Every answer is a JSON-RPC result or a JSON-RPC
error other than "internal error" (or a task that ended failed, for requests Sentinel reads
and refuses): never an HTTP 5xx, never a crash. Bounded example counts keep it quick."""

from __future__ import annotations

import json
import shutil
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sentinel.api import create_app
from sentinel.protocols.a2a import mount_a2a
from sentinel.research.runlog import RunLog
from sentinel.storage import Database, open_database
from sentinel.storage.settings import sqlite_url

INTERNAL_ERROR = -32603
METHODS = [
    "SendMessage",
    "SendStreamingMessage",
    "GetTask",
    "ListTasks",
    "CancelTask",
    "CreateTaskPushNotificationConfig",
    "GetTaskPushNotificationConfig",
    "ListTaskPushNotificationConfigs",
    "DeleteTaskPushNotificationConfig",
    "SubscribeToTask",
    "GetExtendedAgentCard",
    "message/send",
    "tasks/get",
    "tasks/cancel",
]
FUZZ = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=40),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4)
    ),
    max_leaves=12,
)
parts = st.lists(
    st.one_of(
        st.fixed_dictionaries({"text": st.text(max_size=80)}),
        st.fixed_dictionaries({"data": json_values}),
        st.fixed_dictionaries({"url": st.text(max_size=40)}),
        st.dictionaries(st.text(max_size=8), json_values, max_size=3),
    ),
    max_size=3,
)
messages = st.fixed_dictionaries(
    {"role": st.sampled_from(["ROLE_USER", "ROLE_AGENT", "user", 7, None]), "parts": parts},
    optional={
        "messageId": st.text(max_size=12) | st.integers(),
        "taskId": st.text(max_size=12),
        "metadata": st.dictionaries(
            st.just("skill") | st.text(max_size=8),
            st.sampled_from(["monitor", "research", "chat", "nope"]) | json_values,
            max_size=2,
        ),
    },
)
params = st.one_of(
    json_values,
    st.fixed_dictionaries({"message": messages}),
    st.fixed_dictionaries(
        {"id": st.text(max_size=12)}, optional={"historyLength": st.integers(-5, 10**12)}
    ),
    st.fixed_dictionaries({"taskId": st.text(max_size=12), "url": st.text(max_size=40)}),
)
requests = st.fixed_dictionaries(
    {
        "jsonrpc": st.sampled_from(["2.0", "1.0", 2]),
        "method": st.sampled_from(METHODS) | st.text(max_size=20),
    },
    optional={"id": st.integers() | st.text(max_size=8) | st.none(), "params": params},
)


async def instant_research(question: str, log: RunLog) -> dict[str, Any]:
    """Research that answers at once with a minimal report."""
    log.record("start", "planner", question=question)
    return {"report": {"title": question[:40], "executive_summary": "done"}}


@pytest.fixture
async def rpc(tmp_path: Path, sqlite_template: Path) -> AsyncIterator[httpx.AsyncClient]:
    """A client of the app's A2A endpoint over ASGI (in process)."""
    path = tmp_path / "fuzz.db"
    shutil.copy(sqlite_template, path)
    db: Database = await open_database(sqlite_url(path), migrate=False)
    app = create_app(db, research_runner=instant_research, rate_per_minute=1_000_000)
    mount_a2a(app)
    transport = httpx.ASGITransport(app=app)
    try:
        async with (
            app.router.lifespan_context(app),
            httpx.AsyncClient(transport=transport, base_url="http://testserver") as client,
        ):
            yield client
    finally:
        await db.close()


def check(response: httpx.Response) -> None:
    """A protocol answer: no 5xx; JSON-RPC bodies carry a result or a non-internal error."""
    assert response.status_code < 500, response.text
    if response.headers.get("content-type", "").startswith("text/event-stream"):
        for line in response.text.splitlines():
            if line.startswith("data:"):
                check_body(json.loads(line.removeprefix("data:")))
        return
    check_body(response.json())


def check_body(body: Any) -> None:
    assert isinstance(body, dict), body
    assert ("result" in body) != ("error" in body), body
    if "error" in body:
        assert body["error"]["code"] != INTERNAL_ERROR, body


@FUZZ
@given(body=requests)
async def test_generated_json_rpc_requests_get_protocol_answers(
    rpc: httpx.AsyncClient, body: dict[str, Any]
) -> None:
    check(await rpc.post("/a2a", json=body, headers={"A2A-Version": "1.0"}))


@FUZZ
@given(body=json_values)
async def test_any_json_body_gets_a_protocol_error(rpc: httpx.AsyncClient, body: Any) -> None:
    check(await rpc.post("/a2a", json=body))


@FUZZ
@given(raw=st.binary(max_size=200))
async def test_bytes_that_are_not_json_get_a_parse_error(
    rpc: httpx.AsyncClient, raw: bytes
) -> None:
    response = await rpc.post("/a2a", content=raw, headers={"content-type": "application/json"})
    check(response)


@pytest.mark.parametrize("method", ["message/send", "tasks/get", "tasks/cancel"])
async def test_a_v03_method_under_a_newer_version_gets_version_not_supported(
    rpc: httpx.AsyncClient, method: str
) -> None:
    # Found by the fuzzer above: the SDK's v0.3 adapter answered it as an internal error.
    body = {"jsonrpc": "2.0", "id": 3, "method": method, "params": {}}
    response = await rpc.post("/a2a", json=body, headers={"A2A-Version": "1.0"})
    check(response)
    error = response.json()["error"]
    assert (response.json()["id"], error["code"]) == (3, -32009)
    assert method in error["message"]
    assert "1.0" in error["message"]
    # Without the header (a v0.3 client) the method is served as before.
    legacy = await rpc.post("/a2a", json=body)
    assert legacy.json().get("error", {}).get("code") != -32009
