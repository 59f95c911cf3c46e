"""Retry budgets and backoff per error category."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest

from sentinel.engine import DEFAULT_BUDGETS, CategoryBudget, RunnerRetries, RunRetryPolicy
from sentinel.errors import InvalidInput

EXACT = RunRetryPolicy(jitter=0.0)


def delays(policy: RunRetryPolicy, category: str) -> list[float]:
    """Every retry delay of ``category`` until its budget is spent."""
    rng = random.Random(0)
    found: list[float] = []
    while (delay := policy.retry_delay_s(category, len(found), rng)) is not None:
        found.append(delay)
    return found


@pytest.mark.parametrize(
    ("category", "expected"),
    [
        ("rate_limit", [60, 120, 240, 480, 960]),
        ("network", [30, 60, 120]),
        ("model", [300, 600]),
        ("provider", [120, 240, 480]),
        ("user", []),
    ],
)
def test_each_category_has_its_own_budget_and_exponential_backoff(
    category: str, expected: list[float]
) -> None:
    assert delays(EXACT, category) == expected


def test_unknown_categories_get_one_conservative_retry() -> None:
    assert delays(EXACT, "cosmic-ray") == [60]


def test_backoff_is_capped() -> None:
    policy = RunRetryPolicy(
        budgets={"rate_limit": CategoryBudget(retries=10, base_s=60, max_s=300)}, jitter=0.0
    )
    assert delays(policy, "rate_limit") == [60, 120, 240, 300, 300, 300, 300, 300, 300, 300]


def test_jitter_only_shortens_the_delay_by_at_most_its_share() -> None:
    policy = RunRetryPolicy(jitter=0.2)
    rng = random.Random(7)
    samples = [policy.retry_delay_s("network", 0, rng) for _ in range(200)]
    assert all(s is not None and 24.0 <= s <= 30.0 for s in samples)
    assert len(set(samples)) > 100


def test_defaults_cover_the_documented_categories() -> None:
    assert {"rate_limit", "network", "model", "provider", "user"} <= set(DEFAULT_BUDGETS)


@pytest.mark.parametrize(
    ("build", "field"),
    [
        (lambda: CategoryBudget(retries=-1), "retries"),
        (lambda: CategoryBudget(retries=1, base_s=0), "base_s"),
        (lambda: CategoryBudget(retries=1, base_s=10, max_s=5), "base_s"),
        (lambda: RunRetryPolicy(jitter=1.0), "jitter"),
    ],
)
def test_nonsense_budgets_are_refused(build: object, field: str) -> None:
    assert callable(build)
    with pytest.raises(InvalidInput, match=field):
        build()


def test_a_negative_retry_count_is_refused() -> None:
    with pytest.raises(InvalidInput, match="retry_count"):
        EXACT.retry_delay_s("network", -1, random.Random())


class Failure:
    """A runner's classified failure (the shape of ``sentinel.monitor.RunFailure``)."""

    def __init__(
        self, category: str, *, retryable: bool = True, retry_after_s: float | None = None
    ) -> None:
        self.category = category
        self.retryable = retryable
        self.retry_after_s = retry_after_s


def test_runners_asking_for_a_retry_get_the_engine_budgets() -> None:
    retries = RunnerRetries(EXACT, random.Random(0))
    assert retries(Failure("network"), 0) == timedelta(seconds=30)
    assert retries(Failure("network"), 2) == timedelta(seconds=120)
    assert retries(Failure("network"), 3) is None
    assert retries(Failure("user", retryable=False), 0) is None


def test_a_failure_its_provider_calls_permanent_is_not_retried_unless_it_is_the_models() -> None:
    retries = RunnerRetries(EXACT, random.Random(0))
    assert retries(Failure("provider", retryable=False), 0) is None
    assert retries(Failure("model", retryable=False), 0) == timedelta(minutes=5)


def test_a_longer_retry_after_wins_within_the_categorys_ceiling() -> None:
    retries = RunnerRetries(EXACT, random.Random(0))
    assert retries(Failure("rate_limit", retry_after_s=600), 0) == timedelta(seconds=600)
    assert retries(Failure("rate_limit", retry_after_s=10), 0) == timedelta(seconds=60)
    assert retries(Failure("rate_limit", retry_after_s=10**9), 0) == timedelta(hours=6)
