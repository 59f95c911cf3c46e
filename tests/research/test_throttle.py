"""Every outside call is rate limited, time limited and retried with backoff."""

from __future__ import annotations

import asyncio

import pytest

from sentinel.errors import ProviderError
from sentinel.pacing import Backoff, RetryPolicy
from sentinel.research import CallTimeout
from sentinel.research.throttle import CallGate


class Recorder:
    """A clock that only moves when slept on, recording each wait."""

    def __init__(self) -> None:
        self.waits: list[float] = []
        self.now = 0.0

    async def sleep(self, seconds: float) -> None:
        self.waits.append(seconds)
        self.now += seconds

    def clock(self) -> float:
        return self.now


def gate(
    recorder: Recorder, *, attempts: int = 3, rate: float | None = None, timeout: float = 1.0
) -> CallGate:
    policy = RetryPolicy(max_attempts=attempts, backoff=Backoff(base_s=1.0, cap_s=20.0, jitter=0.0))
    return CallGate(
        "test",
        timeout_s=timeout,
        retry=policy,
        rate_per_s=rate,
        sleep=recorder.sleep,
        clock=recorder.clock,
    )


async def test_retryable_failures_are_retried_with_exponential_backoff() -> None:
    recorder = Recorder()
    outcomes: list[object] = [
        ProviderError("p", "503", retryable=True),
        ProviderError("p", "503", retryable=True),
        "ok",
    ]

    async def flaky() -> object:
        outcome = outcomes.pop(0)
        if isinstance(outcome, Exception):
            raise outcome
        return outcome

    assert await gate(recorder).call(flaky) == "ok"
    assert recorder.waits == [1.0, 2.0]


async def test_a_permanent_failure_is_raised_at_once() -> None:
    recorder = Recorder()
    calls = 0

    async def refused() -> None:
        nonlocal calls
        calls += 1
        raise ProviderError("p", "401", retryable=False)

    with pytest.raises(ProviderError, match="401"):
        await gate(recorder).call(refused)
    assert calls == 1


async def test_a_call_over_its_time_limit_is_a_retryable_timeout() -> None:
    recorder = Recorder()

    async def hangs() -> None:
        await asyncio.sleep(10)

    with pytest.raises(CallTimeout, match=r"no answer within 0\.05s"):
        await gate(recorder, attempts=2, timeout=0.05).call(hangs)
    assert recorder.waits == [1.0]


async def test_the_rate_limit_spaces_calls() -> None:
    recorder = Recorder()
    limited = gate(recorder, rate=0.5)

    async def quick() -> int:
        return 1

    for _ in range(3):
        await limited.call(quick)

    assert recorder.waits == [2.0, 2.0]
