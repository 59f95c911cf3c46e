"""The in-process transport: routes by host into the world, honours timeouts, and lets an
auto-advancing clock replay months of polling in moments."""

from __future__ import annotations

import asyncio
import time
from datetime import UTC, datetime, timedelta

import httpx
import pytest

from sentinel.clock import VirtualClock
from sentinel.sim import Scenario, World
from tests.sim.conftest import ANNOUNCED, NEWSROOM, START


async def test_without_a_read_timeout_a_held_response_ends_in_504(
    world: World, clock: VirtualClock
) -> None:
    clock.set(datetime(2025, 8, 11, 0, 30, tzinfo=UTC))
    async with httpx.AsyncClient(transport=world.transport(), timeout=None) as client:
        started = time.monotonic()
        response = await client.get(NEWSROOM)
    assert response.status_code == 504
    assert time.monotonic() - started >= world.timeout_hold


async def test_read_timeout_raises_like_a_network_timeout(
    world: World, clock: VirtualClock
) -> None:
    clock.set(datetime(2025, 8, 11, 0, 30, tzinfo=UTC))
    async with httpx.AsyncClient(transport=world.transport(), timeout=0.05) as client:
        with pytest.raises(httpx.ReadTimeout, match="did not answer"):
            await client.get(NEWSROOM)


async def test_https_urls_reach_the_same_pages(world: World) -> None:
    async with httpx.AsyncClient(transport=world.transport()) as client:
        response = await client.get(NEWSROOM.replace("http://", "https://"))
    assert response.status_code == 200


async def test_polling_on_an_auto_advancing_clock_sees_the_change_at_the_next_poll(
    scenario: Scenario,
) -> None:
    clock = VirtualClock(START, auto_advance=True)
    world = World.from_scenario(scenario, clock, seed=1, timeout_hold=0.2)
    seen: list[datetime] = []
    failed: list[datetime] = []

    async def poll_every_six_hours() -> None:
        async with httpx.AsyncClient(transport=world.transport(), timeout=0.05) as client:
            while True:
                try:
                    response = await client.get(NEWSROOM)
                except httpx.TimeoutException:
                    failed.append(clock.now())
                    await clock.sleep(6 * 3600)
                    continue
                if response.status_code != 200:
                    failed.append(clock.now())
                elif "available from Friday, September 19" in response.text:
                    seen.append(clock.now())
                    return
                await clock.sleep(6 * 3600)

    poller = asyncio.create_task(poll_every_six_hours())
    await clock.sleep_until(scenario.end)
    await poller
    # Polls fall at 00:00, 06:00, 12:00, 18:00; the page changed at 17:00 on September 9.
    assert seen == [ANNOUNCED.replace(hour=18)]
    assert clock.now() == scenario.end
    assert seen[0] - ANNOUNCED == timedelta(hours=1)
    # The 503 outage on August 10 (00:00-06:00) and the timeout on August 11 (00:00-01:00).
    assert failed == [datetime(2025, 8, 10, tzinfo=UTC), datetime(2025, 8, 11, tzinfo=UTC)]
