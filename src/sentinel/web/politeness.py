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
from sentinel.pacing import Backoff, Clock, RetryPolicy, Sleep

T = TypeVar("T")

REFUSAL_BACKOFF = Backoff(base_s=60.0, cap_s=3600.0)
"""How long a host that refused a request (429, 503) without a ``Retry-After`` is left alone:
a minute, then two, four… up to an hour while it keeps refusing."""


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
    resume_at: float = float("-inf")
    refusals: int = 0


class Politeness:
    """Per-host manners: at most ``max_concurrency`` requests in flight to one host, request
    starts at least ``min_interval`` seconds apart (more if robots.txt asks for a crawl delay),
    and, with ``hold_refusing``, nothing sent to a host that refused a request (429, 503)
    until its ``Retry-After`` has passed, or a backoff when it gave none (:meth:`refused`).
    """

    def __init__(
        self,
        *,
        min_interval: float = 1.0,
        max_concurrency: int = 2,
        clock: Clock = time.monotonic,
        sleep: Sleep = asyncio.sleep,
        hold_refusing: Backoff | None = None,
    ) -> None:
        if min_interval < 0:
            raise InvalidInput("min_interval", min_interval, "must not be negative")
        if max_concurrency < 1:
            raise InvalidInput("max_concurrency", max_concurrency, "must be at least 1")
        self.min_interval = min_interval
        self.max_concurrency = max_concurrency
        self._clock = clock
        self._sleep = sleep
        self.hold_refusing = hold_refusing
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

    def refused(self, host: str, retry_after: float | None) -> float:
        """Note that ``host`` refused a request (429 or 503): with ``hold_refusing`` (e.g.
        :data:`REFUSAL_BACKOFF`), nothing more is sent to it for its ``Retry-After`` when it
        gave one, else for a backoff window that doubles with each refusal in a row. Returns
        the hold in seconds (0 without ``hold_refusing``: the caller's retry policy alone
        paces)."""
        if self.hold_refusing is None:
            return 0.0
        state = self._state(host)
        state.refusals += 1
        wait = retry_after if retry_after is not None else self.hold_refusing.window(state.refusals)
        state.resume_at = max(state.resume_at, self._clock() + max(wait, 0.0))
        return wait

    def answered(self, host: str) -> None:
        """Note that ``host`` answered a request: its run of refusals is over."""
        self._state(host).refusals = 0

    def resume_in(self, host: str) -> float:
        """Seconds until ``host`` may be asked again after a refusal (0: now)."""
        return max(self._state(host).resume_at - self._clock(), 0.0)

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
