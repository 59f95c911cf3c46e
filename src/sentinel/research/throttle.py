"""Manners for every outside call of a run: a rate limit, a time limit, retries with backoff.

Search providers and model providers have limits of their own (or none: the local index, the
embedded model); the gate puts the run's own bounds in front of them, so a slow or flaky
provider slows a run down instead of hanging or failing it at the first hiccup.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

from sentinel.pacing import RetryPolicy, Sleep, TokenBucket
from sentinel.research.errors import CallTimeout
from sentinel.web.politeness import retry_call

T = TypeVar("T")


class CallGate:
    """Runs calls to one kind of provider: at most ``rate_per_s`` starts per second, each
    attempt bounded by ``timeout_s``, retryable failures (``ProviderError.retryable``,
    including the gate's own timeouts unless ``retry_timeouts`` is false) retried as ``retry``
    allows. ``sleep`` and ``clock`` are injectable so tests need not wait.

    Timeouts of model calls are not retried: a local model's generation cannot be abandoned
    (it runs on in its worker thread), so a second request would only queue behind the first.
    """

    def __init__(
        self,
        name: str,
        *,
        timeout_s: float,
        retry: RetryPolicy,
        rate_per_s: float | None = None,
        sleep: Sleep = asyncio.sleep,
        clock: Callable[[], float] = time.monotonic,
        retry_timeouts: bool = True,
    ) -> None:
        self.name = name
        self.retry_timeouts = retry_timeouts
        self.timeout_s = timeout_s
        self.retry = retry
        self._sleep = sleep
        self._bucket = (
            None if rate_per_s is None else TokenBucket(rate_per_s, sleep=sleep, clock=clock)
        )
        self.attempts = 0

    async def call(self, operation: Callable[[], Awaitable[T]]) -> T:
        """Run ``operation`` under the gate's limits; the last error is raised unchanged."""

        async def attempt() -> T:
            if self._bucket is not None:
                await self._bucket.acquire()
            self.attempts += 1
            try:
                async with asyncio.timeout(self.timeout_s):
                    return await operation()
            except TimeoutError as exc:
                raise CallTimeout(self.name, self.timeout_s, retryable=self.retry_timeouts) from exc

        return await retry_call(attempt, self.retry, sleep=self._sleep)
