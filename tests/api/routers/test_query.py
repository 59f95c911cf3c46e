"""``POST /api/v1/query``: read-only SQL answers rows; writes and secrets are refused."""

from __future__ import annotations

import httpx

from tests.api.helpers import create, problem


async def test_a_select_returns_columns_and_rows(client: httpx.AsyncClient) -> None:
    await create(client, name="iphone")
    response = await client.post(
        "/api/v1/query", json={"sql": "SELECT id, name, state FROM monitors"}
    )
    assert response.status_code == 200, response.text
    assert response.json() == {
        "columns": ["id", "name", "state"],
        "rows": [[1, "iphone", "active"]],
    }


async def test_writes_are_refused_as_forbidden(client: httpx.AsyncClient) -> None:
    await create(client)
    for sql in ("DELETE FROM monitors", "UPDATE monitors SET name = 'x'", "DROP TABLE runs"):
        body = problem(await client.post("/api/v1/query", json={"sql": sql}), 403)
        assert body["errors"][0]["field"] == "sql"
    listed = await client.post("/api/v1/query", json={"sql": "SELECT count(*) FROM monitors"})
    assert listed.json()["rows"] == [[1]]


async def test_a_broken_statement_is_invalid_input(client: httpx.AsyncClient) -> None:
    problem(await client.post("/api/v1/query", json={"sql": "SELEC nothing"}), 422)


async def test_the_limit_is_bounded(client: httpx.AsyncClient) -> None:
    body = problem(await client.post("/api/v1/query", json={"sql": "SELECT 1", "limit": 0}), 422)
    assert body["errors"][0]["field"] == "body.limit"


async def test_api_keys_cannot_be_read(client: httpx.AsyncClient) -> None:
    for sql in ("SELECT key_hash FROM api_keys", 'SELECT * FROM "API_KEYS"'):
        body = problem(await client.post("/api/v1/query", json={"sql": sql}), 403)
        assert "api_keys" in body["detail"]
