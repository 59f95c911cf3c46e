"""The chat page and its stream: the page under the UI's session, CSP and CSRF rules; the
stream is the real turn (scripted model) as the owner of the session."""

from __future__ import annotations

import re

import httpx
import pytest
from fastapi import FastAPI

from sentinel.api import create_app
from sentinel.clock import VirtualClock
from sentinel.receipts import ReceiptLedger
from sentinel.storage import Database
from sentinel.storage.api_keys import ApiKeyRepository
from tests.api.conftest import START
from tests.api.helpers import problem
from tests.api.sse import answer, datas, names, parse_frames
from tests.api.ui.helpers import csrf, post_form
from tests.assistant.chat.conftest import Script, decision

STREAM = "/chat/stream"


def say(text: str) -> dict[str, object]:
    return {"messages": [{"role": "user", "content": text}]}


@pytest.fixture
def script() -> Script:
    return Script(
        decisions=[decision(("CREATE_MEMORY", {"text": "Ana: Porto"}), ("DONE", {}))],
        texts=["Noted: Ana lives in Porto."],
    )


@pytest.fixture
def app(api_db: Database, clock: VirtualClock, script: Script) -> FastAPI:
    """The app with its chat on the scripted model."""
    return create_app(api_db, clock=clock, rate_per_minute=10_000, chat_model=script.model)


async def test_the_page_loads_its_script_from_this_server_and_links_in_the_nav(
    client: httpx.AsyncClient,
) -> None:
    page = await client.get("/chat")
    assert page.status_code == 200
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert '<script src="/static/chat.js" defer></script>' in page.text
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", page.text), "an inline script"
    assert '<a href="/chat" aria-current="page">Chat</a>' in page.text
    assert 'data-stream="/chat/stream"' in page.text
    assert "as <strong>local</strong> · model scripted" in page.text
    script = await client.get("/static/chat.js")
    assert script.status_code == 200
    assert "innerHTML" not in script.text  # model text is only ever set as text
    assert '<a href="/chat">Chat</a>' in (await client.get("/memories")).text


async def test_the_stream_runs_a_turn_for_the_pages_session(client: httpx.AsyncClient) -> None:
    token = await csrf(client, "/chat")
    response = await client.post(
        STREAM, json=say("Ana lives in Porto"), headers={"X-CSRF-Token": token}
    )
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("text/event-stream")
    events = parse_frames(response.text)
    assert names(events)[-1] == "done"
    assert answer(events) == (
        "I saved this to your memories: “Ana: Porto”\n\nNoted: Ana lives in Porto."
    )
    assert datas(events, "receipt")[0]["seq"] == 1
    # What the chat remembered is on the memories page at once.
    assert "Ana: Porto" in (await client.get("/memories")).text


async def test_the_stream_refuses_a_request_without_the_sessions_token(
    client: httpx.AsyncClient, script: Script
) -> None:
    problem(await client.post(STREAM, json=say("hi")), 403)  # no session at all
    token = await csrf(client, "/chat")
    problem(await client.post(STREAM, json=say("hi")), 403)  # no token
    problem(await client.post(STREAM, json=say("hi"), headers={"X-CSRF-Token": "forged"}), 403)
    other_site = {"X-CSRF-Token": token, "Origin": "https://evil.example"}
    refused = problem(await client.post(STREAM, json=say("hi"), headers=other_site), 403)
    assert "evil.example" in refused["detail"]
    assert script.model.calls == []


async def test_a_bad_conversation_is_a_problem_naming_the_field(
    client: httpx.AsyncClient,
) -> None:
    token = {"X-CSRF-Token": await csrf(client, "/chat")}
    bad = problem(await client.post(STREAM, json={"messages": []}, headers=token), 422)
    assert bad["errors"][0]["field"] == "messages"
    empty = {"messages": [{"role": "user", "content": "  "}]}
    found = problem(await client.post(STREAM, json=empty, headers=token), 422)
    assert "no user message found" in found["detail"].lower()
    broken = await client.post(STREAM, content=b"{not json", headers=token)
    problem(broken, 422)


async def test_with_keys_the_page_needs_a_sign_in_and_chats_as_the_keys_owner(
    client: httpx.AsyncClient, api_db: Database
) -> None:
    async with api_db.transaction() as tx:
        _, token = await ApiKeyRepository(tx.session).create("bob-phone", now=START, owner="bob")
    assert (await client.get("/chat")).headers["location"] == "/login?next=/chat"
    login = await client.get("/login")
    page_token = re.search(r'name="csrf_token" value="([^"]+)"', login.text)
    assert page_token is not None
    refused = problem(
        await client.post(STREAM, json=say("hi"), headers={"X-CSRF-Token": page_token[1]}), 401
    )
    assert "sign in" in refused["detail"]

    await post_form(client, "/login", {"key": token, "next": "/chat"})
    page = await client.get("/chat")
    assert "as <strong>bob</strong>" in page.text
    headers = {"X-CSRF-Token": await csrf(client, "/chat")}
    events = parse_frames((await client.post(STREAM, json=say("hi"), headers=headers)).text)
    assert names(events)[-1] == "done"
    assert [r.owner for r in await ReceiptLedger(api_db).list("bob")] == ["bob"]
    assert await ReceiptLedger(api_db).list("local") == []
