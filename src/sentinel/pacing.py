"""Pacing outside calls: backoff with jitter, bounded retries, Retry-After, token buckets.

The one implementation of each mechanism every layer uses: model providers and search
providers retry with :class:`RetryPolicy`; the notification outbox waits with
:class:`Backoff`; failed runs are retried by :class:`CategoryRetryPolicy` (a
:class:`CategoryBudget` per error category: the engine's budgets and the monitor's standalone
ones are two tables of it); the web fetcher, the research gate and the API's per-key limit
pace with :class:`TokenBucket`.

```python
backoff = Backoff(base_s=30, cap_s=6 * 3600)        # 30 s, 60 s, 120 s, … up to 6 h
backoff.delay(3, random.Random(0))                   # in [60, 120]: "equal jitter"
policy = RetryPolicy(max_attempts=4)                 # 0.5 s, 1 s, 2 s between attempts
policy.delay(1, retry_after=90.0)                    # None: longer than max_retry_after
runs = CategoryRetryPolicy({"network": CategoryBudget(retries=3, base_s=30)}, jitter=0)
runs.retry_delay_s("network", 2)                     # 120.0: third attempt failed, wait
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
from datetime import UTC, datetime, timedelta
from email.utils import parsedate_to_datetime
from typing import Protocol

from sentinel.errors import InvalidInput

__all__ = [
    "NO_RETRY",
    "Backoff",
    "CategoryBudget",
    "CategoryRetryPolicy",
    "Clock",
    "FailureLike",
    "FailureRetries",
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


@dataclass(frozen=True, slots=True)
class CategoryBudget:
    """``retries`` more attempts after the first, waiting ``base_s * multiplier**k`` (capped at
    ``max_s``) before retry ``k + 1``."""

    retries: int
    base_s: float = 60.0
    max_s: float = 6 * 3600.0
    multiplier: float = 2.0

    def __post_init__(self) -> None:
        if self.retries < 0:
            raise InvalidInput("retries", self.retries, "must not be negative")
        if not 0 < self.base_s <= self.max_s:
            raise InvalidInput("base_s", self.base_s, f"must be in (0, max_s={self.max_s}]")
        if self.multiplier < 1:
            raise InvalidInput("multiplier", self.multiplier, "must be at least 1")


class FailureLike(Protocol):
    """A classified failure as a caller reports it (e.g. ``sentinel.monitor.RunFailure``)."""

    @property
    def category(self) -> str:
        """The error category."""
        ...

    @property
    def retryable(self) -> bool:
        """Whether the provider says trying again may help."""
        ...

    @property
    def retry_after_s(self) -> float | None:
        """A server's Retry-After, if it sent one."""
        ...


@dataclass(frozen=True, slots=True)
class CategoryRetryPolicy:
    """When to retry a failed run: a :class:`CategoryBudget` per error category.

    Categories without a budget use ``unknown`` (conservative by default). ``jitter`` is the
    share of each delay drawn at random (0.1: delay × [0.9, 1.0]) so that runs that failed
    together, e.g. on one provider outage, do not come back together.

    For a failure (:meth:`failure_delay_s`): one its provider calls permanent
    (``retryable=False``) is not retried unless its category is in ``retry_permanent``; a
    server's Retry-After wins when longer than the backoff, clamped to the budget's ``max_s``
    when ``cap_retry_after`` is set. Callers differ in these two choices, so they are data.
    """

    budgets: Mapping[str, CategoryBudget]
    unknown: CategoryBudget = field(default_factory=lambda: CategoryBudget(retries=1))
    jitter: float = 0.1
    retry_permanent: frozenset[str] = frozenset()
    cap_retry_after: bool = True

    def __post_init__(self) -> None:
        if not 0 <= self.jitter < 1:
            raise InvalidInput("jitter", self.jitter, "must be in [0, 1)")

    def budget(self, category: str) -> CategoryBudget:
        """The budget of ``category``."""
        return self.budgets.get(category, self.unknown)

    def retry_delay_s(
        self, category: str, retry_count: int, rng: random.Random | None = None
    ) -> float | None:
        """Seconds to wait before retrying a run that failed as attempt ``retry_count`` (0 for
        the first attempt), or None when the category's budget is spent."""
        if retry_count < 0:
            raise InvalidInput("retry_count", retry_count, "must not be negative")
        budget = self.budget(category)
        if retry_count >= budget.retries:
            return None
        backoff = Backoff(
            base_s=budget.base_s,
            cap_s=budget.max_s,
            multiplier=budget.multiplier,
            jitter=self.jitter,
        )
        return backoff.delay(retry_count + 1, rng)

    def failure_delay_s(
        self, failure: FailureLike, attempt: int, rng: random.Random | None = None
    ) -> float | None:
        """Seconds to wait before retrying after ``failure`` ended attempt ``attempt`` (0 for
        the first), or None to give up on it."""
        if not failure.retryable and failure.category not in self.retry_permanent:
            return None
        delay = self.retry_delay_s(failure.category, attempt, rng)
        if delay is None or failure.retry_after_s is None:
            return delay
        wait = failure.retry_after_s
        if self.cap_retry_after:
            wait = min(wait, self.budget(failure.category).max_s)
        return max(delay, wait)


@dataclass(frozen=True)
class FailureRetries:
    """A :class:`CategoryRetryPolicy` in the shape a run asks for it:
    ``(failure, attempt) -> timedelta | None``, drawing its jitter from ``rng`` (the module's
    random when None)."""

    policy: CategoryRetryPolicy
    rng: random.Random | None = None

    def __call__(self, failure: FailureLike, attempt: int) -> timedelta | None:
        """The delay before retrying, or None to keep the regular schedule."""
        delay = self.policy.failure_delay_s(failure, attempt, self.rng)
        return None if delay is None else timedelta(seconds=delay)


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
