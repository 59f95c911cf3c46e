"""``urls`` and ``fields`` through ``/api/v1/monitors``: created, read, patched and forked like
every other field, refused with the problem naming the bad URL."""

from __future__ import annotations

import httpx

from tests.api.helpers import SPEC, create, problem

PAGE = "https://shop.example/p/sonora"


async def test_create_reads_and_patches_urls_and_fields(client: httpx.AsyncClient) -> None:
    body = await create(
        client,
        query="Tell me when the price on https://shop.example/p/1 drops",
        urls=[PAGE],
        fields=[{"name": "price_usd", "type": "number"}, "in_stock:boolean"],
    )
    assert body["urls"] == [PAGE, "https://shop.example/p/1"]
    assert body["fields"] == [
        {"name": "price_usd", "type": "number"},
        {"name": "in_stock", "type": "boolean"},
    ]
    assert (await client.get(f"/api/v1/monitors/{body['id']}")).json()["urls"] == body["urls"]

    patched = await client.patch(f"/api/v1/monitors/{body['id']}", json={"urls": []})
    assert patched.status_code == 200, patched.text
    assert patched.json()["urls"] == ["https://shop.example/p/1"], "the mission names it"
    assert patched.json()["fields"] == body["fields"]

    fork = await client.post(f"/api/v1/monitors/{body['id']}/fork")
    assert fork.status_code == 201, fork.text
    assert (fork.json()["urls"], fork.json()["fields"]) == (
        ["https://shop.example/p/1"],
        body["fields"],
    )


async def test_a_monitor_without_urls_searches(client: httpx.AsyncClient) -> None:
    body = await create(client)
    assert (body["urls"], body["fields"]) == ([], [])


async def test_a_bad_url_is_a_problem_naming_it(client: httpx.AsyncClient) -> None:
    response = await client.post(
        "/api/v1/monitors", json=SPEC | {"urls": [PAGE, "file:///etc/passwd"]}
    )
    body = problem(response, 422)
    [error] = body["errors"]
    assert error["field"] == "urls"
    assert error["message"] == "'file:///etc/passwd' is not an http:// or https:// URL"
    assert (await client.get("/api/v1/monitors")).json()["items"] == []


async def test_a_bad_field_type_is_a_problem(client: httpx.AsyncClient) -> None:
    response = await client.post(
        "/api/v1/monitors", json=SPEC | {"fields": [{"name": "price", "type": "money"}]}
    )
    body = problem(response, 422)
    assert body["errors"][0]["field"] == "fields.0.type"
