"""Every error is RFC 9457 problem details: unknown routes, wrong methods, bad parameters."""

from __future__ import annotations

import httpx

from tests.api.helpers import problem


async def test_an_unknown_route_is_a_404_problem(client: httpx.AsyncClient) -> None:
    problem(await client.get("/api/v1/nothing"), 404)


async def test_a_wrong_method_is_a_405_problem(client: httpx.AsyncClient) -> None:
    problem(await client.put("/api/v1/monitors"), 405)


async def test_a_bad_parameter_names_field_and_value(client: httpx.AsyncClient) -> None:
    body = problem(await client.get("/api/v1/monitors", params={"limit": "lots"}), 422)
    assert body["errors"][0]["field"] == "query.limit"
    assert body["errors"][0]["value"] == "lots"
    assert body["type"] == "/problems/invalid-input"


async def test_a_missing_monitor_is_a_404_naming_it(client: httpx.AsyncClient) -> None:
    body = problem(await client.get("/api/v1/monitors/41"), 404)
    assert "41" in body["detail"]


async def test_the_openapi_schema_is_published(client: httpx.AsyncClient) -> None:
    schema = (await client.get("/api/v1/openapi.json")).json()
    assert "/api/v1/monitors/{monitor_id}/states/diff" in schema["paths"]
    assert "/api/v1/query" in schema["paths"]


async def test_a_405_lists_every_method_of_the_path(client: httpx.AsyncClient) -> None:
    response = await client.put("/api/v1/monitors/1")
    problem(response, 405)
    assert response.headers["allow"] == "DELETE, GET, PATCH"
