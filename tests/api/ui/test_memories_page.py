"""The memories page: lists the owner's memories (escaped), adds, edits and deletes them with
the form's CSRF token, and refuses a post without it."""

from __future__ import annotations

import httpx
import pytest

from sentinel.api.owners import memory_service
from sentinel.storage import Database
from tests.api.ui.helpers import post_form

HOSTILE = '<img src=x onerror="alert(1)">'


async def test_memories_are_added_edited_and_deleted_from_the_page(
    client: httpx.AsyncClient,
) -> None:
    empty = await client.get("/memories")
    assert "No memories yet" in empty.text
    added = await post_form(client, "/memories", {"text": HOSTILE, "tags": "family, porto"})
    assert added.status_code == 303
    assert added.headers["location"] == "/memories?done=added"
    page = await client.get("/memories?done=added")
    assert "Remembered." in page.text
    assert HOSTILE not in page.text
    assert "&lt;img src=x" in page.text
    assert 'href="/memories?tag=porto"' in page.text
    saved = await post_form(
        client,
        "/memories/1/edit",
        {"text": "Ana lives in Porto", "tags": ""},
        token_from="/memories/1/edit",
    )
    assert saved.status_code == 303
    listed = await client.get("/memories")
    assert "Ana lives in Porto" in listed.text
    assert "tag=porto" not in listed.text
    deleted = await post_form(client, "/memories/1/delete", {}, token_from="/memories")
    assert deleted.status_code == 303
    assert "No memories yet" in (await client.get("/memories")).text


async def test_a_post_without_the_csrf_token_changes_nothing(
    client: httpx.AsyncClient, api_db: Database
) -> None:
    await client.get("/memories")
    refused = await client.post("/memories", data={"text": "sneaky"})
    assert refused.status_code == 403
    assert "No memories yet" in (await client.get("/memories")).text


async def test_bad_input_and_unknown_memories_are_error_pages(client: httpx.AsyncClient) -> None:
    bad = await post_form(client, "/memories", {"text": "   ", "tags": ""})
    assert bad.status_code == 422
    assert "a memory needs some text" in bad.text
    assert (await client.get("/memories/99/edit")).status_code == 404
    assert memory_service  # the page and the API share one service (one index) per app


async def test_the_page_searches_with_scores_and_says_when_it_is_bm25_only(
    client: httpx.AsyncClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SENTINEL_ASSISTANT_MEMORY_EMBEDDINGS", "none")
    await post_form(client, "/memories", {"text": "Ana lives in Porto", "tags": ""})
    await post_form(client, "/memories", {"text": "The MOT is due in June", "tags": ""})
    page = await client.get("/memories", params={"q": "Porto"})
    assert "1 memory for “Porto”" in page.text
    assert "Ana lives in Porto" in page.text
    assert "MOT" not in page.text
    assert "BM25 only" in page.text
