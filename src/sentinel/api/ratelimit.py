"""Per-caller token buckets: a burst of ``per_minute`` requests, refilled continuously."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from fastapi import HTTPException


@dataclass(slots=True)
class TokenBucket:
    """``capacity`` requests at once, refilled at ``per_minute`` a minute."""

    per_minute: float
    capacity: float
    tokens: float = field(init=False)
    updated: float = field(init=False, default=0.0)

    def __post_init__(self) -> None:
        self.tokens = self.capacity

    def take(self, now: float) -> float:
        """Take one token at monotonic time ``now``: 0.0 if granted, else seconds to wait."""
        rate = self.per_minute / 60.0
        self.tokens = min(self.capacity, self.tokens + (now - self.updated) * rate)
        self.updated = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return 0.0
        return (1.0 - self.tokens) / rate


@dataclass(slots=True)
class RateLimiter:
    """One token bucket per caller."""

    per_minute: float
    buckets: dict[str, TokenBucket] = field(default_factory=dict)

    def check(self, caller: str, now: float) -> None:
        """Raise 429 with ``Retry-After`` when ``caller`` has no request left."""
        bucket = self.buckets.get(caller)
        if bucket is None:
            bucket = TokenBucket(self.per_minute, capacity=self.per_minute)
            bucket.updated = now
            self.buckets[caller] = bucket
        wait = bucket.take(now)
        if wait > 0:
            raise HTTPException(
                429,
                f"rate limit of {self.per_minute:g} requests a minute exceeded; retry later",
                headers={"Retry-After": str(max(1, math.ceil(wait)))},
            )
