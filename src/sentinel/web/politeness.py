"""Being a good client: rate limits, retries with backoff, and per-host spacing.

Shared by the search providers (a token bucket per provider, retries on 429/5xx) and the
fetcher (a minimum interval and a concurrency cap per host). Clocks and sleeps are injectable
so tests assert on recorded times instead of wall-clock thresholds.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from typing import TypeVar

from sentinel.errors import InvalidInput, ProviderError

T = TypeVar("T")
Clock = Callable[[], float]
Sleep = Callable[[float], Awaitable[None]]


def parse_retry_after(value: str | None, *, now: datetime | None = None) -> float | None:
    """Seconds to wait from a ``Retry-After`` header (delta-seconds or HTTP-date); None if absent.

    Malformed values are ignored rather than trusted: a server that cannot format the header
    gets our own backoff instead.
    """
    if value is None or not value.strip():
        return None
    text = value.strip()
    try:
        return max(0.0, float(text))
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - (now or datetime.now(UTC))).total_seconds())


class TokenBucket:
    """Allows ``rate`` acquisitions per second on average, with bursts up to ``capacity``."""

    def __init__(
        self,
        rate: float,
        capacity: float = 1.0,
        *,
        clock: Clock = time.monotonic,
        sleep: Sleep = asyncio.sleep,
    ) -> None:
        if rate <= 0:
            raise InvalidInput("rate", rate, "must be positive (requests per second)")
        if capacity < 1:
            raise InvalidInput("capacity", capacity, "must be at least 1")
        self.rate = rate
        self.capacity = capacity
        self._clock = clock
        self._sleep = sleep
        self._tokens = capacity
        self._updated = clock()
        # One waiter at a time keeps the order of arrival and avoids a thundering herd.
        self._lock = asyncio.Lock()

    def _refill(self) -> None:
        now = self._clock()
        self._tokens = min(self.capacity, self._tokens + (now - self._updated) * self.rate)
        self._updated = now

    async def acquire(self) -> None:
        """Wait until a token is available and take it."""
        async with self._lock:
            self._refill()
            while self._tokens < 1:
                await self._sleep((1 - self._tokens) / self.rate)
                self._refill()
            self._tokens -= 1


@dataclass(frozen=True)
class RetryPolicy:
    """Bounded retries with exponential backoff and jitter, honouring ``Retry-After``.

    The n-th retry waits ``base_delay * multiplier**(n-1)`` (capped at ``max_delay``), reduced
    by up to ``jitter`` of itself at random so that many clients do not retry in lockstep.
    A server's ``Retry-After`` replaces the computed delay; one longer than ``max_retry_after``
    ends the retries at once (the error stays ``retryable`` for a later, scheduled attempt).
    """

    max_attempts: int = 3
    base_delay: float = 0.5
    multiplier: float = 2.0
    max_delay: float = 20.0
    jitter: float = 0.5
    max_retry_after: float = 60.0
    rng: random.Random = field(default_factory=random.Random, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.max_attempts < 1:
            raise InvalidInput("max_attempts", self.max_attempts, "must be at least 1")
        if not 0 <= self.jitter <= 1:
            raise InvalidInput("jitter", self.jitter, "must be between 0 and 1")

    def delay(self, retry: int, retry_after: float | None = None) -> float | None:
        """Seconds to wait before retry number ``retry`` (1-based); None means do not retry."""
        if retry_after is not None:
            return retry_after if retry_after <= self.max_retry_after else None
        backoff = min(self.max_delay, self.base_delay * self.multiplier ** (retry - 1))
        return backoff * (1 - self.jitter * self.rng.random())


NO_RETRY = RetryPolicy(max_attempts=1)


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
