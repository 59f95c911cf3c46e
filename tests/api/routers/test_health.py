"""``/health``: the database answers and the version is shown, without a key."""

from __future__ import annotations

import httpx

from sentinel.storage import Database
from sentinel.storage.api_keys import ApiKeyRepository
from tests.api.conftest import START


async def test_health_reports_the_database_and_version(client: httpx.AsyncClient) -> None:
    response = await client.get("/health")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["database"] == "sqlite"
    assert body["version"]


async def test_health_is_open_even_when_keys_exist(
    client: httpx.AsyncClient, api_db: Database
) -> None:
    async with api_db.transaction() as tx:
        await ApiKeyRepository(tx.session).create("k", now=START)
    assert (await client.get("/health")).status_code == 200
    assert (await client.get("/api/v1/monitors")).status_code == 401
