"""The console for people: the world index, browsing sites without a proxy, moving time."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import httpx
import pytest

from sentinel.clock import SystemClock, VirtualClock
from sentinel.sim import Scenario, World
from sentinel.sim.console import parse_step
from tests.sim.conftest import ANNOUNCED, START

CONSOLE = "http://127.0.0.1"


async def test_index_lists_scenarios_sites_and_pages_at_the_current_time(
    client: httpx.AsyncClient, clock: VirtualClock
) -> None:
    clock.set(datetime(2025, 8, 10, 3, tzinfo=UTC))
    html = (await client.get(f"{CONSOLE}/__world/")).text
    assert "Virtual time: <strong>2025-08-10 03:00 UTC</strong>" in html
    assert "gadget-launch" in html
    assert 'href="/__site/www.gizmo.example/newsroom/gadget-3"' in html
    assert "down: 503 until 2025-08-10 06:00 UTC" in html
    assert "appears 2025-08-20 12:00 UTC" in html  # the keynote story does not exist yet
    assert "version 1/3" in html


async def test_site_pages_are_browsable_with_links_kept_inside_the_console(
    client: httpx.AsyncClient, clock: VirtualClock
) -> None:
    clock.set(ANNOUNCED)
    html = (await client.get(f"{CONSOLE}/__site/techwire.example/")).text
    assert 'href="/__site/techwire.example/2025/09/gizmo-gadget-3-keynote"' in html
    assert 'href="/2025' not in html
    article = await client.get(f"{CONSOLE}/__site/techwire.example/2025/09/gizmo-gadget-3-keynote")
    assert article.status_code == 200
    assert "invitations for a keynote" in article.text


async def test_search_through_the_console_links_to_console_pages(
    client: httpx.AsyncClient, clock: VirtualClock
) -> None:
    clock.set(ANNOUNCED)
    html = (await client.get(f"{CONSOLE}/__site/search.sim/search", params={"q": "Gadget"})).text
    assert 'href="/__site/www.gizmo.example/newsroom/gadget-3"' in html
    assert 'action="/__site/search.sim/search"' in html


async def test_console_errors_are_explained(client: httpx.AsyncClient) -> None:
    usage = await client.get(f"{CONSOLE}/__site/")
    assert usage.status_code == 404
    assert "usage: /__site/&lt;host&gt;/&lt;path&gt;" in usage.text
    assert (await client.get(f"{CONSOLE}/elsewhere")).status_code == 404
    assert (await client.get(f"{CONSOLE}/__site/nowhere.example/")).status_code == 404


async def test_advance_moves_a_virtual_clock(
    client: httpx.AsyncClient, clock: VirtualClock
) -> None:
    response = await client.get(f"{CONSOLE}/__world/advance", params={"by": "1d"})
    assert response.status_code == 303
    assert clock.now() == START + timedelta(days=1)
    await client.get(f"{CONSOLE}/__world/advance", params={"to": "next"})
    assert clock.now() == datetime(2025, 8, 5, 8, tzinfo=UTC)  # the heatwave story appears
    bad = await client.get(f"{CONSOLE}/__world/advance", params={"by": "soon"})
    assert bad.status_code == 400


async def test_advance_refuses_the_real_clock(scenario: Scenario) -> None:
    world = World.from_scenario(scenario, SystemClock())
    async with httpx.AsyncClient(transport=world.transport()) as client:
        response = await client.get(f"{CONSOLE}/__world/advance", params={"by": "1h"})
    assert response.status_code == 409


@pytest.mark.parametrize(
    ("text", "delta"),
    [("30m", timedelta(minutes=30)), ("6h", timedelta(hours=6)), ("2w", timedelta(weeks=2))],
)
def test_parse_step(text: str, delta: timedelta) -> None:
    assert parse_step(text) == delta


def test_parse_step_rejects_other_text() -> None:
    with pytest.raises(ValueError, match="m\\|h\\|d\\|w"):
        parse_step("tomorrow")
