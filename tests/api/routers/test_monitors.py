"""``/api/v1/monitors``: the same validation as ``sentinel watch add``, pagination by
offset with a ``next`` link, partial updates with an immutable query, the state machine."""

from __future__ import annotations

import httpx
import pytest

from tests.api.helpers import SPEC, create, problem


async def test_create_stores_a_validated_monitor_due_now(client: httpx.AsyncClient) -> None:
    body = await create(client, name="iphone", min_interval="1 hour")
    assert body["name"] == "iphone"
    assert body["state"] == "active"
    assert body["min_interval_s"] == 3600
    assert body["channels"][0]["url"] == "https://example.com/hook"
    assert body["next_run_at"] == "2026-11-22T09:00:00Z"
    fetched = await client.get(f"/api/v1/monitors/{body['id']}")
    secret = body.pop("signing_secret")
    assert fetched.json() == body, "a read never carries the secret"
    assert len(secret) == 64


async def test_create_without_criteria_reads_the_query_as_criteria(
    client: httpx.AsyncClient,
) -> None:
    query = "Tell me when the iPhone 17 is announced"
    response = await client.post("/api/v1/monitors", json={"query": query})
    assert response.status_code == 201, response.text
    assert response.json()["action_criteria"] == query
    ruled = await client.post(
        "/api/v1/monitors", json={"query": "price", "governor": "rules", "rules": "price < 9"}
    )
    assert ruled.status_code == 201, ruled.text
    assert (ruled.json()["governor_kind"], ruled.json()["action_criteria"]) == (
        "rules",
        "price < 9",
    )


async def test_create_still_refuses_empty_criteria_or_a_query_that_is_not_text(
    client: httpx.AsyncClient,
) -> None:
    empty = problem(await client.post("/api/v1/monitors", json={"query": "q", "criteria": ""}), 422)
    assert "criteria must say when" in empty["detail"]
    body = problem(await client.post("/api/v1/monitors", json={"query": 5}), 422)
    assert [error["field"] for error in body["errors"]] == ["query"]
    assert (await client.get("/api/v1/monitors")).json()["items"] == []


async def test_the_owner_reads_and_rotates_the_signing_secret(client: httpx.AsyncClient) -> None:
    created = await create(client)
    url = f"/api/v1/monitors/{created['id']}/secret"
    read = await client.get(url)
    assert read.status_code == 200, read.text
    assert read.json() == {"monitor_id": created["id"], "signing_secret": created["signing_secret"]}
    rotated = await client.post(f"{url}/rotate")
    assert rotated.status_code == 200, rotated.text
    new = rotated.json()["signing_secret"]
    assert len(new) == 64
    assert new != created["signing_secret"]
    assert (await client.get(url)).json()["signing_secret"] == new
    listed = (await client.get("/api/v1/monitors")).text
    assert new not in listed
    assert created["signing_secret"] not in listed


async def test_the_secret_of_an_unknown_monitor_is_a_404(client: httpx.AsyncClient) -> None:
    assert "999" in problem(await client.get("/api/v1/monitors/999/secret"), 404)["detail"]
    problem(await client.post("/api/v1/monitors/999/secret/rotate"), 404)
    problem(await client.get("/api/v1/monitors/0/secret"), 422)


async def test_a_deleted_monitors_id_is_not_reused(client: httpx.AsyncClient) -> None:
    await create(client, name="a")
    newest = await create(client, name="b")
    await client.delete(f"/api/v1/monitors/{newest['id']}")
    assert (await create(client, name="c"))["id"] > newest["id"]


async def test_an_invalid_spec_is_a_problem_naming_field_and_value(
    client: httpx.AsyncClient,
) -> None:
    response = await client.post("/api/v1/monitors", json=SPEC | {"timezone": "Mars/Base"})
    body = problem(response, 422)
    assert body["errors"] == [
        {
            "field": "timezone",
            "value": "Mars/Base",
            "message": "is not an IANA time zone such as 'Europe/Paris'",
        }
    ]
    listed = await client.get("/api/v1/monitors")
    assert listed.json()["items"] == []


