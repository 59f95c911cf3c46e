"""Request limits (issue 24's probes): bodies capped before parsing, 422s that name the field
without echoing the input, lone surrogates and NULs refused with 422, /query text capped."""

from __future__ import annotations

from collections.abc import AsyncIterator

import httpx
import pytest
from fastapi import FastAPI

from sentinel.api import create_app
from sentinel.api.limits import DEFAULT_MAX_BODY_BYTES, mark_jsonrpc
from sentinel.api.routers.query import MAX_SQL_CHARS
from sentinel.clock import VirtualClock
from sentinel.storage import Database
from tests.api.conftest import START
from tests.api.helpers import SPEC, problem
from tests.asgi import asgi_client

JSON = {"content-type": "application/json"}


def raw(text: str) -> bytes:
    """JSON text as sent on the wire (escapes such as ``\\ud800`` kept as written)."""
    return text.encode()


async def test_a_body_past_the_limit_is_refused_with_413_before_it_is_read(
    client: httpx.AsyncClient,
) -> None:
    huge = {**SPEC, "criteria": "x" * (DEFAULT_MAX_BODY_BYTES + 1)}

    response = await client.post("/api/v1/monitors", json=huge)

    body = problem(response, 413)
    assert "SENTINEL_API_MAX_BODY_BYTES" in body["detail"]
    assert len(response.content) < 1000
    assert (await client.get("/api/v1/monitors")).json()["items"] == []


async def test_a_chunked_body_is_cut_off_at_the_limit(client: httpx.AsyncClient) -> None:
    async def chunks() -> AsyncIterator[bytes]:
        for _ in range(64):
            yield b" " * 65536  # 4 MiB in all, without a Content-Length

    response = await client.post("/api/v1/monitors", content=chunks(), headers=JSON)

    problem(response, 413)


@pytest.fixture
def small_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SENTINEL_API_MAX_BODY_BYTES", "4096")


@pytest.mark.usefixtures("small_limit")
async def test_the_limit_is_a_setting(api_db: Database) -> None:
    app: FastAPI = create_app(api_db, clock=VirtualClock(START), rate_per_minute=10_000)
    async with asgi_client(app) as client:
        refused = await client.post("/api/v1/monitors", json={**SPEC, "name": "n" * 5000})
        accepted = await client.post("/api/v1/monitors", json=SPEC)

    problem(refused, 413)
    assert accepted.status_code == 201, accepted.text


async def test_a_long_invalid_value_is_named_not_echoed(client: httpx.AsyncClient) -> None:
    response = await client.post("/api/v1/monitors", json={**SPEC, "criteria": "y" * 900_000})

    body = problem(response, 422)
    assert len(response.content) < 2000, "the 422 does not echo 900 KB"
    assert [error["field"] for error in body["errors"]] == ["criteria"]
    assert "the limit is 2000" in body["detail"]


@pytest.mark.parametrize(
    ("document", "field", "problem_text"),
    [
        ('{"query": "When \\ud800 ships"}', "body.query", "lone surrogate (\\ud800)"),
        ('{"query": "ok", "criteria": "\\udfff"}', "body.criteria", "lone surrogate"),
        ('{"query": "a\\u0000b"}', "body.query", "NUL character"),
        ('{"query": "q", "channels": ["https://e.example/\\u0000"]}', "body.channels.0", "NUL"),
    ],
)
async def test_unstorable_text_is_refused_with_422_naming_the_field(
    client: httpx.AsyncClient, document: str, field: str, problem_text: str
) -> None:
    response = await client.post("/api/v1/monitors", content=raw(document), headers=JSON)

    body = problem(response, 422)
    assert body["errors"] == [{"field": field, "message": body["errors"][0]["message"]}]
    assert problem_text in body["errors"][0]["message"]
    assert (await client.get("/api/v1/monitors")).json()["items"] == []


async def test_a_surrogate_pair_is_a_character_and_is_accepted(client: httpx.AsyncClient) -> None:
    document = '{"query": "When does \\ud83d\\ude80 launch?", "criteria": "it launches"}'

    response = await client.post("/api/v1/monitors", content=raw(document), headers=JSON)

    assert response.status_code == 201, response.text
    assert response.json()["original_query"] == "When does \U0001f680 launch?"


async def test_a_nul_in_the_query_string_is_refused(client: httpx.AsyncClient) -> None:
    response = await client.get("/api/v1/monitors", params={"search": "a\x00b"})

    body = problem(response, 422)
    assert body["errors"][0]["field"] == "query.search"


async def test_the_sql_text_of_query_is_capped(client: httpx.AsyncClient) -> None:
    sql = "SELECT 1" + " " * MAX_SQL_CHARS

    response = await client.post("/api/v1/query", json={"sql": sql})

    body = problem(response, 422)
    assert body["errors"][0]["field"] == "body.sql"
    assert f"at most {MAX_SQL_CHARS} characters" in body["detail"]
    assert len(response.content) < 2000


async def test_a_json_rpc_endpoint_refuses_unstorable_text_with_a_json_rpc_error(
    app: FastAPI, client: httpx.AsyncClient
) -> None:
    mark_jsonrpc(app, "/rpc")
    document = '{"jsonrpc": "2.0", "id": 7, "method": "m", "params": {"text": "a\\u0000"}}'

    response = await client.post("/rpc", content=raw(document), headers=JSON)

    assert response.status_code == 200
    assert response.json() == {
        "jsonrpc": "2.0",
        "id": 7,
        "error": {
            "code": -32602,
            "message": "body.params.text: contains a NUL character (\\u0000), which cannot be "
            "stored",
        },
    }
