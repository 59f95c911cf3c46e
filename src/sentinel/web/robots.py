"""robots.txt: fetched once per origin, cached, and read the way RFC 9309 says.

- 2xx: the rules apply (parsed by ``urllib.robotparser``; it matches path prefixes in file
  order and does not understand ``*``/``$`` wildcards — a known simplification);
- 4xx (including 401/403): there are no rules, everything is allowed;
- 5xx, timeouts, network errors: the site may be down, so nothing is allowed for a short while.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from urllib.parse import urlsplit
from urllib.robotparser import RobotFileParser

from sentinel.web.errors import FetchError

RobotsFetch = Callable[[str], Awaitable[tuple[int, str]]]
# A site asking for longer waits than this is served at this pace: one fetch must not stall
# a monitor run for minutes.
MAX_CRAWL_DELAY = 30.0


@dataclass
class RobotsRules:
    """The robots.txt rules of one origin: parsed rules, or a blanket allow or deny."""

    source: str
    parser: RobotFileParser | None = None
    blanket: bool = True

    @classmethod
    def allow_all(cls, source: str) -> RobotsRules:
        """No rules: every path may be fetched."""
        return cls(source, None, True)

    @classmethod
    def disallow_all(cls, source: str) -> RobotsRules:
        """Every path is off limits (robots.txt unreachable)."""
        return cls(source, None, False)

    @classmethod
    def parse(cls, text: str, source: str) -> RobotsRules:
        """Rules from the text of a robots.txt file."""
        parser = RobotFileParser()
        parser.parse(text.splitlines())
        return cls(source, parser)

    def allowed(self, url: str, user_agent: str) -> bool:
        """Whether ``user_agent`` may fetch ``url``."""
        if self.parser is None:
            return self.blanket
        return self.parser.can_fetch(user_agent, url)

    def sitemaps(self) -> list[str]:
        """The sitemaps the file lists (its ``Sitemap:`` lines), in file order."""
        listed = self.parser.site_maps() if self.parser is not None else None
        return list(dict.fromkeys(url.strip() for url in listed or () if url.strip()))

    def crawl_delay(self, user_agent: str) -> float | None:
        """The Crawl-delay for ``user_agent`` in seconds (capped), if the file sets one."""
        delay = self.parser.crawl_delay(user_agent) if self.parser is not None else None
        return None if delay is None else min(float(delay), MAX_CRAWL_DELAY)


def origin_of(url: str) -> str:
    """``scheme://host:port`` of a URL: robots.txt applies per origin."""
    parts = urlsplit(url)
    port = parts.port or (443 if parts.scheme == "https" else 80)
    return f"{parts.scheme}://{(parts.hostname or '').lower()}:{port}"


def robots_url(url: str) -> str:
    """Where the robots.txt governing ``url`` lives."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}/robots.txt"


class RobotsCache:
    """Fetches and caches robots.txt rules per origin (bounded LRU, time-limited entries)."""

    def __init__(
        self,
        fetch: RobotsFetch,
        *,
        ttl: float = 3600.0,
        error_ttl: float = 300.0,
        max_origins: int = 512,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._fetch = fetch
        self._ttl = ttl
        self._error_ttl = error_ttl
        self._max = max_origins
        self._clock = clock
        self._entries: OrderedDict[str, tuple[float, RobotsRules]] = OrderedDict()
        self._locks: dict[str, asyncio.Lock] = {}

    async def rules(self, url: str) -> RobotsRules:
        """The rules for ``url``'s origin, fetching robots.txt when not cached or stale."""
        origin = origin_of(url)
        cached = self._fresh(origin)
        if cached is not None:
            return cached
        lock = self._locks.setdefault(origin, asyncio.Lock())
        async with lock:
            # Another request for this origin may have fetched it while we waited.
            cached = self._fresh(origin)
            if cached is not None:
                return cached
            rules, ttl = await self._load(robots_url(url))
            self._entries[origin] = (self._clock() + ttl, rules)
            self._entries.move_to_end(origin)
            while len(self._entries) > self._max:
                evicted, _ = self._entries.popitem(last=False)
                self._locks.pop(evicted, None)
            return rules

    def _fresh(self, origin: str) -> RobotsRules | None:
        entry = self._entries.get(origin)
        if entry is None or entry[0] <= self._clock():
            return None
        self._entries.move_to_end(origin)
        return entry[1]

    async def _load(self, source: str) -> tuple[RobotsRules, float]:
        try:
            status, text = await self._fetch(source)
        except FetchError as exc:
            if exc.category in ("timeout", "network"):
                return RobotsRules.disallow_all(source), self._error_ttl
            # Blocked redirects, odd content types, oversized files: treat as no robots.txt.
            return RobotsRules.allow_all(source), self._ttl
        if 200 <= status < 300:
            return RobotsRules.parse(text, source), self._ttl
        if status >= 500:
            return RobotsRules.disallow_all(source), self._error_ttl
        return RobotsRules.allow_all(source), self._ttl

    async def allowed(self, url: str, user_agent: str) -> bool:
        """Whether ``user_agent`` may fetch ``url`` according to its origin's robots.txt."""
        return (await self.rules(url)).allowed(url, user_agent)
