"""When to try a failed delivery again: exponential backoff with jitter, bounded attempts."""

from __future__ import annotations

import random
from dataclasses import dataclass

from sentinel.errors import InvalidInput


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    """Attempt ``n`` (1-based) that failed waits about ``base_s * 2**(n-1)``, capped at
    ``max_s``, before attempt ``n+1``; after ``max_attempts`` attempts the delivery is dead.

    The wait is drawn from the upper half of that window ("equal jitter") so that deliveries
    failing together (a receiver outage) do not all come back in the same second.
    """

    max_attempts: int = 8
    base_s: float = 30.0
    max_s: float = 6 * 3600.0

    def __post_init__(self) -> None:
        if self.max_attempts < 1:
            raise InvalidInput("max_attempts", self.max_attempts, "must be at least 1")
        if not 0 < self.base_s <= self.max_s:
            raise InvalidInput("base_s", self.base_s, f"must be in (0, max_s={self.max_s}]")

    def exhausted(self, attempts: int) -> bool:
        """Whether a delivery that failed ``attempts`` times should be given up."""
        return attempts >= self.max_attempts

    def delay_s(
        self, attempt: int, rng: random.Random, retry_after_s: float | None = None
    ) -> float:
        """Seconds to wait after failed attempt number ``attempt`` (never below a Retry-After)."""
        # The exponent is capped so that a huge attempt number cannot overflow the float.
        window = min(self.max_s, self.base_s * 2.0 ** min(max(0, attempt - 1), 60))
        delay = window / 2 + rng.uniform(0, window / 2)
        if retry_after_s is not None:
            delay = max(delay, min(retry_after_s, self.max_s))
        return delay
