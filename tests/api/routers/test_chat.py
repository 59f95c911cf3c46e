"""``POST /api/v1/chat/agentic/stream``: the real turn (scripted model) as server-sent events,
over ASGI and over a real uvicorn on 127.0.0.1; per owner; a disconnect stops the turn."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx
import pytest
from fastapi import FastAPI

from sentinel.api import create_app
from sentinel.api.chat_stream import framed
from sentinel.assistant.chat.events import ChatEvent
from sentinel.clock import VirtualClock
from sentinel.llm import ScriptedRequest
from sentinel.receipts import ReceiptLedger
from sentinel.storage import Database
from tests.api.helpers import problem
from tests.api.routers.test_assistant_data import key_for
from tests.api.sse import answer, datas, names, parse_frames
from tests.asgi import asgi_client
from tests.assistant.chat.conftest import DECISION, Script, decision
from tests.loopback import running

URL = "/api/v1/chat/agentic/stream"
# A bound, not a threshold: the first turn loads the embedding model on a busy machine.
LONG_WAIT = 120.0


def say(text: str, **options: Any) -> dict[str, Any]:
    """A request body with one user message."""
    return {"messages": [{"role": "user", "content": text}], **options}


def plan(*actions: tuple[str, dict[str, Any]], **options: Any) -> dict[str, Any]:
    """A scripted decision with these actions."""
    return decision(*actions, **options)


def chat_app(db: Database, clock: VirtualClock, script: Script) -> FastAPI:
    return create_app(db, clock=clock, rate_per_minute=10_000, chat_model=script.model)


@asynccontextmanager
async def asgi(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    async with asgi_client(app) as client:
        yield client


async def test_a_turn_streams_the_seed_events_ending_with_done(
    api_db: Database, clock: VirtualClock
) -> None:
    script = Script(
        decisions=[
            plan(
                ("CREATE_MEMORY", {"text": "Ana lives in Porto", "tags": ["family"]}),
                suggestions=["Shall I remind you of her birthday?"],
            )
        ],
        texts=["I will remember that Ana lives in Porto."],
    )
    async with asgi(chat_app(api_db, clock, script)) as client:
        response = await client.post(URL, json=say("Ana lives in Porto, by the way"))
        assert response.status_code == 200, response.text
        assert response.headers["content-type"].startswith("text/event-stream")
        events = parse_frames(response.text)

        assert names(events)[0] == "status"
        assert names(events)[-1] == "done"
        assert set(names(events)) == {
            "status",
            "reasoning",
            "content",
            "suggestions",
            "receipt",
            "done",
        }
        [done] = datas(events, "done")
        assert done["iterations"] == 1
        assert isinstance(done["duration_ms"], int)
        assert done["duration_ms"] >= 0
        persona = datas(events, "reasoning")[0]
        assert persona["persona"] == "MENTOR"
        assert persona["confidence"] == 0.8
        [action] = [a for d in datas(events, "reasoning") for a in d["actions"] or []]
        assert action["action"] == "CREATE_MEMORY"
        assert action["ok"] is True
        assert answer(events) == (
            "I saved this to your memories: “Ana lives in Porto”\n\n"
            "I will remember that Ana lives in Porto."
        )
        assert datas(events, "suggestions") == [
            {"suggestions": ["Shall I remind you of her birthday?"]}
        ]
        [receipt] = datas(events, "receipt")
        assert receipt["seq"] == 1
        assert len(receipt["hash"]) == 64
        # The memory the chat made is the API's at once (one memory service per app).
        listed = (await client.get("/api/v1/memories")).json()["items"]
        assert [m["text"] for m in listed] == ["Ana lives in Porto"]
        receipts = (await client.get("/api/v1/receipts")).json()["items"]
        assert [(r["seq"], r["hash"]) for r in receipts] == [(1, receipt["hash"])]


async def test_status_and_reasoning_are_left_out_when_not_asked_for(
    api_db: Database, clock: VirtualClock
) -> None:
    async with asgi(chat_app(api_db, clock, Script())) as client:
        response = await client.post(
            URL, json=say("hello", stream_status=False, include_reasoning=False)
        )
    events = parse_frames(response.text)
    kinds = [name for i, name in enumerate(names(events)) if names(events)[i - 1 : i] != [name]]
    assert kinds == ["content", "suggestions", "receipt", "done"]
    assert answer(events) == "Here is what I found."


async def test_sequential_and_max_iterations_reach_the_turn(
    api_db: Database, clock: VirtualClock
) -> None:
    # The model always wants more: the request's cap of 2 stops it.
    script = Script(decisions=[plan(("LIST_TASKS", {}), ("NEED_MORE", {}))] * 3)
    async with asgi(chat_app(api_db, clock, script)) as client:
        response = await client.post(
            URL, json=say("what are my tasks?", max_iterations=2, parallel_actions=False)
        )
    events = parse_frames(response.text)
    assert datas(events, "done")[0]["iterations"] == 2
    assert len(script.calls_for(DECISION)) == 2


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"messages": "hello"}, "body.messages"),
        ({"messages": []}, "body.messages"),
        ({"messages": [{"role": "robot", "content": "hi"}]}, "body.messages.0.role"),
        (say("hi", max_iterations=4), "body.max_iterations"),
        (say("hi", temperature=2), "body.temperature"),
        ({}, "body.messages"),
    ],
)
async def test_a_bad_body_is_a_problem_naming_the_field(
    api_db: Database, clock: VirtualClock, body: dict[str, Any], field: str
) -> None:
    script = Script()
    async with asgi(chat_app(api_db, clock, script)) as client:
        found = problem(await client.post(URL, json=body), 422)
    assert field in [e["field"] for e in found["errors"]], found
    assert script.model.calls == []


async def test_no_user_message_is_the_seeds_problem(api_db: Database, clock: VirtualClock) -> None:
    messages = [{"role": "assistant", "content": "Hello!"}, {"role": "user", "content": " "}]
    body = {"messages": messages}
    async with asgi(chat_app(api_db, clock, Script())) as client:
        found = problem(await client.post(URL, json=body), 422)
    assert "no user message found" in found["detail"].lower()
    assert found["errors"][0]["field"] == "body.messages"


async def test_an_unconfigured_model_is_a_configuration_problem_not_a_broken_stream(
    api_db: Database, clock: VirtualClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SENTINEL_LLM_ASSISTANT", "nonsense")
    app = create_app(api_db, clock=clock, rate_per_minute=10_000)
    async with asgi(app) as client:
        found = problem(await client.post(URL, json=say("hi")), 503)
    assert "SENTINEL_LLM_ASSISTANT" in found["detail"]


async def test_a_stage_that_crashes_is_an_error_event_and_the_turn_goes_on(
    api_db: Database, clock: VirtualClock
) -> None:
    def crash(_: ScriptedRequest) -> Any:
        raise RuntimeError("the model server vanished")

    script = Script(decisions=[crash])
    async with asgi(chat_app(api_db, clock, script)) as client:
        response = await client.post(URL, json=say("hi"))
    events = parse_frames(response.text)
    [error] = datas(events, "error")
    assert error["stage"] == "react"  # the decision, where the persona is chosen
    assert "the model server vanished" in error["error"]
    assert answer(events) == "Here is what I found."
    assert names(events)[-2:] == ["receipt", "done"]


async def test_a_turn_that_breaks_outside_its_stages_still_ends_the_stream_properly() -> None:
    async def broken() -> AsyncIterator[ChatEvent]:
        yield ChatEvent(
            "status", {"status": "Retrieving relevant memories...", "stage": "memories"}
        )
        yield ChatEvent("reasoning", {"reasoning": "r", "iteration": 2})
        raise RuntimeError("the database went away")

    frames = [frame async for frame in framed(broken())]
    text = b"".join(frame.encode() for frame in frames).decode()
    events = parse_frames(text)
    assert names(events) == ["status", "reasoning", "error", "done"]
    assert datas(events, "error") == [{"error": "the database went away", "stage": "turn"}]
    assert datas(events, "done")[0]["iterations"] == 2


async def test_two_owners_never_see_each_others_memories_or_receipts(
    api_db: Database, clock: VirtualClock
) -> None:
    script = Script(
        decisions=[
            plan(("CREATE_MEMORY", {"text": "Alice's locker code is 4711"})),
            plan(("SEARCH_MEMORIES", {"query": "locker code"})),
        ]
    )
    alice, bob = await key_for(api_db, "alice"), await key_for(api_db, "bob")
    async with asgi(chat_app(api_db, clock, script)) as client:
        problem(await client.post(URL, json=say("hi")), 401)
        told = await client.post(URL, json=say("My locker code is 4711"), headers=alice)
        assert "error" not in names(parse_frames(told.text))
        asked = await client.post(URL, json=say("What is my locker code?"), headers=bob)
        bobs = parse_frames(asked.text)

        [search] = [a for d in datas(bobs, "reasoning") for a in d["actions"] or []]
        assert search["action"] == "SEARCH_MEMORIES"
        assert search["result"]["hits"] == []
        assert datas(bobs, "receipt")[0]["seq"] == 1  # bob's own chain starts at 1
        bob_calls = script.model.calls[len(script.model.calls) // 2 :]
        assert all("4711" not in m.content for call in bob_calls for m in call.messages)
        assert "4711" not in asked.text
        for headers, owner in ((alice, "alice"), (bob, "bob")):
            receipts = (await client.get("/api/v1/receipts", headers=headers)).json()["items"]
            assert [r["seq"] for r in receipts] == [1], owner
        assert (await client.get("/api/v1/memories", headers=bob)).json()["items"] == []
    assert [r.owner for r in await ReceiptLedger(api_db).list("alice")] == ["alice"]


async def test_over_a_real_server_the_events_arrive_as_the_turn_runs(
    api_db: Database, clock: VirtualClock
) -> None:
    release = asyncio.Event()

    async def slow_answer(request: ScriptedRequest) -> str:
        if request.streamed:
            await release.wait()  # the answer waits until the client has seen the status
            return "Porto, as you told me."
        return "The user asks about Ana."

    script = Script(texts=[slow_answer, slow_answer])
    app = chat_app(api_db, clock, script)
    seen: list[str] = []
    async with (
        running(app) as base,
        httpx.AsyncClient(base_url=base, timeout=LONG_WAIT) as client,
        client.stream("POST", URL, json=say("Where does Ana live?")) as response,
    ):
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/event-stream")
        text = ""
        async for chunk in response.aiter_text():
            text += chunk
            if "Writing the answer" in text and not release.is_set():
                seen = names(parse_frames(text[: text.rindex("\n\n") + 2]))
                release.set()
    assert "content" not in seen
    assert seen[-1] == "status"
    events = parse_frames(text)
    assert answer(events) == "Porto, as you told me."
    assert names(events)[-1] == "done"


async def test_closing_the_connection_stops_the_turn(api_db: Database, clock: VirtualClock) -> None:
    started, cancelled = asyncio.Event(), asyncio.Event()

    async def never_chooses(_: ScriptedRequest) -> Any:
        started.set()
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            cancelled.set()
            raise

    script = Script(decisions=[never_chooses])
    app = chat_app(api_db, clock, script)
    async with (
        running(app) as base,
        httpx.AsyncClient(base_url=base, timeout=LONG_WAIT) as client,
    ):
        async with client.stream("POST", URL, json=say("hi")) as response:
            async for chunk in response.aiter_text():
                if "Deciding (round 1)" in chunk:
                    break
        await asyncio.wait_for(started.wait(), timeout=LONG_WAIT)
        # The client is gone: the server cancels the turn where it waits (the model call).
        await asyncio.wait_for(cancelled.wait(), timeout=LONG_WAIT)
    assert await ReceiptLedger(api_db).list("local") == []
