"""Being a good client: rate limits, retries with backoff, and per-host spacing.

Shared by the search providers (a token bucket per provider, retries on 429/5xx) and the
fetcher (a minimum interval and a concurrency cap per host). Clocks and sleeps are injectable
so tests assert on recorded times instead of wall-clock thresholds.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import TypeVar

from sentinel.errors import InvalidInput, ProviderError
from sentinel.pacing import Clock, RetryPolicy, Sleep

T = TypeVar("T")


async def retry_call(
    operation: Callable[[], Awaitable[T]],
    policy: RetryPolicy,
    *,
    sleep: Sleep = asyncio.sleep,
) -> T:
    """Run ``operation``, retrying ``ProviderError``s marked retryable as ``policy`` allows.

    An error's ``retry_after`` attribute (seconds), when present, is the server's requested wait.
    The last error is re-raised unchanged once attempts run out.
    """
    attempt = 1
    while True:
        try:
            return await operation()
        except ProviderError as error:
            if not error.retryable or attempt >= policy.max_attempts:
                raise
            wait = policy.delay(attempt, getattr(error, "retry_after", None))
            if wait is None:
                raise
        await sleep(wait)
        attempt += 1


@dataclass
class _HostState:
    semaphore: asyncio.Semaphore
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    next_start: float = float("-inf")
    min_interval: float | None = None


class Politeness:
    """Per-host manners: at most ``max_concurrency`` requests in flight to one host, and request
    starts at least ``min_interval`` seconds apart (more if robots.txt asks for a crawl delay).
    """

    def __init__(
        self,
        *,
        min_interval: float = 1.0,
        max_concurrency: int = 2,
        clock: Clock = time.monotonic,
        sleep: Sleep = asyncio.sleep,
    ) -> None:
        if min_interval < 0:
            raise InvalidInput("min_interval", min_interval, "must not be negative")
        if max_concurrency < 1:
            raise InvalidInput("max_concurrency", max_concurrency, "must be at least 1")
        self.min_interval = min_interval
        self.max_concurrency = max_concurrency
        self._clock = clock
        self._sleep = sleep
        self._hosts: dict[str, _HostState] = {}

    def _state(self, host: str) -> _HostState:
        key = host.lower()
        state = self._hosts.get(key)
        if state is None:
            state = _HostState(semaphore=asyncio.Semaphore(self.max_concurrency))
            self._hosts[key] = state
        return state

    def interval(self, host: str) -> float:
        """The spacing currently applied to ``host``."""
        custom = self._state(host).min_interval
        return self.min_interval if custom is None else max(self.min_interval, custom)

    def set_min_interval(self, host: str, seconds: float) -> None:
        """Space requests to ``host`` further apart (e.g. a robots.txt Crawl-delay).

        Never lowers the spacing below the global ``min_interval``.
        """
        self._state(host).min_interval = max(0.0, seconds)

    @asynccontextmanager
    async def slot(self, host: str) -> AsyncIterator[None]:
        """Hold one of the host's request slots; entering waits for spacing and capacity."""
        state = self._state(host)
        interval = self.interval(host)
        async with state.semaphore:
            async with state.lock:
                wait = state.next_start - self._clock()
                if wait > 0:
                    await self._sleep(wait)
                state.next_start = self._clock() + interval
            yield
