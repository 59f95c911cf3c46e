"""When to try a failed delivery again: bounded attempts with exponential backoff and jitter."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from sentinel.errors import InvalidInput
from sentinel.pacing import Backoff


@dataclass(frozen=True, slots=True)
class DeliveryPolicy:
    """Attempt ``n`` (1-based) that failed waits ``backoff.delay(n)`` (30 s, 1 min, 2 min, …
    up to 6 h by default, drawn from the upper half of each window so that deliveries failing
    together — a receiver outage — do not all come back in the same second) before attempt
    ``n+1``; after ``max_attempts`` attempts the delivery is dead."""

    max_attempts: int = 8
    backoff: Backoff = field(default_factory=lambda: Backoff(base_s=30.0, cap_s=6 * 3600.0))

    def __post_init__(self) -> None:
        if self.max_attempts < 1:
            raise InvalidInput("max_attempts", self.max_attempts, "must be at least 1")

    def exhausted(self, attempts: int) -> bool:
        """Whether a delivery that failed ``attempts`` times should be given up."""
        return attempts >= self.max_attempts

    def delay_s(
        self, attempt: int, rng: random.Random, retry_after_s: float | None = None
    ) -> float:
        """Seconds to wait after failed attempt number ``attempt`` (never below a Retry-After,
        which is itself capped at the backoff's longest wait)."""
        delay = self.backoff.delay(attempt, rng)
        if retry_after_s is not None:
            delay = max(delay, min(retry_after_s, self.backoff.cap_s))
        return delay
