"""The run-retry delays of the monitor's standalone policy and of the engine's, pinned.

The expected values were computed from the two policies as they stood before they became one
(``monitor.failures.BackoffRetryPolicy`` and ``engine.retry.RunnerRetries``) and are written
out here, so that merging them cannot change a delay: for every category, attempt,
``retryable`` flag and server Retry-After below, the delay in seconds (None: not retried).
A combination the tables do not list is not retried.
"""

from __future__ import annotations

import random
from datetime import timedelta

import pytest

from sentinel.engine import RunnerRetries, RunRetryPolicy
from sentinel.monitor.failures import STANDALONE_RETRIES, RunFailure, RunRetries

CATEGORIES = (
    "rate_limit",
    "network",
    "provider",
    "model",
    "user",
    "internal",
    "abandoned",
    "cosmic-ray",
)
RETRY_AFTERS = (None, 45.0, 1000.0, 100000.0)
ATTEMPTS = 6

Row = tuple[str, bool, float | None, list[float | None]]

# The monitor's standalone policy: factor 4, no jitter, model and user never, any other
# category like network, Retry-After wins when longer and is not capped.
MONITOR: list[Row] = [
    ("rate_limit", True, None, [600, 2400, 9600, None, None, None]),
    ("rate_limit", True, 45.0, [600, 2400, 9600, None, None, None]),
    ("rate_limit", True, 1000.0, [1000, 2400, 9600, None, None, None]),
    ("rate_limit", True, 100000.0, [100000, 100000, 100000, None, None, None]),
    ("network", True, None, [120, 480, 1920, None, None, None]),
    ("network", True, 45.0, [120, 480, 1920, None, None, None]),
    ("network", True, 1000.0, [1000, 1000, 1920, None, None, None]),
    ("network", True, 100000.0, [100000, 100000, 100000, None, None, None]),
    ("provider", True, None, [120, 480, 1920, None, None, None]),
    ("provider", True, 45.0, [120, 480, 1920, None, None, None]),
    ("provider", True, 1000.0, [1000, 1000, 1920, None, None, None]),
    ("provider", True, 100000.0, [100000, 100000, 100000, None, None, None]),
    ("internal", True, None, [120, 480, 1920, None, None, None]),
    ("internal", True, 45.0, [120, 480, 1920, None, None, None]),
    ("internal", True, 1000.0, [1000, 1000, 1920, None, None, None]),
    ("internal", True, 100000.0, [100000, 100000, 100000, None, None, None]),
    ("abandoned", True, None, [120, 480, 1920, None, None, None]),
    ("abandoned", True, 45.0, [120, 480, 1920, None, None, None]),
    ("abandoned", True, 1000.0, [1000, 1000, 1920, None, None, None]),
    ("abandoned", True, 100000.0, [100000, 100000, 100000, None, None, None]),
    ("cosmic-ray", True, None, [120, 480, 1920, None, None, None]),
    ("cosmic-ray", True, 45.0, [120, 480, 1920, None, None, None]),
    ("cosmic-ray", True, 1000.0, [1000, 1000, 1920, None, None, None]),
    ("cosmic-ray", True, 100000.0, [100000, 100000, 100000, None, None, None]),
]

