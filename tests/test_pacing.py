"""The one backoff, retry policy, Retry-After reader and token bucket every layer uses."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime

import pytest

from sentinel.errors import InvalidInput
from sentinel.monitor.failures import RunFailure
from sentinel.pacing import (
    Backoff,
    CategoryBudget,
    CategoryRetryPolicy,
    FailureRetries,
    RetryPolicy,
    TokenBucket,
    is_retryable_status,
    retry_after_from_headers,
)


def test_backoff_windows_grow_by_the_multiplier_and_are_capped() -> None:
    backoff = Backoff(base_s=1.0, cap_s=5.0, jitter=0.0)

    assert [backoff.delay(n) for n in (1, 2, 3, 4, 5)] == [1.0, 2.0, 4.0, 5.0, 5.0]
    assert Backoff(base_s=2.0, cap_s=1e9, multiplier=4.0).window(3) == 32.0
    assert Backoff(base_s=1.0, cap_s=10.0).window(10**9) == 10.0  # no overflow
    assert Backoff(base_s=0.0, cap_s=0.0).delay(3) == 0.0  # retry at once (tests, local tools)


def test_jitter_takes_off_at_most_its_share_of_the_window() -> None:
    backoff = Backoff(base_s=10.0, cap_s=100.0, jitter=0.5)
    rng = random.Random(7)

    delays = [backoff.delay(2, rng) for _ in range(300)]

    assert all(10.0 <= d <= 20.0 for d in delays)
    assert max(delays) - min(delays) > 5.0, "no jitter"


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"base_s": -1.0, "cap_s": 1.0}, "base_s"),
        ({"base_s": 10.0, "cap_s": 5.0}, "base_s"),
        ({"base_s": 1.0, "cap_s": 5.0, "multiplier": 0.5}, "multiplier"),
        ({"base_s": 1.0, "cap_s": 5.0, "jitter": 1.0}, "jitter"),
    ],
)
def test_nonsense_backoffs_are_refused_naming_the_field(
    kwargs: dict[str, float], field: str
) -> None:
    with pytest.raises(InvalidInput, match=field):
        Backoff(**kwargs)


def test_retry_after_replaces_the_backoff_or_ends_the_retries_when_too_long() -> None:
    policy = RetryPolicy(max_retry_after=30.0)

    assert policy.delay(3, retry_after=0.2) == 0.2
    assert policy.delay(1, retry_after=3600) is None
    with pytest.raises(InvalidInput, match="max_attempts"):
        RetryPolicy(max_attempts=0)


@pytest.mark.parametrize(
    ("headers", "expected"),
    [
        ({"Retry-After": "3"}, 3.0),
        ({"retry-after": "0.25"}, 0.25),
        ({"retry-after-ms": "150", "Retry-After": "9"}, 0.15),
        ({"retry-after-ms": "soon", "Retry-After": "9"}, 9.0),
        ({"Retry-After": "soon"}, None),
        ({}, None),
    ],
)
def test_retry_after_headers_are_read_in_seconds(
    headers: dict[str, str], expected: float | None
) -> None:
    assert retry_after_from_headers(headers) == expected


def test_retry_after_may_be_an_http_date() -> None:
    now = datetime(2025, 1, 1, 12, 0, 0, tzinfo=UTC)
    later = format_datetime(datetime(2025, 1, 1, 12, 0, 30, tzinfo=UTC), usegmt=True)

    assert retry_after_from_headers({"Retry-After": later}, now=now) == 30.0


@pytest.mark.parametrize(
    ("status", "retryable"),
    [(429, True), (500, True), (503, True), (408, True), (400, False), (401, False), (404, False)],
)
def test_rate_limits_timeouts_and_server_errors_are_retryable(status: int, retryable: bool) -> None:
    assert is_retryable_status(status) is retryable


def test_a_bucket_grants_its_burst_then_names_the_wait_and_refills() -> None:
    bucket = TokenBucket(rate=2.0, capacity=3.0, clock=lambda: 0.0)

    assert [bucket.take(0.0) for _ in range(3)] == [0.0, 0.0, 0.0]
    assert bucket.take(0.0) == pytest.approx(0.5)  # one token every half second
    assert bucket.take(0.5) == 0.0
    assert bucket.take(10.0) == 0.0  # refilled, but never above the capacity
    assert [bucket.take(10.0) for _ in range(3)][-1] == pytest.approx(0.5)


async def test_acquire_sleeps_exactly_until_a_token_is_due() -> None:
    now = [0.0]
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)
        now[0] += seconds

    bucket = TokenBucket(rate=4.0, clock=lambda: now[0], sleep=sleep)
    for _ in range(3):
        await bucket.acquire()

    assert slept == [pytest.approx(0.25), pytest.approx(0.25)]


def test_a_category_budget_backs_off_by_its_own_multiplier() -> None:
    budgets = {"slow": CategoryBudget(retries=3, base_s=10, max_s=100, multiplier=4)}
    policy = CategoryRetryPolicy(budgets, jitter=0.0)

    assert [policy.retry_delay_s("slow", n) for n in range(4)] == [10, 40, 100, None]
    with pytest.raises(InvalidInput, match="multiplier"):
        CategoryBudget(retries=1, multiplier=0.5)


def test_which_failures_are_retried_and_how_retry_after_counts_are_the_policys_choices() -> None:
    budgets = {"model": CategoryBudget(retries=1, base_s=60, max_s=600)}
    clamped = CategoryRetryPolicy(budgets, jitter=0.0, retry_permanent=frozenset({"model"}))
    uncapped = CategoryRetryPolicy(budgets, jitter=0.0, cap_retry_after=False)
    permanent = RunFailure("model", "x", retryable=False)
    slow_down = RunFailure("model", "x", retryable=True, retry_after_s=5000)
    transient = RunFailure("model", "x", retryable=True)

    assert clamped.failure_delay_s(permanent, 0) == 60
    assert uncapped.failure_delay_s(permanent, 0) is None
    assert clamped.failure_delay_s(slow_down, 0) == 600
    assert uncapped.failure_delay_s(slow_down, 0) == 5000
    assert FailureRetries(clamped)(transient, 0) == timedelta(minutes=1)
    assert FailureRetries(clamped)(transient, 1) is None
