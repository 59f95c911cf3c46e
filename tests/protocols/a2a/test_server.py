"""Sentinel as an A2A agent, driven by the official A2A client over 127.0.0.1: the card, the
monitor skill (send, input-required), the research skill (stream, cancel), failures, and
API-key authentication."""

from __future__ import annotations

import asyncio
import json
from datetime import datetime

import httpx
import pytest
from a2a.client import A2AClientError, AuthInterceptor, Client, ClientConfig, create_client
from a2a.helpers import get_data_parts, get_message_text, new_data_part, new_text_message
from a2a.types.a2a_pb2 import (
    CancelTaskRequest,
    GetTaskRequest,
    Message,
    Role,
    SendMessageRequest,
    StreamResponse,
    Task,
    TaskState,
)
from a2a.utils.errors import TaskNotFoundError

from sentinel.protocols.a2a.source import ApiKeyCredentials
from sentinel.storage.api_keys import ApiKeyRepository
from tests.protocols.a2a.world import Gate, Served

pytestmark = pytest.mark.network


def user_text(text: str, *, task: Task | None = None) -> SendMessageRequest:
    """A user message, continuing ``task`` when given."""
    message = new_text_message(text, role=Role.ROLE_USER)
    if task is not None:
        message.task_id, message.context_id = task.id, task.context_id
    return SendMessageRequest(message=message)


async def blocking(served: Served, http: httpx.AsyncClient, **config: object) -> Client:
    """A non-streaming client: ``send_message`` answers once, with the task as it ended."""
    return await create_client(
        served.url,
        ClientConfig(httpx_client=http, streaming=False),
        **config,  # type: ignore[arg-type]
    )


def with_key(key: str) -> AuthInterceptor:
    """The SDK's interceptor sending ``key`` as the card's security schemes say."""
    return AuthInterceptor(ApiKeyCredentials(key))


async def final_task(client: Client, request: SendMessageRequest) -> Task:
    """Send and return the task the (non-streaming) answer carries."""
    events = [event async for event in client.send_message(request)]
    [event] = events
    assert event.HasField("task"), event
    return event.task


def state(task: Task) -> str:
    return TaskState.Name(task.status.state)


async def test_the_card_is_public_at_both_well_known_paths(
    served: Served, http: httpx.AsyncClient
) -> None:
    for path in ("/.well-known/agent-card.json", "/.well-known/agent.json"):
        card = (await http.get(served.url + path)).json()
        assert card["name"] == "Sentinel"
        assert {skill["id"] for skill in card["skills"]} == {"monitor", "research", "chat"}
        assert card["capabilities"] == {"streaming": True, "pushNotifications": True}
        assert card["supportedInterfaces"][0]["url"] == f"{served.url}/a2a"
        assert set(card["securitySchemes"]) == {"bearer", "apiKey"}
        assert card["securitySchemes"]["apiKey"]["apiKeySecurityScheme"]["name"] == "X-API-Key"


async def test_tell_me_when_creates_a_monitor_and_answers_its_id_state_and_next_check(
    served: Served, http: httpx.AsyncClient
) -> None:
    client = await blocking(served, http)
    task = await final_task(client, user_text("Tell me when the iPhone 17 is announced"))
    await client.close()
    assert state(task) == "TASK_STATE_COMPLETED"
    [artifact] = task.artifacts
    assert artifact.name == "monitor"
    [view] = get_data_parts(artifact.parts)
    async with served.db.transaction() as tx:
        record = await tx.monitors.get(int(view["id"]))
    assert record.original_query == "Tell me when the iPhone 17 is announced"
    assert view["state"] == record.state.value == "active"
    assert record.next_run_at is not None
    # The served engine may already have run the monitor (a busy machine answers slowly):
    # its schedule only moves forward from the time the answer named.
    assert datetime.fromisoformat(view["next_check"]) <= record.next_run_at
    assert f"Monitor #{record.id}" in get_message_text(task.status.message)


async def test_a_monitor_without_a_condition_asks_for_one_and_uses_the_answer(
    served: Served, http: httpx.AsyncClient
) -> None:
    client = await blocking(served, http)
    asked = await final_task(client, user_text("Watch the Voltmart headphones"))
    assert state(asked) == "TASK_STATE_INPUT_REQUIRED"
    assert "When should I tell you?" in get_message_text(asked.status.message)
    async with served.db.transaction() as tx:
        assert await tx.monitors.find(limit=10) == []
    answered = await final_task(client, user_text("when they cost less than $300", task=asked))
    await client.close()
    assert (answered.id, state(answered)) == (asked.id, "TASK_STATE_COMPLETED")
    [view] = get_data_parts(answered.artifacts[0].parts)
    async with served.db.transaction() as tx:
        record = await tx.monitors.get(int(view["id"]))
    assert record.original_query == "Watch the Voltmart headphones"
    assert record.action_criteria == "when they cost less than $300"


async def test_an_invalid_spec_fails_the_task_with_the_reason(
    served: Served, http: httpx.AsyncClient
) -> None:
    client = await blocking(served, http)
    spec = {"skill": "monitor", "query": "Tell me when X ships", "notify": "sometimes"}
    message = Message(role=Role.ROLE_USER, message_id="m-1", parts=[new_data_part(spec)])
    task = await final_task(client, SendMessageRequest(message=message))
    await client.close()
    assert state(task) == "TASK_STATE_FAILED"
    assert "notify" in get_message_text(task.status.message)
    async with served.db.transaction() as tx:
        assert await tx.monitors.find(limit=10) == []