async def test_a_bad_channel_is_refused_like_the_cli_refuses_it(
    client: httpx.AsyncClient,
) -> None:
    response = await client.post("/api/v1/monitors", json=SPEC | {"channels": ["ftp://x"]})
    body = problem(response, 422)
    assert "ftp://x" in body["detail"]


@pytest.mark.usefixtures("strict_outbound")
@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("http://127.0.0.1:18801/internal-admin", "loopback address"),
        ("http://169.254.169.254/latest/meta-data/", "link-local address"),
        ("http://[::1]/hook", "loopback address"),
        ("http://0x7f000001/hook", "loopback address"),
        ("http://localhost/hook", "loopback name"),
        ("http://10.0.0.8/hook", "private network address"),
    ],
)
async def test_a_webhook_to_an_internal_address_is_refused_with_the_reason(
    client: httpx.AsyncClient, url: str, reason: str
) -> None:
    response = await client.post("/api/v1/monitors", json=SPEC | {"channels": [url]})

    body = problem(response, 422)
    assert url in body["detail"]
    assert reason in body["detail"]
    assert (await client.get("/api/v1/monitors")).json()["items"] == []
    created = await create(client)
    patched = await client.patch(f"/api/v1/monitors/{created['id']}", json={"channels": [url]})
    assert reason in problem(patched, 422)["detail"]


async def test_listing_pages_by_key_with_a_next_link(client: httpx.AsyncClient) -> None:
    for n in range(3):
        await create(client, name=f"m{n}")
    first = (await client.get("/api/v1/monitors", params={"limit": 2})).json()
    assert [m["name"] for m in first["items"]] == ["m0", "m1"]
    assert f"after={first['items'][-1]['id']}" in first["next"]
    second = (await client.get(first["next"])).json()
    assert [m["name"] for m in second["items"]] == ["m2"]
    assert second["next"] is None
    whole = await client.get("/api/v1/monitors", params={"limit": 1000})
    assert len(whole.json()["items"]) == 3
    problem(await client.get("/api/v1/monitors", params={"limit": 1001}), 422)


async def test_an_offset_still_pages_by_offset(client: httpx.AsyncClient) -> None:
    for n in range(3):
        await create(client, name=f"m{n}")
    first = (await client.get("/api/v1/monitors", params={"limit": 2, "offset": 1})).json()
    assert [m["name"] for m in first["items"]] == ["m1", "m2"]
    assert first["next"] is None
    start = (await client.get("/api/v1/monitors", params={"limit": 1, "offset": 0})).json()
    assert "offset=1" in start["next"]


async def test_listing_filters_by_state(client: httpx.AsyncClient) -> None:
    a = await create(client, name="a")
    await create(client, name="b")
    await client.post(f"/api/v1/monitors/{a['id']}/pause")
    paused = (await client.get("/api/v1/monitors", params={"state": "paused"})).json()
    assert [m["name"] for m in paused["items"]] == ["a"]


async def test_patch_changes_mutable_fields_and_keeps_the_rest(client: httpx.AsyncClient) -> None:
    created = await create(client, name="iphone")
    response = await client.patch(
        f"/api/v1/monitors/{created['id']}",
        json={"criteria": "when it ships", "max_interval": "2 days", "notify": "always"},
    )
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["action_criteria"] == "when it ships"
    assert body["max_interval_s"] == 2 * 86400
    assert body["notify_behavior"] == "always"
    assert body["channels"] == created["channels"]
    assert body["name"] == "iphone"


async def test_patch_refuses_to_change_the_original_query(client: httpx.AsyncClient) -> None:
    created = await create(client)
    response = await client.patch(
        f"/api/v1/monitors/{created['id']}", json={"query": "something else"}
    )
    body = problem(response, 422)
    assert body["errors"][0]["field"] == "query"
    assert body["errors"][0]["value"] == "something else"
    unchanged = (await client.get(f"/api/v1/monitors/{created['id']}")).json()
    assert unchanged["original_query"] == SPEC["query"]


async def test_patch_validates_the_merged_definition(client: httpx.AsyncClient) -> None:
    created = await create(client)
    response = await client.patch(
        f"/api/v1/monitors/{created['id']}", json={"min_interval": "40 days"}
    )
    body = problem(response, 422)
    assert "min_interval" in body["detail"]


