"""Fetching through a proxy (``SENTINEL_WEB_PROXY``): names are the proxy's to resolve — a
simulated world's hosts exist only there — while the guard still refuses what the URL itself
shows to be off limits."""

from __future__ import annotations

import re

import pytest

from sentinel.clock import VirtualClock
from sentinel.errors import ConfigError
from sentinel.sim import World, resolve_scenario
from sentinel.web.errors import FetchError
from sentinel.web.fetch import Fetcher
from sentinel.web.settings import configured_fetcher, web_settings

pytestmark = pytest.mark.network


async def test_a_world_served_as_a_proxy_is_fetched_by_name() -> None:
    scenario = resolve_scenario("iphone-release")
    world = World([scenario], VirtualClock(scenario.end))
    async with world.serve() as url:
        async with Fetcher(proxy=url, respect_robots=False) as fetcher:
            page = await fetcher.fetch("http://www.apple.example/newsroom/iphone-17")
            with pytest.raises(FetchError, match="blocked"):
                await fetcher.fetch("http://127.0.0.1:9/private")
        async with Fetcher(respect_robots=False) as direct:
            with pytest.raises(
                FetchError, match=re.escape("cannot resolve host 'www.apple.example'")
            ):
                await direct.fetch("http://www.apple.example/newsroom/iphone-17")
    assert "September 19" in page.text


def test_the_proxy_setting_is_read_and_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SENTINEL_WEB_PROXY", "http://127.0.0.1:8377")
    assert configured_fetcher().proxy == "http://127.0.0.1:8377"
    monkeypatch.setenv("SENTINEL_WEB_PROXY", "127.0.0.1:8377")
    with pytest.raises(
        ConfigError, match=re.escape("SENTINEL_WEB_PROXY='127.0.0.1:8377': must be")
    ):
        web_settings()
    monkeypatch.delenv("SENTINEL_WEB_PROXY")
    assert configured_fetcher().proxy is None
