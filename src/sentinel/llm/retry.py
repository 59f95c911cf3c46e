"""Retries with exponential backoff and jitter that honour a server's Retry-After."""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from dataclasses import dataclass
from email.utils import parsedate_to_datetime

from sentinel.errors import InvalidInput


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    """How often and how long to wait between attempts.

    The n-th retry waits ``base_delay * 2**(n-1)`` capped at ``max_delay``, plus up to
    ``jitter`` of that at random (so many clients do not retry in lock-step). A server's
    Retry-After replaces the computed delay, capped at ``max_retry_after``.
    """

    max_attempts: int = 4
    base_delay: float = 0.5
    max_delay: float = 20.0
    jitter: float = 0.25
    max_retry_after: float = 60.0

    def __post_init__(self) -> None:
        if self.max_attempts < 1:
            raise InvalidInput("max_attempts", self.max_attempts, "must be at least 1")
        if self.base_delay < 0 or self.max_delay < 0 or not 0 <= self.jitter <= 1:
            raise InvalidInput("retry policy", self, "delays must be >= 0 and jitter in [0, 1]")

    def delay(
        self, retry: int, retry_after: float | None = None, rng: random.Random | None = None
    ) -> float:
        """Seconds to wait before retry number ``retry`` (1-based)."""
        if retry_after is not None:
            return min(max(retry_after, 0.0), self.max_retry_after)
        backoff = min(self.base_delay * 2.0 ** (retry - 1), self.max_delay)
        return backoff * (1 + self.jitter * (rng or random).random())


RETRYABLE_STATUS = frozenset({408, 409, 425, 429})
"""Client-error statuses worth retrying; every 5xx is retried too."""


def is_retryable_status(status: int) -> bool:
    """Whether a response with this HTTP status may succeed if tried again."""
    return status in RETRYABLE_STATUS or status >= 500


def retry_after_seconds(headers: Mapping[str, str], now: float | None = None) -> float | None:
    """The wait a server asked for, from ``retry-after-ms`` or ``Retry-After`` (seconds or
    an HTTP date); None when absent or unreadable."""
    lowered = {key.lower(): value for key, value in headers.items()}
    millis = lowered.get("retry-after-ms")
    if millis is not None:
        try:
            return max(float(millis) / 1000.0, 0.0)
        except ValueError:
            pass
    value = lowered.get("retry-after")
    if value is None:
        return None
    try:
        return max(float(value), 0.0)
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(when.timestamp() - (time.time() if now is None else now), 0.0)
