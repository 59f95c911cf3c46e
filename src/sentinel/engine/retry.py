"""How the engine retries a failed run: one budget and backoff per error category.

A run that failed for a transient reason (rate limit, network, a model or provider hiccup) is
tried again after an exponential backoff, a bounded number of times; a user error (a bad
query, an unusable channel) is not retried at all. When the budget is spent the failure is
*permanent*: the run is recorded as failed and the monitor keeps its normal schedule. Two
categories belong to the engine itself: ``abandoned`` (the worker vanished mid-run, its lease
was reaped) and ``interrupted`` (a graceful shutdown cancelled the run).

The mechanism is ``sentinel.pacing.CategoryRetryPolicy``, shared with the monitor's standalone
policy; this module holds the engine's table of budgets (:data:`DEFAULT_BUDGETS`) and its two
choices: a model failure is retried even when called permanent, and a server's Retry-After is
clamped to the category's ``max_s``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from sentinel.pacing import CategoryBudget, CategoryRetryPolicy, FailureRetries

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
class RunRetryPolicy(CategoryRetryPolicy):
    """``sentinel.pacing.CategoryRetryPolicy`` with the engine's defaults: the budgets of
    :data:`DEFAULT_BUDGETS`, a model failure retried even when its provider calls it permanent
    (there ``retryable`` only means "not right away", and the model budget waits minutes), and
    a server's Retry-After clamped to the category's ``max_s``. Only the defaults differ.
    """

    budgets: Mapping[str, CategoryBudget] = field(default_factory=lambda: DEFAULT_BUDGETS)
    retry_permanent: frozenset[str] = frozenset({MODEL})
    cap_retry_after: bool = True


RunnerRetries = FailureRetries
"""The engine's policy in the shape a runner asks for it: ``RunnerRetries(policy, rng)`` is
``(failure, attempt) -> delay``. Give it to ``sentinel.monitor.run.RunServices(retry_policy=…)``
so that runs that record their own retries follow the engine's budgets."""
