"""Per-caller request limits: a burst of ``per_minute`` requests, refilled continuously.

The limit is ``SENTINEL_API_RATE_LIMIT`` (60 a minute; 0: none) or ``sentinel serve
--rate-limit``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from fastapi import HTTPException
from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

from sentinel.pacing import TokenBucket

DEFAULT_RATE_PER_MINUTE = 60.0


class ApiSettings(BaseSettings):
    """The HTTP API's settings (``SENTINEL_API_*``)."""

    model_config = SettingsConfigDict(env_prefix="SENTINEL_API_", extra="ignore")

    rate_limit: float = Field(
        default=DEFAULT_RATE_PER_MINUTE,
        ge=0,
        description="Requests a minute per caller (API key or address); 0: no limit.",
    )


@dataclass(slots=True)
class RateLimiter:
    """One :class:`~sentinel.pacing.TokenBucket` per caller."""

    per_minute: float
    buckets: dict[str, TokenBucket] = field(default_factory=dict)

    def check(self, caller: str, now: float) -> None:
        """Raise 429 with ``Retry-After`` when ``caller`` has no request left at time ``now``
        (never when the limit is 0)."""
        if self.per_minute <= 0:
            return
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