async def test_research_streams_progress_then_the_final_report_artifact(
    client: Client, gate: Gate
) -> None:
    gate.opened.set()
    request = user_text("Who won the marathon?")
    request.message.metadata.update({"skill": "research"})
    events = [event async for event in client.send_message(request)]
    kinds = [event.WhichOneof("payload") for event in events]
    assert kinds[0] == "task"
    assert events[0].task.status.state == TaskState.TASK_STATE_SUBMITTED
    progress = [
        get_message_text(e.status_update.status.message)
        for e in events
        if e.HasField("status_update")
        and e.status_update.status.state == TaskState.TASK_STATE_WORKING
        and e.status_update.status.HasField("message")
    ]
    assert any(line.startswith("searcher: search") for line in progress), progress
    [artifact] = [e.artifact_update.artifact for e in events if e.HasField("artifact_update")]
    assert artifact.name == "final_report"
    [report] = get_data_parts(artifact.parts)
    assert report["sources"]
    assert report["sections"]
    last = events[-1].status_update.status
    assert last.state == TaskState.TASK_STATE_COMPLETED
    assert get_message_text(last.message) == report["executive_summary"]


async def test_cancelling_a_running_research_task_stops_it(client: Client, gate: Gate) -> None:
    request = user_text("Who won the marathon?")
    request.message.metadata.update({"skill": "research"})
    events: list[StreamResponse] = []
    first = asyncio.Event()

    async def follow() -> None:
        async for event in client.send_message(request):
            events.append(event)
            first.set()

    following = asyncio.create_task(follow())
    async with asyncio.timeout(30):
        await gate.waiting.wait()
        await first.wait()
    task_id = events[0].task.id
    canceled = await client.cancel_task(CancelTaskRequest(id=task_id))
    assert canceled.status.state == TaskState.TASK_STATE_CANCELED
    async with asyncio.timeout(30):
        await following
    stored = await client.get_task(GetTaskRequest(id=task_id))
    assert stored.status.state == TaskState.TASK_STATE_CANCELED
    assert not stored.artifacts
    gate.opened.set()  # the run was cancelled before the gate: nothing researches now


async def test_the_agent_refuses_calls_without_a_key_once_keys_exist(
    served: Served, http: httpx.AsyncClient
) -> None:
    async with served.db.transaction() as tx:
        _, key = await ApiKeyRepository(tx.session).create(
            "a2a-caller", now=served.world_clock.now()
        )
    card = await http.get(f"{served.url}/.well-known/agent-card.json")
    assert card.status_code == 200  # the card stays public
    anonymous = await blocking(served, http)
    with pytest.raises(A2AClientError, match="401"):
        await final_task(anonymous, user_text("Tell me when the iPhone 17 is announced"))
    await anonymous.close()
    raw = await http.post(
        f"{served.url}/a2a", json={"jsonrpc": "2.0", "id": 1, "method": "GetTask"}
    )
    assert raw.status_code == 401
    assert "missing API key" in json.dumps(raw.json())
    keyed = await blocking(served, http, interceptors=[with_key(key)])
    task = await final_task(keyed, user_text("Tell me when the iPhone 17 is announced"))
    await keyed.close()
    assert state(task) == "TASK_STATE_COMPLETED"


async def test_tasks_belong_to_the_owner_of_the_key_that_made_them(
    served: Served, http: httpx.AsyncClient
) -> None:
    async with served.db.transaction() as tx:
        keys = ApiKeyRepository(tx.session)
        _, alice = await keys.create("alice", now=served.world_clock.now())
        _, bob = await keys.create("bob", now=served.world_clock.now())
    as_alice = await blocking(
        served, http, interceptors=[AuthInterceptor(ApiKeyCredentials(alice))]
    )
    task = await final_task(as_alice, user_text("Tell me when the Kestrel 3 ships"))
    assert (await as_alice.get_task(GetTaskRequest(id=task.id))).id == task.id
    await as_alice.close()
    as_bob = await blocking(served, http, interceptors=[with_key(bob)])
    with pytest.raises(TaskNotFoundError):
        await as_bob.get_task(GetTaskRequest(id=task.id))
    await as_bob.close()
    # The monitor the task made is Alice's too: Bob's requests do not see it.
    async with served.db.transaction() as tx:
        [made] = await tx.monitors.find()
    assert made.owner == "alice"
    async with served.db.transaction(owner="bob") as tx:
        assert await tx.monitors.find() == []


async def test_protocol_0_3_method_names_are_served_too(
    served: Served, http: httpx.AsyncClient
) -> None:
    message = {
        "role": "user",
        "messageId": "m-03",
        "parts": [{"kind": "text", "text": "Tell me when the Kestrel 4 ships"}],
    }
    body = {"jsonrpc": "2.0", "id": 3, "method": "message/send", "params": {"message": message}}
    result = (await http.post(f"{served.url}/a2a", json=body)).json()["result"]
    assert (result["kind"], result["status"]["state"]) == ("task", "completed")
    assert result["artifacts"][0]["name"] == "monitor"


async def test_message_stream_of_protocol_0_3_streams_server_sent_events(
    served: Served, http: httpx.AsyncClient
) -> None:
    message = {
        "role": "user",
        "messageId": "m-stream",
        "parts": [{"kind": "text", "text": "Tell me when the Kestrel 5 ships"}],
    }
    body = {"jsonrpc": "2.0", "id": 5, "method": "message/stream", "params": {"message": message}}
    async with http.stream("POST", f"{served.url}/a2a", json=body) as response:
        assert response.headers["content-type"].startswith("text/event-stream")
        events = [
            json.loads(line.removeprefix("data:"))["result"]
            async for line in response.aiter_lines()
            if line.startswith("data:")
        ]
    states = [e["status"]["state"] for e in events if e.get("kind") == "status-update"]
    assert states[0] == "working"
    assert states[-1] == "completed"
    assert any(e.get("kind") == "artifact-update" for e in events)
