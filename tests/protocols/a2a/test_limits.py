"""Issue 34 over A2A: a timezone that broke ZoneInfo answered -32603 with the server's file
system path and the whole value (about 200 KB for a 200k-character value); a huge monitor
spec came back whole in the error; a push that could not be delivered logged a traceback.
Now a bad value fails the task naming the field, an answer echoes at most 200 characters of
any value, a bug says nothing of the server's internals, and a failed push logs one line."""

from __future__ import annotations

import json
import logging
from typing import Any

import httpx
import pytest

from sentinel.protocols.a2a import executor
from sentinel.protocols.a2a.push import SDK_SENDER_LOGGER
from sentinel.protocols.a2a.server import INTERNAL_MESSAGE
from sentinel.storage import Database
from sentinel.web.outbound import resolving_with
from tests.echo import MAX_ECHO, distinct_text, longest_echo
from tests.protocols.a2a.world import Served, serve_sentinel

pytestmark = pytest.mark.network
HUGE = distinct_text(200_000)
QUERY = "Tell me when the Kestrel 2 ships"


async def rpc(served: Served, http: httpx.AsyncClient, method: str, params: Any) -> httpx.Response:
    return await http.post(
        f"{served.url}/a2a",
        headers={"A2A-Version": "1.0"},
        json={"jsonrpc": "2.0", "id": 1, "method": method, "params": params},
    )


def monitor_message(spec: dict[str, Any]) -> dict[str, Any]:
    return {
        "message": {
            "role": "ROLE_USER",
            "messageId": "m-1",
            "parts": [{"data": spec}],
            "metadata": {"skill": "monitor"},
        },
        "configuration": {"returnImmediately": False},
    }


def failure_text(answer: dict[str, Any]) -> str:
    """What the failed task says (its status message); the task's history holds the
    caller's own message, as A2A has it, and is not an answer to check."""
    status = answer["result"]["task"]["status"]
    assert status["state"] == "TASK_STATE_FAILED", status
    return json.dumps(status["message"], ensure_ascii=False)


@pytest.mark.parametrize("zone", ["Z" * 256, "Z" * 200_000])
async def test_a_timezone_that_breaks_zoneinfo_fails_the_task_naming_the_field(
    served: Served, http: httpx.AsyncClient, zone: str
) -> None:
    response = await rpc(
        served, http, "SendMessage", monitor_message({"query": QUERY, "timezone": zone})
    )

    text = failure_text(response.json())
    assert "timezone" in text
    assert len(text) < 8192
    assert "/usr/share" not in response.text
    assert "zoneinfo" not in response.text.lower()
    assert longest_echo(zone, text) <= MAX_ECHO


@pytest.mark.parametrize(
    "spec",
    [{"query": QUERY, "governor": "rules", "rules": HUGE}, {"query": QUERY, HUGE: 1}],
    ids=["rules", "unknown field"],
)
async def test_a_huge_monitor_spec_is_echoed_at_most_200_characters(
    served: Served, http: httpx.AsyncClient, spec: dict[str, Any]
) -> None:
    response = await rpc(served, http, "SendMessage", monitor_message(spec))

    text = failure_text(response.json())
    assert "monitor" in text
    assert longest_echo(HUGE, text) <= MAX_ECHO
    assert len(text) < 8192


async def test_a_protocol_error_echoes_at_most_200_characters(
    served: Served, http: httpx.AsyncClient
) -> None:
    response = await rpc(served, http, "GetTask", {"id": "t", HUGE: 1})

    assert "error" in response.json()
    assert longest_echo(HUGE, response.text) <= MAX_ECHO


async def test_a_bug_fails_the_task_without_the_servers_internals(
    served: Served, http: httpx.AsyncClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise OSError(36, "File name too long", "/usr/share/zoneinfo/" + "Z" * 300)

    monkeypatch.setattr(executor, "monitor_spec", broken)
    response = await rpc(served, http, "SendMessage", monitor_message({"query": QUERY}))

    assert executor.INTERNAL_FAILURE in failure_text(response.json())
    assert "/usr/share" not in response.text


def test_an_internal_error_answer_has_a_fixed_message() -> None:
    from starlette.responses import JSONResponse

    from sentinel.protocols.a2a.server import _without_internals

    sdk = JSONResponse(
        {"jsonrpc": "2.0", "id": 3, "error": {"code": -32603, "message": "[Errno 36] /usr/x"}}
    )
    answer = _without_internals(sdk, {})
    assert b"/usr/x" not in bytes(answer.body)
    assert INTERNAL_MESSAGE.encode() in bytes(answer.body)


@pytest.mark.usefixtures("strict_outbound")
async def test_a_push_refused_at_delivery_logs_one_line(
    db: Database, http: httpx.AsyncClient, caplog: pytest.LogCaptureFixture
) -> None:
    # Public when registered, loopback when pushed to (DNS changed since): refused, logged.
    answers = iter([["93.184.215.14"]])

    async def rebinding(host: str) -> list[str]:
        return next(answers, ["127.0.0.1"])

    caplog.set_level(logging.INFO, logger=SDK_SENDER_LOGGER)
    params = monitor_message({"query": "Tell me when X 9 ships"})
    params["configuration"]["taskPushNotificationConfig"] = {"url": "http://hooks.example:9/p"}
    with resolving_with(rebinding):
        async with serve_sentinel(db, engine=False) as served:
            await rpc(served, http, "SendMessage", params)
    pushed = [
        r for r in caplog.records if r.name == SDK_SENDER_LOGGER and r.levelno >= logging.WARNING
    ]
    assert pushed, "no push was attempted"
    for record in pushed:
        assert record.exc_info is None
        assert "\n" not in record.getMessage()
    assert any("refused at delivery: loopback address" in r.getMessage() for r in pushed)
