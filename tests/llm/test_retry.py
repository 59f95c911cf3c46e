"""Backoff with jitter and Retry-After parsing."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from email.utils import format_datetime

import pytest

from sentinel.errors import InvalidInput
from sentinel.llm import RetryPolicy
from sentinel.llm.retry import is_retryable_status, retry_after_seconds


def test_backoff_doubles_and_is_capped() -> None:
    policy = RetryPolicy(base_delay=1.0, max_delay=5.0, jitter=0.0)

    assert [policy.delay(n) for n in (1, 2, 3, 4, 5)] == [1.0, 2.0, 4.0, 5.0, 5.0]


def test_jitter_adds_at_most_its_fraction() -> None:
    policy = RetryPolicy(base_delay=1.0, jitter=0.5)
    rng = random.Random(7)

    delays = [policy.delay(1, rng=rng) for _ in range(200)]

    assert min(delays) >= 1.0
    assert max(delays) <= 1.5
    assert len(set(delays)) > 100


def test_retry_after_replaces_backoff_but_is_capped() -> None:
    policy = RetryPolicy(base_delay=1.0, max_retry_after=30.0)

    assert policy.delay(3, retry_after=0.2) == 0.2
    assert policy.delay(1, retry_after=3600) == 30.0


@pytest.mark.parametrize(
    ("headers", "expected"),
    [
        ({"Retry-After": "3"}, 3.0),
        ({"retry-after": "0.25"}, 0.25),
        ({"retry-after-ms": "150", "Retry-After": "9"}, 0.15),
        ({"Retry-After": "soon"}, None),
        ({}, None),
    ],
)
def test_retry_after_header_is_read_in_seconds(
    headers: dict[str, str], expected: float | None
) -> None:
    assert retry_after_seconds(headers) == expected


def test_retry_after_may_be_an_http_date() -> None:
    now = datetime(2025, 1, 1, 12, 0, 0, tzinfo=UTC)
    later = format_datetime(datetime(2025, 1, 1, 12, 0, 30, tzinfo=UTC), usegmt=True)

    assert retry_after_seconds({"Retry-After": later}, now=now.timestamp()) == 30.0


@pytest.mark.parametrize(
    ("status", "retryable"),
    [(429, True), (500, True), (503, True), (408, True), (400, False), (401, False), (404, False)],
)
def test_rate_limits_timeouts_and_server_errors_are_retryable(status: int, retryable: bool) -> None:
    assert is_retryable_status(status) is retryable


def test_a_policy_without_attempts_is_rejected() -> None:
    with pytest.raises(InvalidInput, match="max_attempts"):
        RetryPolicy(max_attempts=0)
