"""The world over real HTTP on loopback: a web server and a forward proxy for world hosts."""

from __future__ import annotations

import asyncio
import socket
from datetime import timedelta

import httpx
import pytest

from sentinel.clock import VirtualClock
from sentinel.sim import World
from tests.sim.conftest import ANNOUNCED, NEWSROOM, START

pytestmark = pytest.mark.network


async def test_proxy_route_reaches_world_hosts_by_name(world: World, clock: VirtualClock) -> None:
    async with world.serve() as url, httpx.AsyncClient(proxy=url, timeout=5) as client:
        assert url.startswith("http://127.0.0.1:")
        before = await client.get(NEWSROOM)
        clock.set(ANNOUNCED)
        after = await client.get(NEWSROOM)
        search = await client.get(
            f"{world.search_url}/search", params={"q": "pre-orders", "format": "json"}
        )
        unknown = await client.get("http://not-in-the-world.example/")
    assert before.status_code == 200
    assert "available from Friday, September 19" not in before.text
    assert "available from Friday, September 19" in after.text
    assert after.headers["date"] == "Tue, 09 Sep 2025 17:00:00 GMT"
    assert [r["url"] for r in search.json()["results"]] == [NEWSROOM]
    assert unknown.status_code == 404


async def test_absolute_form_request_line_is_routed_by_its_host(world: World) -> None:
    async with world.serve() as url:
        host, port = url.removeprefix("http://").split(":")
        reader, writer = await asyncio.open_connection(host, int(port))
        writer.write(
            b"GET http://techwire.example/robots.txt HTTP/1.1\r\n"
            b"Host: techwire.example\r\nConnection: close\r\n\r\n"
        )
        await writer.drain()
        raw = await reader.read()
        writer.close()
        await writer.wait_closed()
    assert raw.startswith(b"HTTP/1.1 200")
    assert b"Sitemap: http://techwire.example/sitemap.xml" in raw


async def test_console_is_served_directly_on_the_loopback_address(world: World) -> None:
    async with world.serve() as url, httpx.AsyncClient(timeout=5) as client:
        index = await client.get(f"{url}/__world/")
        page = await client.get(f"{url}/__site/www.gizmo.example/newsroom/gadget-3")
        root = await client.get(url, follow_redirects=False)
    assert index.status_code == 200
    assert "gadget-launch" in index.text
    assert page.status_code == 200
    assert "Gadget 3" in page.text
    assert root.status_code == 303
    assert root.headers["location"] == "/__world/"


async def test_timeout_outage_times_out_a_real_client(world: World, clock: VirtualClock) -> None:
    clock.set(START + timedelta(days=10, minutes=30))  # Aug 11 00:30, a timeout outage
    async with world.serve() as url, httpx.AsyncClient(proxy=url, timeout=0.2) as client:
        with pytest.raises(httpx.ReadTimeout):
            await client.get(NEWSROOM)


async def test_serve_releases_its_port(world: World) -> None:
    async with world.serve() as url:
        port = int(url.rsplit(":", 1)[1])
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", port))  # free again