# The engine's budgets without jitter: factor 2, model retried even when its provider says
# permanent, Retry-After wins when longer but only up to the budget's max_s (6 h).
ENGINE: list[Row] = [
    ("rate_limit", True, None, [60, 120, 240, 480, 960, None]),
    ("rate_limit", True, 45.0, [60, 120, 240, 480, 960, None]),
    ("rate_limit", True, 1000.0, [1000, 1000, 1000, 1000, 1000, None]),
    ("rate_limit", True, 100000.0, [21600, 21600, 21600, 21600, 21600, None]),
    ("network", True, None, [30, 60, 120, None, None, None]),
    ("network", True, 45.0, [45, 60, 120, None, None, None]),
    ("network", True, 1000.0, [1000, 1000, 1000, None, None, None]),
    ("network", True, 100000.0, [21600, 21600, 21600, None, None, None]),
    ("provider", True, None, [120, 240, 480, None, None, None]),
    ("provider", True, 45.0, [120, 240, 480, None, None, None]),
    ("provider", True, 1000.0, [1000, 1000, 1000, None, None, None]),
    ("provider", True, 100000.0, [21600, 21600, 21600, None, None, None]),
    ("model", True, None, [300, 600, None, None, None, None]),
    ("model", True, 45.0, [300, 600, None, None, None, None]),
    ("model", True, 1000.0, [1000, 1000, None, None, None, None]),
    ("model", True, 100000.0, [21600, 21600, None, None, None, None]),
    ("model", False, None, [300, 600, None, None, None, None]),
    ("model", False, 45.0, [300, 600, None, None, None, None]),
    ("model", False, 1000.0, [1000, 1000, None, None, None, None]),
    ("model", False, 100000.0, [21600, 21600, None, None, None, None]),
    ("internal", True, None, [300, None, None, None, None, None]),
    ("internal", True, 45.0, [300, None, None, None, None, None]),
    ("internal", True, 1000.0, [1000, None, None, None, None, None]),
    ("internal", True, 100000.0, [21600, None, None, None, None, None]),
    ("abandoned", True, None, [30, 60, 120, None, None, None]),
    ("abandoned", True, 45.0, [45, 60, 120, None, None, None]),
    ("abandoned", True, 1000.0, [1000, 1000, 1000, None, None, None]),
    ("abandoned", True, 100000.0, [21600, 21600, 21600, None, None, None]),
    ("cosmic-ray", True, None, [60, None, None, None, None, None]),
    ("cosmic-ray", True, 45.0, [60, None, None, None, None, None]),
    ("cosmic-ray", True, 1000.0, [1000, None, None, None, None, None]),
    ("cosmic-ray", True, 100000.0, [21600, None, None, None, None, None]),
]

# The engine's default policy (jitter 0.1) with random.Random(7): the first three attempts of
# each category in CATEGORIES order, retryable, no Retry-After. Pins the draws too: a spent
# budget or a category that is not retried draws nothing.
JITTERED: list[float | None] = [
    58.057003, 118.18981, 224.377573,
    29.782691, 56.784708, 115.611733,
    119.304013, 227.821542, 478.200208,
    286.990629, 595.808675, None,
    None, None, None,
    297.27861, None, None,
    28.726442, 55.038887, 118.514376,
    58.660566, None, None,
]  # fmt: skip


def monitor_policy() -> RunRetries:
    """The policy a monitor run uses when no engine supplies one."""
    return STANDALONE_RETRIES


def engine_policy() -> RunRetries:
    """The engine's budgets without jitter, as a runner asks for them."""
    return RunnerRetries(RunRetryPolicy(jitter=0.0), random.Random(0))


def grid(rows: list[Row]) -> list[Row]:
    """Every combination of the grid with its expected delays: a listed row, else never."""
    listed = {(category, retryable, after): delays for category, retryable, after, delays in rows}
    return [
        (category, retryable, after, listed.get((category, retryable, after), [None] * ATTEMPTS))
        for category in CATEGORIES
        for retryable in (True, False)
        for after in RETRY_AFTERS
    ]


def observed(
    policy: RunRetries, category: str, retryable: bool, after: float | None
) -> list[float | None]:
    """The policy's delay in seconds for each attempt of one failure."""
    failure = RunFailure(category, "x", retryable=retryable, retry_after_s=after)  # type: ignore[arg-type]
    found: list[float | None] = []
    for attempt in range(ATTEMPTS):
        delay = policy(failure, attempt)
        found.append(None if delay is None else delay.total_seconds())
    return found


@pytest.mark.parametrize(("category", "retryable", "after", "expected"), grid(MONITOR))
def test_the_monitors_standalone_delays_are_unchanged(
    category: str, retryable: bool, after: float | None, expected: list[float | None]
) -> None:
    assert observed(monitor_policy(), category, retryable, after) == expected


@pytest.mark.parametrize(("category", "retryable", "after", "expected"), grid(ENGINE))
def test_the_engines_delays_are_unchanged(
    category: str, retryable: bool, after: float | None, expected: list[float | None]
) -> None:
    assert observed(engine_policy(), category, retryable, after) == expected


def test_the_engines_jittered_delays_and_draws_are_unchanged() -> None:
    retries = RunnerRetries(RunRetryPolicy(), random.Random(7))
    found: list[float | None] = []
    for category in CATEGORIES:
        for attempt in range(3):
            failure = RunFailure(category, "x", retryable=True)  # type: ignore[arg-type]
            delay = retries(failure, attempt)
            found.append(None if delay is None else delay.total_seconds())

    assert found == JITTERED


def test_a_timedelta_is_what_both_return() -> None:
    failure = RunFailure("network", "reset", retryable=True)

    assert monitor_policy()(failure, 0) == timedelta(minutes=2)
    assert engine_policy()(failure, 0) == timedelta(seconds=30)
