"""API keys: open without keys; once a key exists, missing, invalid or revoked keys are 401
and a valid one (Bearer or X-API-Key) passes."""

from __future__ import annotations

import httpx
import pytest

from sentinel.storage import Database
from sentinel.storage.api_keys import ApiKeyRepository
from tests.api.conftest import START
from tests.api.helpers import problem


async def _key(db: Database, name: str = "test") -> tuple[int, str]:
    async with db.transaction() as tx:
        record, token = await ApiKeyRepository(tx.session).create(name, now=START)
    return record.id, token


async def test_without_keys_the_api_is_open(client: httpx.AsyncClient) -> None:
    assert (await client.get("/api/v1/monitors")).status_code == 200


async def test_once_a_key_exists_a_request_without_one_is_401(
    client: httpx.AsyncClient, api_db: Database
) -> None:
    await _key(api_db)
    response = await client.get("/api/v1/monitors")
    body = problem(response, 401)
    assert "missing API key" in body["detail"]
    assert response.headers["www-authenticate"] == "Bearer"


@pytest.mark.parametrize("header", ["Authorization", "X-API-Key"])
async def test_a_valid_key_passes_in_either_header(
    client: httpx.AsyncClient, api_db: Database, header: str
) -> None:
    _, token = await _key(api_db)
    value = f"Bearer {token}" if header == "Authorization" else token
    assert (await client.get("/api/v1/monitors", headers={header: value})).status_code == 200


async def test_an_invalid_key_is_401(client: httpx.AsyncClient, api_db: Database) -> None:
    _, token = await _key(api_db)
    response = await client.get("/api/v1/monitors", headers={"X-API-Key": token + "x"})
    assert "invalid or revoked" in problem(response, 401)["detail"]


async def test_a_revoked_key_is_401(client: httpx.AsyncClient, api_db: Database) -> None:
    await _key(api_db, "kept")
    key_id, token = await _key(api_db, "revoked")
    async with api_db.transaction() as tx:
        await ApiKeyRepository(tx.session).revoke(key_id, now=START)
    problem(await client.get("/api/v1/monitors", headers={"X-API-Key": token}), 401)


async def test_every_api_route_requires_the_key(
    client: httpx.AsyncClient, api_db: Database
) -> None:
    await _key(api_db)
    for method, path in [
        ("POST", "/api/v1/monitors"),
        ("GET", "/api/v1/monitors/1"),
        ("PATCH", "/api/v1/monitors/1"),
        ("DELETE", "/api/v1/monitors/1"),
        ("POST", "/api/v1/monitors/1/fork"),
        ("GET", "/api/v1/monitors/1/runs"),
        ("GET", "/api/v1/monitors/1/states/diff"),
        ("POST", "/api/v1/query"),
    ]:
        problem(await client.request(method, path), 401)
