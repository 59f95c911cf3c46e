"""How the engine retries a failed run: one budget and backoff per error category.

A run that failed for a transient reason (rate limit, network, a model or provider hiccup) is
tried again after an exponential backoff, a bounded number of times; a user error (a bad
query, an unusable channel) is not retried at all. When the budget is spent the failure is
*permanent*: the run is recorded as failed and the monitor keeps its normal schedule. Two
categories belong to the engine itself: ``abandoned`` (the worker vanished mid-run, its lease
was reaped) and ``interrupted`` (a graceful shutdown cancelled the run).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from types import MappingProxyType
from typing import Protocol

from sentinel.errors import InvalidInput
from sentinel.pacing import Backoff

RATE_LIMIT = "rate_limit"
NETWORK = "network"
MODEL = "model"
PROVIDER = "provider"
USER = "user"
# A runner raised instead of returning an outcome: a bug, retried once in case it was a fluke.
INTERNAL = "internal"
# Written by the storage reaper when a lease expired with the run still open.
ABANDONED = "abandoned"
# Written by the engine when a shutdown cancelled the run; costs no attempt.
INTERRUPTED = "interrupted"


@dataclass(frozen=True, slots=True)
class CategoryBudget:
    """``retries`` more attempts after the first, waiting ``base_s * 2**k`` (capped at
    ``max_s``) before retry ``k + 1``."""

    retries: int
    base_s: float = 60.0
    max_s: float = 6 * 3600.0

    def __post_init__(self) -> None:
        if self.retries < 0:
            raise InvalidInput("retries", self.retries, "must not be negative")
        if not 0 < self.base_s <= self.max_s:
            raise InvalidInput("base_s", self.base_s, f"must be in (0, max_s={self.max_s}]")


DEFAULT_BUDGETS: Mapping[str, CategoryBudget] = MappingProxyType(
    {
        RATE_LIMIT: CategoryBudget(retries=5, base_s=60.0),
        NETWORK: CategoryBudget(retries=3, base_s=30.0),
        MODEL: CategoryBudget(retries=2, base_s=300.0),
        PROVIDER: CategoryBudget(retries=3, base_s=120.0),
        USER: CategoryBudget(retries=0),
        INTERNAL: CategoryBudget(retries=1, base_s=300.0),
        # A run that kills its worker every time must not crash-loop the fleet forever.
        ABANDONED: CategoryBudget(retries=3, base_s=30.0),
    }
)


@dataclass(frozen=True, slots=True)
class RunRetryPolicy:
    """Budgets by category; unknown categories use ``unknown`` (conservative by default).

    ``jitter`` is the share of each delay drawn at random (0.1: delay × [0.9, 1.0]) so that
    runs that failed together, e.g. on one provider outage, do not come back together.
    """

    budgets: Mapping[str, CategoryBudget] = field(default_factory=lambda: DEFAULT_BUDGETS)
    unknown: CategoryBudget = field(default_factory=lambda: CategoryBudget(retries=1))
    jitter: float = 0.1

    def __post_init__(self) -> None:
        if not 0 <= self.jitter < 1:
            raise InvalidInput("jitter", self.jitter, "must be in [0, 1)")

    def budget(self, category: str) -> CategoryBudget:
        """The budget of ``category``."""
        return self.budgets.get(category, self.unknown)

    def retry_delay_s(self, category: str, retry_count: int, rng: random.Random) -> float | None:
        """Seconds to wait before retrying a run that failed as attempt ``retry_count`` (0 for
        the first attempt), or None when the category's budget is spent."""
        if retry_count < 0:
            raise InvalidInput("retry_count", retry_count, "must not be negative")
        budget = self.budget(category)
        if retry_count >= budget.retries:
            return None
        backoff = Backoff(base_s=budget.base_s, cap_s=budget.max_s, jitter=self.jitter)
        return backoff.delay(retry_count + 1, rng)


class FailureLike(Protocol):
    """A classified run failure as a runner reports it (``sentinel.monitor.RunFailure``)."""

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


@dataclass(frozen=True)
class RunnerRetries:
    """The engine's policy in the shape a runner asks for it: ``(failure, attempt) -> delay``.

    Give it to ``sentinel.monitor.run.RunServices(retry_policy=…)`` so that runs that record
    their own retries follow the engine's budgets. A failure its provider calls permanent
    (``retryable=False``, e.g. refused credentials) is not retried, except a model failure:
    there ``retryable`` only means "not right away", and the model budget waits minutes.
    A server's Retry-After is honoured when longer than the backoff.
    """

    policy: RunRetryPolicy
    rng: random.Random

    def __call__(self, failure: FailureLike, attempt: int) -> timedelta | None:
        """The delay before retrying, or None to keep the regular schedule."""
        if not failure.retryable and failure.category != MODEL:
            return None
        delay = self.policy.retry_delay_s(failure.category, attempt, self.rng)
        if delay is None:
            return None
        if failure.retry_after_s is not None:
            ceiling = self.policy.budget(failure.category).max_s
            delay = max(delay, min(failure.retry_after_s, ceiling))
        return timedelta(seconds=delay)
