"""The world's search engine: SearXNG's JSON shape over the pages visible right now."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest

from sentinel.clock import VirtualClock
from sentinel.errors import InvalidInput
from sentinel.sim import World
from sentinel.sim.search import PAGE_SIZE
from tests.sim.conftest import ANNOUNCED, HEATWAVE, KEYNOTE, NEWSROOM

SEARCH = "http://search.sim/search"


async def _search(client: httpx.AsyncClient, q: str, **params: Any) -> dict[str, Any]:
    response = await client.get(SEARCH, params={"q": q, "format": "json", **params})
    assert response.status_code == 200, response.text
    assert response.headers["content-type"] == "application/json"
    body: dict[str, Any] = response.json()
    return body


async def test_json_answer_has_searxngs_shape(
    client: httpx.AsyncClient, clock: VirtualClock
) -> None:
    clock.set(ANNOUNCED)
    body = await _search(client, "Gadget 3 release")
    assert body["query"] == "Gadget 3 release"
    assert body["number_of_results"] == len(body["results"]) > 0
    for key in ("answers", "corrections", "infoboxes", "suggestions", "unresponsive_engines"):
        assert body[key] == []
    first = next(r for r in body["results"] if r["url"] == NEWSROOM)
    assert set(first) >= {"url", "title", "content", "engine", "publishedDate", "score"}
    assert first["engine"] == "sim"
    assert first["engines"] == ["sim"]
    assert first["parsed_url"][:3] == ["http", "www.gizmo.example", "/newsroom/gadget-3"]
    assert first["positions"] == [body["results"].index(first) + 1]
    assert first["publishedDate"] == "2025-09-09T17:00:00Z"
    assert "Gadget 3" in first["content"]
    assert first["title"] == "Gizmo announces Gadget 3, available September 19 | Gizmo"


async def test_official_and_news_pages_both_show_up(
    client: httpx.AsyncClient, clock: VirtualClock
) -> None:
    clock.set(ANNOUNCED)
    urls = [r["url"] for r in (await _search(client, "Gizmo Gadget 3 keynote"))["results"]]
    assert NEWSROOM in urls
    assert KEYNOTE in urls
    scores = [r["score"] for r in (await _search(client, "Gizmo Gadget 3 keynote"))["results"]]
    assert scores == sorted(scores, reverse=True)


async def test_pages_appear_only_after_their_first_entry(
    client: httpx.AsyncClient, clock: VirtualClock
) -> None:
    appears = datetime(2025, 8, 20, 12, tzinfo=UTC)
    clock.set(appears - timedelta(seconds=1))
    assert KEYNOTE not in [r["url"] for r in (await _search(client, "keynote"))["results"]]
    clock.set(appears)
    assert KEYNOTE in [r["url"] for r in (await _search(client, "keynote"))["results"]]


async def test_results_follow_the_version_in_effect(
    client: httpx.AsyncClient, clock: VirtualClock
) -> None:
    assert (await _search(client, "pre-orders"))["results"] == []
    clock.set(ANNOUNCED)
    assert [r["url"] for r in (await _search(client, "pre-orders"))["results"]] == [NEWSROOM]


@pytest.mark.parametrize(
    ("time_range", "expected"),
    [
        ("day", {NEWSROOM}),
        ("week", {NEWSROOM}),
        ("month", {NEWSROOM, KEYNOTE}),
        ("year", {NEWSROOM, KEYNOTE, HEATWAVE}),
        (None, {NEWSROOM, KEYNOTE, HEATWAVE}),
    ],
)
async def test_time_range_keeps_pages_dated_within_it(
    client: httpx.AsyncClient, clock: VirtualClock, time_range: str | None, expected: set[str]
) -> None:
    clock.set(ANNOUNCED + timedelta(hours=2))
    params = {"time_range": time_range} if time_range else {}
    body = await _search(client, "Gadget heatwave temperatures", **params)
    assert {r["url"] for r in body["results"]} == expected


async def test_unknown_time_range_and_bad_pageno_are_400(client: httpx.AsyncClient) -> None:
    bad = await client.get(SEARCH, params={"q": "x", "format": "json", "time_range": "decade"})
    assert bad.status_code == 400
    assert "time_range" in bad.text
    for pageno in ("0", "two"):
        params = {"q": "x", "format": "json", "pageno": pageno}
        assert (await client.get(SEARCH, params=params)).status_code == 400


async def test_missing_query_is_400_and_unknown_format_403(client: httpx.AsyncClient) -> None:
    assert (await client.get(SEARCH, params={"format": "json"})).status_code == 400
    assert (await client.get(SEARCH, params={"q": "x", "format": "rss"})).status_code == 403


async def test_html_format_is_a_results_page_for_people(
    client: httpx.AsyncClient, clock: VirtualClock
) -> None:
    clock.set(ANNOUNCED)
    response = await client.get(SEARCH, params={"q": "Gadget"})
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert NEWSROOM in response.text
    assert (await client.get("http://search.sim/")).status_code == 200


async def test_post_form_searches_like_get(client: httpx.AsyncClient, clock: VirtualClock) -> None:
    clock.set(ANNOUNCED)
    response = await client.post(SEARCH, data={"q": "pre-orders", "format": "json"})
    assert [r["url"] for r in response.json()["results"]] == [NEWSROOM]


def test_pages_of_results_do_not_overlap(world: World, clock: VirtualClock) -> None:
    clock.set(ANNOUNCED)
    everything = world.search.search("the")
    assert everything.number_of_results <= PAGE_SIZE
    assert world.search.search("the", pageno=2).results == []
    with pytest.raises(InvalidInput):
        world.search.search("the", pageno=0)


def test_index_is_rebuilt_only_when_time_crosses_a_boundary(
    world: World, clock: VirtualClock
) -> None:
    search = world.search
    search.search("Gadget")
    search.search("Gadget")
    clock.advance(timedelta(hours=1))  # no page changes before Aug 5
    search.search("Gadget")
    assert search.reindex_count == 1
    clock.set(datetime(2025, 8, 5, 8, tzinfo=UTC))  # the heatwave story appears
    assert [r["url"] for r in search.search("heatwave").results] == [HEATWAVE]
    assert search.reindex_count == 2


async def test_search_engine_has_robots_and_health(client: httpx.AsyncClient) -> None:
    assert "Disallow: /search" in (await client.get("http://search.sim/robots.txt")).text
    assert (await client.get("http://search.sim/healthz")).text == "OK"
