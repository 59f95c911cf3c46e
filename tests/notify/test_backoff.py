"""Retry policy: exponential, jittered, capped, bounded."""

from __future__ import annotations

import random

import pytest

from sentinel.errors import InvalidInput
from sentinel.notify import DeliveryPolicy
from sentinel.pacing import Backoff


def test_delays_double_within_a_jittered_window_and_are_capped() -> None:
    policy = DeliveryPolicy(max_attempts=10, backoff=Backoff(base_s=10, cap_s=100))
    rng = random.Random(7)
    for attempt, window in [(1, 10), (2, 20), (3, 40), (4, 80), (5, 100), (9, 100)]:
        delays = [policy.delay_s(attempt, rng) for _ in range(200)]
        assert all(window / 2 <= d <= window for d in delays), attempt
        assert max(delays) - min(delays) > window / 4, "no jitter"


def test_retry_after_is_respected_but_capped() -> None:
    policy = DeliveryPolicy(backoff=Backoff(base_s=1, cap_s=300))
    rng = random.Random(1)
    assert policy.delay_s(1, rng, retry_after_s=120) == 120
    assert policy.delay_s(1, rng, retry_after_s=10_000) == 300


def test_attempts_are_bounded() -> None:
    policy = DeliveryPolicy(max_attempts=3)
    assert [policy.exhausted(n) for n in (1, 2, 3, 4)] == [False, False, True, True]
    assert policy.delay_s(10**6, random.Random(0)) <= policy.backoff.cap_s


def test_nonsense_policies_are_refused() -> None:
    with pytest.raises(InvalidInput, match="max_attempts"):
        DeliveryPolicy(max_attempts=0)
    with pytest.raises(InvalidInput, match="base_s"):
        Backoff(base_s=10, cap_s=5)
