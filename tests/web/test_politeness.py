"""Rate limits, retries and per-host spacing, asserted on a fake clock (no wall-time bounds)."""

from __future__ import annotations

import asyncio
import itertools
import random
from datetime import UTC, datetime

import pytest

from sentinel.errors import InvalidInput, ProviderError
from sentinel.pacing import Backoff, RetryPolicy, TokenBucket, parse_retry_after
from sentinel.web.politeness import Politeness, retry_call
from tests.web.loopback import FakeClock


@pytest.mark.parametrize(
    ("header", "seconds"),
    [
        ("5", 5.0),
        ("0.25", 0.25),
        ("-3", 0.0),
        ("Wed, 21 Oct 2015 07:28:30 GMT", 30.0),
        ("not a date", None),
        ("", None),
        (None, None),
    ],
)
def test_retry_after_parses_seconds_and_http_dates(header: str | None, seconds: float | None):
    now = datetime(2015, 10, 21, 7, 28, 0, tzinfo=UTC)
    assert parse_retry_after(header, now=now) == seconds


async def test_token_bucket_allows_a_burst_then_paces(clock: FakeClock) -> None:
    bucket = TokenBucket(rate=4.0, capacity=2, clock=clock, sleep=clock.sleep)
    starts = []
    for _ in range(5):
        await bucket.acquire()
        starts.append(clock.now)
    gaps = [round(b - a, 6) for a, b in itertools.pairwise(starts)]
    assert gaps == [0.0, 0.25, 0.25, 0.25]


async def test_token_bucket_refills_while_idle(clock: FakeClock) -> None:
    bucket = TokenBucket(rate=1.0, capacity=1, clock=clock, sleep=clock.sleep)
    await bucket.acquire()
    clock.now += 5
    await bucket.acquire()
    assert clock.sleeps == []


@pytest.mark.parametrize(("rate", "capacity"), [(0, 1), (-1, 1), (1, 0.5)])
def test_token_bucket_rejects_nonsense(rate: float, capacity: float) -> None:
    with pytest.raises(InvalidInput):
        TokenBucket(rate, capacity)


def test_backoff_grows_exponentially_up_to_the_cap() -> None:
    policy = RetryPolicy(backoff=Backoff(base_s=1, cap_s=5, multiplier=2, jitter=0))
    assert [policy.delay(n) for n in range(1, 6)] == [1, 2, 4, 5, 5]


def test_jitter_only_shortens_the_delay_within_bounds() -> None:
    policy = RetryPolicy(rng=random.Random(7), backoff=Backoff(base_s=1, cap_s=20.0, jitter=0.5))
    delays = [policy.delay(1) for _ in range(200)]
    assert all(0.5 <= d <= 1 for d in delays)
    assert len(set(delays)) > 100


def test_retry_after_replaces_backoff_unless_too_long() -> None:
    policy = RetryPolicy(max_retry_after=10)
    assert policy.delay(1, retry_after=3) == 3
    assert policy.delay(1, retry_after=11) is None


def test_policy_validates_its_bounds() -> None:
    with pytest.raises(InvalidInput):
        RetryPolicy(max_attempts=0)
    with pytest.raises(InvalidInput):
        RetryPolicy(backoff=Backoff(base_s=0.5, cap_s=20.0, jitter=2))


class Flaky:
    def __init__(self, failures: list[ProviderError]) -> None:
        self.failures = failures
        self.calls = 0

    async def __call__(self) -> str:
        self.calls += 1
        if self.failures:
            raise self.failures.pop(0)
        return "ok"


async def test_retry_call_retries_retryable_errors(clock: FakeClock) -> None:
    op = Flaky([ProviderError("p", "boom", retryable=True)] * 2)
    policy = RetryPolicy(max_attempts=3, backoff=Backoff(base_s=0.1, cap_s=20.0, jitter=0))
    assert await retry_call(op, policy, sleep=clock.sleep) == "ok"
    assert op.calls == 3
    assert clock.sleeps == [0.1, 0.2]


async def test_retry_call_raises_non_retryable_errors_at_once(clock: FakeClock) -> None:
    op = Flaky([ProviderError("p", "bad key")])
    with pytest.raises(ProviderError, match="bad key"):
        await retry_call(op, RetryPolicy(), sleep=clock.sleep)
    assert op.calls == 1


async def test_retry_call_gives_up_after_max_attempts(clock: FakeClock) -> None:
    op = Flaky([ProviderError("p", f"fail {i}", retryable=True) for i in range(5)])
    with pytest.raises(ProviderError, match="fail 1"):
        await retry_call(
            op,
            RetryPolicy(max_attempts=2, backoff=Backoff(base_s=0.5, cap_s=20.0, jitter=0)),
            sleep=clock.sleep,
        )
    assert op.calls == 2


async def test_retry_call_honours_an_errors_retry_after(clock: FakeClock) -> None:
    error = ProviderError("p", "slow down", retryable=True)
    error.retry_after = 0.07  # type: ignore[attr-defined]
    op = Flaky([error])
    await retry_call(op, RetryPolicy(), sleep=clock.sleep)
    assert clock.sleeps == [0.07]


async def test_requests_to_one_host_start_at_least_min_interval_apart(clock: FakeClock) -> None:
    polite = Politeness(min_interval=2.0, max_concurrency=4, clock=clock, sleep=clock.sleep)
    starts: list[float] = []

    async def request() -> None:
        async with polite.slot("news.example"):
            starts.append(clock.now)

    await asyncio.gather(*(request() for _ in range(3)))
    assert starts == [1000.0, 1002.0, 1004.0]


async def test_different_hosts_do_not_wait_for_each_other(clock: FakeClock) -> None:
    polite = Politeness(min_interval=5.0, clock=clock, sleep=clock.sleep)
    for host in ("a.example", "b.example", "c.example"):
        async with polite.slot(host):
            pass
    assert clock.sleeps == []


async def test_host_names_are_case_insensitive(clock: FakeClock) -> None:
    polite = Politeness(min_interval=1.0, clock=clock, sleep=clock.sleep)
    async with polite.slot("News.Example"):
        pass
    async with polite.slot("news.example"):
        pass
    assert clock.sleeps == [1.0]


async def test_concurrency_per_host_is_bounded() -> None:
    polite = Politeness(min_interval=0.0, max_concurrency=2)
    active = 0
    peak = 0
    release = asyncio.Event()

    async def request() -> None:
        nonlocal active, peak
        async with polite.slot("shop.example"):
            active += 1
            peak = max(peak, active)
            await release.wait()
            active -= 1

    tasks = [asyncio.create_task(request()) for _ in range(5)]
    for _ in range(5):
        await asyncio.sleep(0)
    assert active == 2
    release.set()
    await asyncio.gather(*tasks)
    assert peak == 2


async def test_crawl_delay_widens_but_never_narrows_the_spacing(clock: FakeClock) -> None:
    polite = Politeness(min_interval=1.0, clock=clock, sleep=clock.sleep)
    polite.set_min_interval("slow.example", 3.0)
    polite.set_min_interval("fast.example", 0.1)
    assert polite.interval("slow.example") == 3.0
    assert polite.interval("fast.example") == 1.0
    assert polite.interval("other.example") == 1.0


def test_politeness_validates_its_bounds() -> None:
    with pytest.raises(InvalidInput):
        Politeness(min_interval=-1)
    with pytest.raises(InvalidInput):
        Politeness(max_concurrency=0)