async def test_pause_resume_and_a_forbidden_transition(client: httpx.AsyncClient) -> None:
    created = await create(client)
    url = f"/api/v1/monitors/{created['id']}"
    paused = await client.post(f"{url}/pause")
    assert paused.json()["state"] == "paused"
    problem(await client.post(f"{url}/pause"), 409)
    problem(await client.post(f"{url}/run-now"), 422)
    resumed = await client.post(f"{url}/resume")
    assert resumed.json()["state"] == "active"


async def test_run_now_makes_the_monitor_due(client: httpx.AsyncClient) -> None:
    created = await create(client)
    response = await client.post(f"/api/v1/monitors/{created['id']}/run-now")
    assert response.status_code == 200, response.text
    assert response.json()["next_run_at"] == "2026-11-22T09:00:00Z"


async def test_fork_copies_the_definition_into_a_new_active_monitor(
    client: httpx.AsyncClient,
) -> None:
    created = await create(client, name="iphone", rules=None)
    await client.post(f"/api/v1/monitors/{created['id']}/pause")
    first = await client.post(f"/api/v1/monitors/{created['id']}/fork")
    assert first.status_code == 201, first.text
    fork = first.json()
    assert fork["id"] != created["id"]
    assert fork["name"] == "iphone (fork)"
    assert fork["state"] == "active"
    assert len(fork["signing_secret"]) == 64
    assert fork["signing_secret"] != created["signing_secret"], "a fork has its own secret"
    for field in ("original_query", "action_criteria", "channels", "max_interval_s"):
        assert fork[field] == created[field]
    second = await client.post(f"/api/v1/monitors/{created['id']}/fork")
    assert second.json()["name"] == f"iphone (fork of #{created['id']})"
    named = await client.post(f"/api/v1/monitors/{created['id']}/fork", params={"name": "x"})
    assert named.json()["name"] == "x"


async def test_delete_removes_the_monitor(client: httpx.AsyncClient) -> None:
    created = await create(client)
    response = await client.delete(f"/api/v1/monitors/{created['id']}")
    assert response.status_code == 204
    problem(await client.get(f"/api/v1/monitors/{created['id']}"), 404)
    problem(await client.delete(f"/api/v1/monitors/{created['id']}"), 404)


async def test_a_duplicate_name_is_refused(client: httpx.AsyncClient) -> None:
    await create(client, name="same")
    response = await client.post("/api/v1/monitors", json=SPEC | {"name": "same"})
    assert problem(response, 422)["errors"][0]["field"] == "name"


async def test_unnamed_monitors_whose_queries_begin_alike_get_numbered_names(
    client: httpx.AsyncClient,
) -> None:
    stem = "Tell me when the price of the Kestrel 4 espresso machine drops below"
    first = await create(client, query=f"{stem} 300 euros")
    second = await create(client, query=f"{stem} 250 euros")
    third = await create(client, query=f"{stem} 200 euros")
    assert first["name"].endswith("…")
    assert second["name"] == f"{first['name']} (2)"
    assert third["name"] == f"{first['name']} (3)"
    # A name the caller chose is still refused when taken, never renamed.
    chosen = await client.post("/api/v1/monitors", json=SPEC | {"name": first["name"]})
    assert chosen.status_code == 422


async def test_a_created_monitor_carries_the_contract_its_sentence_compiles_to(
    client: httpx.AsyncClient,
) -> None:
    query = "Tell me when the Sonora QC Ultra drops below $300 at Voltmart"
    created = await client.post("/api/v1/monitors", json={"query": query})
    assert created.status_code == 201, created.text
    contract = created.json()["contract"]
    assert contract["condition"] == 'price < 300.0 && currency == "USD"'
    assert contract["subject"] == {"name": "Sonora QC Ultra", "site": "Voltmart"}
    forked = await client.post(f"/api/v1/monitors/{created.json()['id']}/fork")
    assert forked.json()["contract"] == contract
    plain = await client.post("/api/v1/monitors", json={"query": "Tell me who wins the Open"})
    assert plain.json()["contract"] is None
