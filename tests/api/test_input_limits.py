"""Issue 34, causes 3 and 4 and two smaller findings, over HTTP: a value that breaks a library
is a 422 naming the field, never a 500; an error echoes at most 200 characters of any value,
however large; a channel URL has a length limit; bytes that are not UTF-8 are refused naming
their parameter, on the API and in the web UI's forms, instead of being stored as U+FFFD."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from sentinel.storage import Database
from tests.api.helpers import SPEC, problem
from tests.api.ui.helpers import csrf, field_problems, post_form
from tests.echo import MAX_ECHO, distinct_text, longest_echo

HUGE = distinct_text(200_000)
MAX_ERROR_BYTES = 8192


def small_and_quiet(response: httpx.Response, *sent: str) -> None:
    """The answer is small and echoes at most 200 characters of each value sent."""
    assert len(response.content) <= MAX_ERROR_BYTES, len(response.content)
    for value in sent:
        assert longest_echo(value, response.text) <= MAX_ECHO


@pytest.mark.parametrize("zone", ["Z" * 256, "Z" * 200_000, "Europe/" + "x" * 300, "../../etc"])
async def test_a_timezone_that_breaks_zoneinfo_is_a_422_naming_the_field(
    client: httpx.AsyncClient, zone: str
) -> None:
    response = await client.post("/api/v1/monitors", json=SPEC | {"timezone": zone})

    body = problem(response, 422)
    assert [error["field"] for error in body["errors"]] == ["timezone"]
    assert "/usr/share" not in response.text
    assert "zoneinfo" not in response.text.lower()
    small_and_quiet(response, zone)


async def test_the_web_form_shows_the_timezone_problem_next_to_it(
    client: httpx.AsyncClient, api_db: Database
) -> None:
    shown = await post_form(
        client, "/monitors/new", {"query": "Tell me when X ships", "timezone": "Z" * 256}
    )
    assert shown.status_code == 422
    assert "the limit is 64" in " ".join(field_problems(shown.text)["timezone"])
    async with api_db.transaction() as tx:
        assert await tx.monitors.find() == []


@pytest.mark.parametrize(
    "body",
    [
        SPEC | {"governor": "rules", "rules": HUGE, "criteria": "c"},
        SPEC | {HUGE: 1},
        SPEC | {"fields": [HUGE]},
        SPEC | {"criteria": HUGE},
        SPEC | {"name": HUGE, "query": HUGE},
        SPEC | {"channels": [HUGE]},
        SPEC | {"min_interval": HUGE},
        SPEC | {"urls": [f"https://example.com/{HUGE}"]},
        SPEC | {"channels": [1] * 50_000},
    ],
    ids=["rules", "unknown field", "fields", "criteria", "name", "channel", "interval", "url", "n"],
)
async def test_a_422_echoes_at_most_200_characters_whatever_was_sent(
    client: httpx.AsyncClient, body: dict[str, Any]
) -> None:
    response = await client.post("/api/v1/monitors", json=body)

    problem(response, 422)
    small_and_quiet(response, HUGE)
    patched = await client.patch("/api/v1/monitors/1", json=body)
    assert patched.status_code in (404, 422)
    small_and_quiet(patched, HUGE)


async def test_a_channel_url_has_a_length_limit(client: httpx.AsyncClient) -> None:
    url = "https://hooks.example.com/" + "a" * 2001
    response = await client.post("/api/v1/monitors", json=SPEC | {"channels": [url]})

    body = problem(response, 422)
    assert "the limit is 2000" in body["detail"]
    assert (await client.get("/api/v1/monitors")).json()["items"] == []


async def test_bytes_that_are_not_utf8_in_the_query_string_name_the_parameter(
    client: httpx.AsyncClient,
) -> None:
    response = await client.get("/api/v1/memories?tag=a%FF%FEb")

    body = problem(response, 422)
    assert [error["field"] for error in body["errors"]] == ["query.tag"]
    assert "\ufffd" not in response.text


async def test_a_bad_tag_is_refused_by_the_request_model_naming_it(
    client: httpx.AsyncClient,
) -> None:
    listed = await client.get("/api/v1/memories", params={"tag": "two words"})
    assert [e["field"] for e in problem(listed, 422)["errors"]] == ["query.tag"]
    created = await client.post("/api/v1/memories", json={"text": "t", "tags": ["ok", "a b"]})
    assert [e["field"] for e in problem(created, 422)["errors"]] == ["body.tags.1"]


async def test_a_form_with_bytes_that_are_not_utf8_is_refused_and_stores_nothing(
    client: httpx.AsyncClient, api_db: Database
) -> None:
    token = await csrf(client, "/memories")
    response = await client.post(
        "/memories",
        content=f"csrf_token={token}&text=Ana%20lives%20in%20%FF%FEPorto&tags=".encode(),
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )

    body = problem(response, 422)
    assert [error["field"] for error in body["errors"]] == ["body.text"]
    async with api_db.transaction() as tx:
        assert await tx.memories.list("local", limit=10) == []
