"""The chat skill: one assistant turn over A2A, on a scripted model, for the caller's owner.
Status and reasoning stream as ``working`` updates, the answer as chunks of the ``answer``
artifact, then suggestions and the signed receipt; the task completes with the answer."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
from a2a.client import Client, ClientConfig, create_client
from a2a.helpers import get_data_parts, get_message_text, new_data_part, new_text_message
from a2a.types.a2a_pb2 import Message, Role, SendMessageRequest, StreamResponse, TaskState

from sentinel.assistant.chat.deps import ChatDeps
from sentinel.llm import ScriptedModel, ScriptedRequest
from sentinel.owners import LOCAL_OWNER
from sentinel.protocols.a2a.server import create_a2a_app
from sentinel.storage import Database
from tests.loopback import running

pytestmark = pytest.mark.network
REPLY = "Anything else?"
ANSWER = f"I added the task “Call Ana”.\n\n{REPLY}"  # what was done (the code says), the reply


def scripted(request: ScriptedRequest) -> Any:
    """Each structured step by the structure it asks for; plain text is the answer."""
    name = request.output.__name__ if request.output else None
    return {
        "Decision": {
            "persona": "MENTOR",
            "confidence": 0.8,
            "reasoning": "a plan",
            "actions": [{"action": "CREATE_TASK", "parameters": {"title": "Call Ana"}}],
            "suggestions": ["Shall I remind you tomorrow?"],
        },
    }.get(name, REPLY)


@pytest.fixture
async def chat_client(db: Database, http: httpx.AsyncClient) -> AsyncIterator[Client]:
    """A streaming client of an agent whose assistant thinks with ``scripted``."""
    deps = ChatDeps.open(db, model=ScriptedModel(scripted), embedder=None)
    async with running(create_a2a_app(db, chat_deps=deps)) as url:
        client = await create_client(url, ClientConfig(httpx_client=http, streaming=True))
        try:
            yield client
        finally:
            await client.close()


async def test_a_chat_turn_streams_and_acts_for_the_local_owner(
    chat_client: Client, db: Database
) -> None:
    message = new_text_message("Add a task to call Ana", role=Role.ROLE_USER)
    message.metadata.update({"skill": "chat"})
    events = [e async for e in chat_client.send_message(SendMessageRequest(message=message))]
    updates = [e.status_update.status for e in events if e.HasField("status_update")]
    lines = [
        get_message_text(u.message) for u in updates if u.state == TaskState.TASK_STATE_WORKING
    ]
    assert any(line.startswith("status: ") for line in lines), lines
    assert any(line.startswith("reasoning: ") for line in lines), lines
    artifacts = [e.artifact_update for e in events if e.HasField("artifact_update")]
    chunks = [a for a in artifacts if a.artifact.name == "answer"]
    assert "".join(c.artifact.parts[0].text for c in chunks) == ANSWER
    assert [c.append for c in chunks] == [False] + [True] * (len(chunks) - 1)
    [suggestions] = [
        get_data_parts(a.artifact.parts)[0] for a in artifacts if a.artifact.name == "suggestions"
    ]
    assert suggestions == {"suggestions": ["Shall I remind you tomorrow?"]}
    [receipt] = [
        get_data_parts(a.artifact.parts)[0] for a in artifacts if a.artifact.name == "receipt"
    ]
    assert receipt["seq"] == 1
    assert updates[-1].state == TaskState.TASK_STATE_COMPLETED
    assert get_message_text(updates[-1].message) == ANSWER
    async with db.transaction() as tx:
        tasks = await tx.tasks.list(LOCAL_OWNER)
    assert [task.title for task in tasks] == ["Call Ana"]


async def test_a_chat_request_body_that_is_invalid_fails_the_task_naming_the_problem(
    chat_client: Client,
) -> None:
    body = {"messages": [{"role": "robot", "content": "hi"}]}
    message = Message(role=Role.ROLE_USER, message_id="chat-1", parts=[new_data_part(body)])
    events: list[StreamResponse] = [
        e async for e in chat_client.send_message(SendMessageRequest(message=message))
    ]
    last = events[-1].status_update.status
    assert last.state == TaskState.TASK_STATE_FAILED
    assert "messages.0.role" in get_message_text(last.message)
