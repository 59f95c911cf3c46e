"""robots.txt rules and their per-origin cache (RFC 9309 status handling, TTLs, one fetch)."""

from __future__ import annotations

import asyncio

import pytest

from sentinel.web.errors import FetchError
from sentinel.web.robots import MAX_CRAWL_DELAY, RobotsCache, RobotsRules, origin_of, robots_url
from tests.web.loopback import FakeClock

UA = "SentinelBot/0.1 (+https://github.com/sentinel)"


class FakeSite:
    def __init__(self, *answers: tuple[int, str] | FetchError) -> None:
        self.answers = list(answers)
        self.requests: list[str] = []

    async def __call__(self, url: str) -> tuple[int, str]:
        self.requests.append(url)
        await asyncio.sleep(0)
        answer = self.answers.pop(0) if len(self.answers) > 1 else self.answers[0]
        if isinstance(answer, FetchError):
            raise answer
        return answer


def test_rules_follow_user_agent_groups_and_paths() -> None:
    rules = RobotsRules.parse(
        "User-agent: SentinelBot\nDisallow: /drafts\n\nUser-agent: *\nDisallow: /\n", "r"
    )
    assert rules.allowed("http://a.example/news", UA)
    assert not rules.allowed("http://a.example/drafts/1", UA)
    assert not rules.allowed("http://a.example/news", "OtherBot")


def test_crawl_delay_is_read_and_capped() -> None:
    assert RobotsRules.parse("User-agent: *\nCrawl-delay: 5\n", "r").crawl_delay(UA) == 5
    huge = RobotsRules.parse("User-agent: *\nCrawl-delay: 86400\n", "r")
    assert huge.crawl_delay(UA) == MAX_CRAWL_DELAY
    assert RobotsRules.allow_all("r").crawl_delay(UA) is None


def test_the_sitemaps_a_robots_txt_lists_are_read_once_each_in_file_order() -> None:
    rules = RobotsRules.parse(
        "Sitemap: https://a.example/s1.xml\nUser-agent: *\nAllow: /\n"
        "Sitemap: https://a.example/s2.xml\nSitemap: https://a.example/s1.xml\n",
        "r",
    )
    assert rules.sitemaps() == ["https://a.example/s1.xml", "https://a.example/s2.xml"]
    assert RobotsRules.parse("User-agent: *\nAllow: /\n", "r").sitemaps() == []
    assert RobotsRules.allow_all("r").sitemaps() == []


def test_origin_and_robots_location() -> None:
    assert origin_of("HTTPS://Shop.Example/a?b") == "https://shop.example:443"
    assert origin_of("http://shop.example:8080/x") == "http://shop.example:8080"
    assert robots_url("http://shop.example:8080/a/b?c=d") == "http://shop.example:8080/robots.txt"


@pytest.mark.parametrize(
    ("answer", "allowed"),
    [
        ((200, "User-agent: *\nDisallow: /x\n"), True),
        ((404, "not found"), True),
        ((401, ""), True),
        ((403, ""), True),
        ((500, ""), False),
        ((503, ""), False),
        (FetchError("u", "timeout", "slow", retryable=True), False),
        (FetchError("u", "network", "refused", retryable=True), False),
        (FetchError("u", "blocked", "redirected inside"), True),
        (FetchError("u", "unsupported_type", "image"), True),
    ],
)
async def test_status_and_failure_handling(answer: object, allowed: bool) -> None:
    cache = RobotsCache(FakeSite(answer))  # type: ignore[arg-type]
    assert await cache.allowed("http://site.example/page", UA) is allowed


async def test_rules_are_cached_per_origin_until_they_expire(clock: FakeClock) -> None:
    site = FakeSite((200, "User-agent: *\nDisallow: /private\n"))
    cache = RobotsCache(site, ttl=100, clock=clock)
    await cache.allowed("http://a.example/1", UA)
    await cache.allowed("http://a.example/2", UA)
    await cache.allowed("http://b.example/1", UA)
    assert site.requests == ["http://a.example/robots.txt", "http://b.example/robots.txt"]
    clock.now += 101
    await cache.allowed("http://a.example/3", UA)
    assert len(site.requests) == 3


async def test_server_errors_are_remembered_only_briefly(clock: FakeClock) -> None:
    site = FakeSite((503, ""), (200, ""))
    cache = RobotsCache(site, ttl=3600, error_ttl=60, clock=clock)
    assert not await cache.allowed("http://a.example/", UA)
    clock.now += 61
    assert await cache.allowed("http://a.example/", UA)


async def test_concurrent_lookups_fetch_robots_once() -> None:
    site = FakeSite((200, ""))
    cache = RobotsCache(site)
    await asyncio.gather(*(cache.allowed(f"http://a.example/{i}", UA) for i in range(5)))
    assert site.requests == ["http://a.example/robots.txt"]


async def test_the_cache_is_bounded() -> None:
    site = FakeSite((200, ""))
    cache = RobotsCache(site, max_origins=2)
    for host in ("a", "b", "c", "a"):
        await cache.allowed(f"http://{host}.example/", UA)
    assert [u.split("//")[1].split(".")[0] for u in site.requests] == ["a", "b", "c", "a"]
