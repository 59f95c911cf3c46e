"""Pacing outside calls: backoff with jitter, bounded retries, Retry-After, token buckets.

The one implementation of each mechanism every layer uses: model providers and search
providers retry with :class:`RetryPolicy`; the notification outbox and the engine's run
budgets wait with :class:`Backoff`; the web fetcher, the research gate and the API's per-key
limit pace with :class:`TokenBucket`.

```python
backoff = Backoff(base_s=30, cap_s=6 * 3600)        # 30 s, 60 s, 120 s, … up to 6 h
backoff.delay(3, random.Random(0))                   # in [60, 120]: "equal jitter"
policy = RetryPolicy(max_attempts=4)                 # 0.5 s, 1 s, 2 s between attempts
policy.delay(1, retry_after=90.0)                    # None: longer than max_retry_after
bucket = TokenBucket(rate=2.0)                       # 2 acquisitions a second
bucket.take(now=0.0)                                 # 0.0 (granted) or seconds to wait
```
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime

from sentinel.errors import InvalidInput

__all__ = [
    "NO_RETRY",
    "Backoff",
    "Clock",
    "RetryPolicy",
    "Sleep",
    "TokenBucket",
    "is_retryable_status",
    "parse_retry_after",
    "retry_after_from_headers",
]

Clock = Callable[[], float]
Sleep = Callable[[float], Awaitable[None]]

# A huge retry number must not overflow the float: 2**60 already exceeds any cap.
_MAX_EXPONENT = 60


@dataclass(frozen=True, slots=True)
class Backoff:
    """Exponential backoff with jitter.

    Retry ``n`` (1-based) waits within ``window(n) = min(cap_s, base_s * multiplier**(n-1))``;
    ``jitter`` is the share of the window drawn at random and taken off, so the wait lies in
    ``[window * (1 - jitter), window]``. 0.5 is "equal jitter" (the upper half of the
    window): callers failing together (a provider outage) do not come back in the same second,
    and none comes back much sooner than the window says.
    """

    base_s: float
    cap_s: float
    multiplier: float = 2.0
    jitter: float = 0.5

    def __post_init__(self) -> None:
        if not 0 <= self.base_s <= self.cap_s:
            raise InvalidInput("base_s", self.base_s, f"must be in [0, cap_s={self.cap_s}]")
        if self.multiplier < 1:
            raise InvalidInput("multiplier", self.multiplier, "must be at least 1")
        if not 0 <= self.jitter < 1:
            raise InvalidInput("jitter", self.jitter, "must be in [0, 1)")

    def window(self, retry: int) -> float:
        """The longest wait before retry number ``retry`` (1-based)."""
        exponent = min(max(0, retry - 1), _MAX_EXPONENT)
        return min(self.cap_s, self.base_s * self.multiplier**exponent)

    def delay(self, retry: int, rng: random.Random | None = None) -> float:
        """Seconds to wait before retry number ``retry`` (1-based), jittered."""
        window = self.window(retry)
        return window * (1.0 - self.jitter * (rng or random).random())


@dataclass(frozen=True)
class RetryPolicy:
    """Bounded retries of one call, with :class:`Backoff` between attempts, honouring a
    server's Retry-After.

    ``max_attempts`` counts the first try. A server's Retry-After replaces the computed delay;
    one longer than ``max_retry_after`` ends the retries at once (``delay`` returns None: the
    error stays retryable for a later, scheduled attempt rather than holding a worker).
    """

    max_attempts: int = 3
    backoff: Backoff = field(default_factory=lambda: Backoff(base_s=0.5, cap_s=20.0))
    max_retry_after: float = 60.0
    rng: random.Random = field(default_factory=random.Random, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.max_attempts < 1:
            raise InvalidInput("max_attempts", self.max_attempts, "must be at least 1")
        if self.max_retry_after < 0:
            raise InvalidInput("max_retry_after", self.max_retry_after, "must not be negative")

    def delay(self, retry: int, retry_after: float | None = None) -> float | None:
        """Seconds to wait before retry number ``retry`` (1-based); None means do not retry."""
        if retry_after is not None:
            wait = max(retry_after, 0.0)
            return wait if wait <= self.max_retry_after else None
        return self.backoff.delay(retry, self.rng)


NO_RETRY = RetryPolicy(max_attempts=1)

RETRYABLE_STATUS = frozenset({408, 409, 425, 429})
"""Client-error statuses worth retrying; every 5xx is retried too."""


def is_retryable_status(status: int) -> bool:
    """Whether a response with this HTTP status may succeed if tried again."""
    return status in RETRYABLE_STATUS or status >= 500


def parse_retry_after(value: str | None, *, now: datetime | None = None) -> float | None:
    """Seconds to wait from a ``Retry-After`` value (delta-seconds or HTTP-date); None if absent.

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


def retry_after_from_headers(
    headers: Mapping[str, str], *, now: datetime | None = None
) -> float | None:
    """The wait a server asked for, from ``retry-after-ms`` or ``Retry-After``; None when
    absent or unreadable. Header names are matched case-insensitively."""
    lowered = {key.lower(): value for key, value in headers.items()}
    millis = lowered.get("retry-after-ms")
    if millis is not None:
        try:
            return max(float(millis) / 1000.0, 0.0)
        except ValueError:
            pass
    return parse_retry_after(lowered.get("retry-after"), now=now)


class TokenBucket:
    """``rate`` acquisitions per second on average, in bursts of up to ``capacity``.

    ``take(now)`` is the synchronous core (for request handlers that answer 429 instead of
    waiting); ``acquire()`` waits for a token on the bucket's clock.
    """

    def __init__(
        self,
        rate: float,
        capacity: float = 1.0,
        *,
        clock: Clock = time.monotonic,
        sleep: Sleep = asyncio.sleep,
    ) -> None:
        if rate <= 0:
            raise InvalidInput("rate", rate, "must be positive (acquisitions per second)")
        if capacity < 1:
            raise InvalidInput("capacity", capacity, "must be at least 1")
        self.rate = rate
        self.capacity = capacity
        self._clock = clock
        self._sleep = sleep
        self._tokens = capacity
        self._updated = clock()
        # One waiter at a time keeps the order of arrival and avoids a thundering herd.
        self._lock: asyncio.Lock | None = None

    def take(self, now: float | None = None) -> float:
        """Take one token at time ``now`` (default: the bucket's clock): 0.0 when granted,
        else the seconds until one is available (nothing is taken then)."""
        now = self._clock() if now is None else now
        self._tokens = min(self.capacity, self._tokens + max(0.0, now - self._updated) * self.rate)
        self._updated = max(self._updated, now)
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return 0.0
        return (1.0 - self._tokens) / self.rate

    async def acquire(self) -> None:
        """Wait until a token is available and take it."""
        if self._lock is None:
            self._lock = asyncio.Lock()
        async with self._lock:
            while (wait := self.take()) > 0:
                await self._sleep(wait)
