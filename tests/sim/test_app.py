"""Serving pages over HTTP: versions over time, outages, site furniture, unknown hosts."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

import httpx
import pytest

from sentinel.clock import VirtualClock
from sentinel.sim import World
from tests.sim.conftest import ANNOUNCED, HEATWAVE, KEYNOTE, NEWSROOM, SUPPORT

SECOND = timedelta(seconds=1)


async def test_page_is_404_before_its_first_entry_then_served(
    client: httpx.AsyncClient, clock: VirtualClock
) -> None:
    assert (await client.get(KEYNOTE)).status_code == 404
    clock.set(datetime(2025, 8, 20, 12, tzinfo=UTC))
    response = await client.get(KEYNOTE)
    assert response.status_code == 200
    assert "invitations for a keynote" in response.text


async def test_page_changes_exactly_at_its_entry_time(
    client: httpx.AsyncClient, clock: VirtualClock
) -> None:
    clock.set(ANNOUNCED - SECOND)
    assert "available from Friday, September 19" not in (await client.get(NEWSROOM)).text
    clock.set(ANNOUNCED)
    assert "available from Friday, September 19" in (await client.get(NEWSROOM)).text


async def test_responses_are_dated_in_virtual_time(
    client: httpx.AsyncClient, clock: VirtualClock
) -> None:
    clock.set(ANNOUNCED + timedelta(hours=1))
    response = await client.get(NEWSROOM)
    assert response.headers["date"] == "Tue, 09 Sep 2025 18:00:00 GMT"
    assert response.headers["content-type"] == "text/html; charset=utf-8"


async def test_static_pages_answer_conditional_requests(
    client: httpx.AsyncClient, clock: VirtualClock
) -> None:
    response = await client.get(SUPPORT)
    assert response.headers["last-modified"] == "Tue, 01 Jul 2025 00:00:00 GMT"
    since = {"if-modified-since": response.headers["last-modified"]}
    unchanged = await client.get(SUPPORT, headers=since)
    assert unchanged.status_code == 304
    assert unchanged.content == b""
    older = {"if-modified-since": "Mon, 30 Jun 2025 00:00:00 GMT"}
    assert (await client.get(SUPPORT, headers=older)).status_code == 200


async def test_static_pages_answer_if_none_match_with_their_entity_tag(
    client: httpx.AsyncClient, clock: VirtualClock
) -> None:
    response = await client.get(SUPPORT)
    etag = response.headers["etag"]
    assert etag.startswith('"')
    assert etag.endswith('"')
    unchanged = await client.get(SUPPORT, headers={"if-none-match": etag})
    assert unchanged.status_code == 304
    assert unchanged.headers["etag"] == etag
    assert unchanged.content == b""
    assert (
        await client.get(SUPPORT, headers={"if-none-match": f'"x", W/{etag}'})
    ).status_code == 304
    assert (await client.get(SUPPORT, headers={"if-none-match": "*"})).status_code == 304
    # If-None-Match decides when both are sent (RFC 9110): a stale tag gets the full page.
    both = {"if-none-match": '"stale"', "if-modified-since": response.headers["last-modified"]}
    full = await client.get(SUPPORT, headers=both)
    assert full.status_code == 200
    assert full.content == response.content


async def test_pages_with_dynamic_noise_are_never_conditional(client: httpx.AsyncClient) -> None:
    response = await client.get(NEWSROOM)
    assert "last-modified" not in response.headers
    assert "etag" not in response.headers
    since = {"if-modified-since": "Wed, 01 Oct 2025 00:00:00 GMT"}
    assert (await client.get(NEWSROOM, headers=since)).status_code == 200


async def test_service_unavailable_outage_with_retry_after(
    client: httpx.AsyncClient, clock: VirtualClock
) -> None:
    clock.set(datetime(2025, 8, 10, 3, tzinfo=UTC))
    response = await client.get(NEWSROOM)
    assert response.status_code == 503
    assert response.headers["retry-after"] == "3600"
    clock.set(datetime(2025, 8, 10, 6, tzinfo=UTC))  # 'to' is exclusive
    assert (await client.get(NEWSROOM)).status_code == 200


@pytest.mark.parametrize(("hour", "status"), [(1, 500), (2, 200)])
async def test_server_error_outage(
    client: httpx.AsyncClient, clock: VirtualClock, hour: int, status: int
) -> None:
    clock.set(datetime(2025, 8, 12, hour, tzinfo=UTC))
    assert (await client.get(SUPPORT)).status_code == status


async def test_not_found_outage_hides_an_existing_page(
    client: httpx.AsyncClient, clock: VirtualClock
) -> None:
    clock.set(datetime(2025, 8, 13, 1, tzinfo=UTC))
    assert (await client.get(SUPPORT)).status_code == 404


async def test_timeout_outage_holds_the_response_past_the_client_timeout(
    client: httpx.AsyncClient, clock: VirtualClock
) -> None:
    clock.set(datetime(2025, 8, 11, 0, 30, tzinfo=UTC))
    with pytest.raises(httpx.ReadTimeout):
        await client.get(NEWSROOM, timeout=0.1)


async def test_timeout_outage_answers_504_to_a_patient_client(
    client: httpx.AsyncClient, clock: VirtualClock
) -> None:
    clock.set(datetime(2025, 8, 11, 0, 30, tzinfo=UTC))
    started = time.monotonic()
    response = await client.get(NEWSROOM, timeout=5)
    assert response.status_code == 504
    assert time.monotonic() - started >= 0.5  # the world's timeout_hold


async def test_slow_page_is_delayed_in_real_time(client: httpx.AsyncClient) -> None:
    started = time.monotonic()
    assert (await client.get(SUPPORT)).status_code == 200
    assert time.monotonic() - started >= 0.05
    with pytest.raises(httpx.ReadTimeout):
        await client.get(SUPPORT, timeout=0.01)


async def test_every_site_allows_robots_and_lists_its_pages(
    client: httpx.AsyncClient, clock: VirtualClock
) -> None:
    robots = await client.get("http://techwire.example/robots.txt")
    assert robots.status_code == 200
    assert "User-agent: *\nAllow: /" in robots.text
    clock.set(datetime(2025, 8, 6, tzinfo=UTC))
    sitemap = await client.get("http://techwire.example/sitemap.xml")
    assert HEATWAVE in sitemap.text
    assert KEYNOTE not in sitemap.text


async def test_front_page_lists_visible_pages_newest_first(
    client: httpx.AsyncClient, clock: VirtualClock
) -> None:
    clock.set(ANNOUNCED)
    response = await client.get("http://techwire.example/")
    assert response.status_code == 200
    text = response.text
    assert text.index("Gizmo sets Gadget 3 keynote") < text.index("Heatwave pushes")


async def test_unknown_path_and_unknown_host_are_404_with_a_clear_message(
    client: httpx.AsyncClient,
) -> None:
    assert (await client.get("http://techwire.example/no-such-page")).status_code == 404
    response = await client.get("http://elsewhere.example/")
    assert response.status_code == 404
    assert "no host &#x27;elsewhere.example&#x27; in this simulated world" in response.text


async def test_head_has_headers_but_no_body(client: httpx.AsyncClient) -> None:
    response = await client.head(NEWSROOM)
    assert response.status_code == 200
    assert response.content == b""
    assert int(response.headers["content-length"]) > 1000


async def test_sites_refuse_posts_and_other_methods(client: httpx.AsyncClient) -> None:
    assert (await client.post(NEWSROOM, data={"a": "b"})).status_code == 405
    assert (await client.delete(NEWSROOM)).status_code == 405


async def test_host_header_routes_when_the_target_is_origin_form(world: World) -> None:
    transport = httpx.ASGITransport(app=world.asgi_app)
    async with httpx.AsyncClient(transport=transport) as plain:
        response = await plain.get(
            "http://127.0.0.1/newsroom/gadget-3", headers={"host": "www.gizmo.example:80"}
        )
    assert response.status_code == 200
    assert "Gadget 3" in response.text
