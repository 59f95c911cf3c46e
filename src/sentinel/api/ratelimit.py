"""Per-caller request limits: a burst of ``per_minute`` requests, refilled continuously."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from fastapi import HTTPException

from sentinel.pacing import TokenBucket


@dataclass(slots=True)
class RateLimiter:
    """One :class:`~sentinel.pacing.TokenBucket` per caller."""

    per_minute: float
    buckets: dict[str, TokenBucket] = field(default_factory=dict)

    def check(self, caller: str, now: float) -> None:
        """Raise 429 with ``Retry-After`` when ``caller`` has no request left at time ``now``."""
        bucket = self.buckets.get(caller)
        if bucket is None:
            bucket = TokenBucket(
                self.per_minute / 60.0, capacity=self.per_minute, clock=lambda: now
            )
            self.buckets[caller] = bucket
        wait = bucket.take(now)
        if wait > 0:
            raise HTTPException(
                429,
                f"rate limit of {self.per_minute:g} requests a minute exceeded; retry later",
                headers={"Retry-After": str(max(1, math.ceil(wait)))},
            )
