"""Scheduling: bound the next run, jitter it, and explain the choice."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sentinel.errors import InvalidInput
from sentinel.monitor.scheduling.bounds import (
    ANCHORED_JITTER_CAP,
    DEFAULT_INTERVAL,
    MAX_INTERVAL,
    MIN_INTERVAL,
    ScheduleBounds,
    add_jitter,
    bound_next_run,
    schedule_next,
)
from tests.monitor.strategies import calendar_texts, duration_texts, nows

# A Monday, 10:00 UTC.
NOW = datetime(2025, 9, 8, 10, 0, tzinfo=UTC)


intervals = st.timedeltas(min_value=timedelta(0), max_value=timedelta(days=400))


@given(
    st.one_of(st.none(), nows),
    nows,
    intervals,
    intervals,
)
def test_bounding_always_lands_within_min_and_max(
    target: datetime | None, now: datetime, first: timedelta, second: timedelta
) -> None:
    low, high = sorted((first, second))
    result = bound_next_run(target, now=now, min_interval=low, max_interval=high)
    assert now + low <= result <= now + high


def test_bounding_without_a_target_uses_the_default() -> None:
    assert bound_next_run(None, now=NOW) == NOW + DEFAULT_INTERVAL


def test_bounding_pulls_a_target_long_past_into_the_future() -> None:
    assert bound_next_run(NOW - timedelta(days=9), now=NOW) == NOW + MIN_INTERVAL


def test_bounding_with_min_above_max_is_refused() -> None:
    with pytest.raises(InvalidInput, match="min_interval"):
        bound_next_run(NOW, now=NOW, min_interval=timedelta(days=2), max_interval=timedelta(1))


@given(nows, intervals, st.floats(0, 0.99), st.integers(0, 2**32), st.booleans())
def test_jitter_never_schedules_before_now_plus_min_interval(
    now: datetime, delay: timedelta, fraction: float, seed: int, late_only: bool
) -> None:
    target = now + delay
    result = add_jitter(
        target, now=now, rng=random.Random(seed), fraction=fraction, late_only=late_only
    )
    assert result >= now + MIN_INTERVAL
    if delay >= MIN_INTERVAL / (1 - fraction):
        assert abs(result - target) <= delay * fraction + timedelta(microseconds=1)


def test_jitter_is_deterministic_for_a_seeded_rng() -> None:
    target = NOW + timedelta(hours=6)
    first = add_jitter(target, now=NOW, rng=random.Random(7))
    second = add_jitter(target, now=NOW, rng=random.Random(7))
    assert first == second != target


def test_late_only_jitter_never_moves_earlier_and_respects_its_cap() -> None:
    target = NOW + timedelta(days=3)
    for seed in range(50):
        result = add_jitter(
            target, now=NOW, rng=random.Random(seed), late_only=True, cap=timedelta(minutes=5)
        )
        assert target <= result <= target + timedelta(minutes=5)


def test_schedule_next_follows_a_parsed_duration_within_its_jitter() -> None:
    run = schedule_next("6 hours", NOW, ScheduleBounds(), random.Random(1))
    assert abs(run.at - (NOW + timedelta(hours=6))) <= timedelta(minutes=36)
    assert "'6 hours'" in run.explanation


def test_schedule_next_falls_back_to_the_default_when_text_is_missing() -> None:
    run = schedule_next(None, NOW, ScheduleBounds(jitter_fraction=0), random.Random(1))
    assert run.at == NOW + DEFAULT_INTERVAL
    assert "no next_check" in run.explanation


def test_schedule_next_falls_back_to_the_default_and_says_why_when_unparseable() -> None:
    run = schedule_next(
        "when it feels right", NOW, ScheduleBounds(jitter_fraction=0), random.Random(1)
    )
    assert run.at == NOW + DEFAULT_INTERVAL
    assert "when it feels right" in run.explanation
    assert "default 1 day" in run.explanation


def test_schedule_next_raises_a_too_early_request_to_the_minimum() -> None:
    run = schedule_next("5 minutes", NOW, ScheduleBounds(jitter_fraction=0), random.Random(1))
    assert run.at == NOW + MIN_INTERVAL
    assert "minimum interval 15 minutes" in run.explanation


def test_schedule_next_lowers_a_too_late_request_to_the_maximum() -> None:
    run = schedule_next("3 months", NOW, ScheduleBounds(), random.Random(1))
    assert run.at <= NOW + MAX_INTERVAL
    assert "maximum interval 30 days" in run.explanation


def test_schedule_next_only_delays_a_calendar_time_and_by_a_few_minutes() -> None:
    anchor = datetime(2025, 9, 15, 9, 0, tzinfo=UTC)
    for seed in range(30):
        run = schedule_next("next Monday 9am", NOW, ScheduleBounds(), random.Random(seed))
        assert anchor <= run.at <= anchor + ANCHORED_JITTER_CAP


@given(
    st.one_of(st.none(), duration_texts, calendar_texts),
    nows,
    st.integers(0, 2**32),
)
@settings(max_examples=100, deadline=None)
def test_schedule_next_always_lands_within_the_bounds(
    text: str | None, now: datetime, seed: int
) -> None:
    bounds = ScheduleBounds(min_interval=timedelta(minutes=30), max_interval=timedelta(days=7))
    run = schedule_next(text, now, bounds, random.Random(seed))
    assert now + bounds.min_interval <= run.at <= now + bounds.max_interval


@pytest.mark.parametrize(
    ("fields", "problem"),
    [
        ({"min_interval": timedelta(days=2), "max_interval": timedelta(days=1)}, "exceeds"),
        ({"min_interval": timedelta(minutes=-1)}, "negative"),
        ({"jitter_fraction": 1.5}, r"\[0, 1\)"),
    ],
)
def test_inconsistent_bounds_are_refused(fields: dict[str, object], problem: str) -> None:
    with pytest.raises(InvalidInput, match=problem):
        ScheduleBounds(**fields)  # type: ignore[arg-type]
