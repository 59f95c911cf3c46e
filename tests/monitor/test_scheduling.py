"""Scheduling: parse the governor's next_check, bound it, jitter it, explain it."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sentinel.errors import InvalidInput
from sentinel.monitor.durations import format_duration
from sentinel.monitor.scheduling import (
    ANCHORED_JITTER_CAP,
    DEFAULT_INTERVAL,
    MAX_INTERVAL,
    MIN_INTERVAL,
    ScheduleBounds,
    UnparseableNextCheck,
    add_jitter,
    bound_next_run,
    interpret_next_check,
    parse_next_check,
    schedule_next,
)

# A Monday, 10:00 UTC.
NOW = datetime(2025, 9, 8, 10, 0, tzinfo=UTC)
nows = st.datetimes(
    min_value=datetime(2000, 1, 1), max_value=datetime(2100, 1, 1), timezones=st.just(UTC)
)


def at(text: str, *, now: datetime = NOW, tz: timezone | ZoneInfo = UTC) -> datetime:
    return parse_next_check(text, now=now, tz=tz)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("6 hours", NOW + timedelta(hours=6)),
        ("2 days", NOW + timedelta(days=2)),
        ("30m", NOW + timedelta(minutes=30)),
        ("1 week", NOW + timedelta(weeks=1)),
        ("in 3 days", NOW + timedelta(days=3)),
        ("1.5 hours", NOW + timedelta(minutes=90)),
        ("an hour", NOW + timedelta(hours=1)),
        ("a day", NOW + timedelta(days=1)),
        ("half an hour", NOW + timedelta(minutes=30)),
        ("now", NOW),
        ("tomorrow", datetime(2025, 9, 9, 10, 0, tzinfo=UTC)),
        ("tomorrow 9am", datetime(2025, 9, 9, 9, 0, tzinfo=UTC)),
        ("tomorrow at 9:30 pm", datetime(2025, 9, 9, 21, 30, tzinfo=UTC)),
        ("9am tomorrow", datetime(2025, 9, 9, 9, 0, tzinfo=UTC)),
        ("noon tomorrow", datetime(2025, 9, 9, 12, 0, tzinfo=UTC)),
        ("tomorrow morning", datetime(2025, 9, 9, 9, 0, tzinfo=UTC)),
        ("tonight", datetime(2025, 9, 8, 20, 0, tzinfo=UTC)),
        ("at 14:30", datetime(2025, 9, 8, 14, 30, tzinfo=UTC)),
        ("9am", datetime(2025, 9, 9, 9, 0, tzinfo=UTC)),
        ("Friday", datetime(2025, 9, 12, 10, 0, tzinfo=UTC)),
        ("Tuesday evening", datetime(2025, 9, 9, 18, 0, tzinfo=UTC)),
        ("2025-09-09T17:00:00Z", datetime(2025, 9, 9, 17, 0, tzinfo=UTC)),
        ("2025-09-09T19:00:00+02:00", datetime(2025, 9, 9, 17, 0, tzinfo=UTC)),
        ("2025-09-10", datetime(2025, 9, 10, tzinfo=UTC)),
    ],
)
def test_next_check_phrases_name_the_expected_instant(text: str, expected: datetime) -> None:
    assert at(text) == expected


def test_a_weekday_at_a_later_hour_today_means_today() -> None:
    assert at("Monday at 14:00") == datetime(2025, 9, 8, 14, 0, tzinfo=UTC)


def test_a_weekday_at_an_hour_already_past_today_means_next_week() -> None:
    assert at("Monday 9am") == datetime(2025, 9, 15, 9, 0, tzinfo=UTC)


def test_next_monday_is_never_today_even_on_a_monday_morning() -> None:
    assert at("next Monday 9am") == datetime(2025, 9, 15, 9, 0, tzinfo=UTC)
    assert at("next Monday 11am") == datetime(2025, 9, 15, 11, 0, tzinfo=UTC)


def test_calendar_phrases_are_read_in_the_monitor_time_zone() -> None:
    new_york = ZoneInfo("America/New_York")  # UTC-4 in September
    assert at("tomorrow 9am", tz=new_york) == datetime(2025, 9, 9, 13, 0, tzinfo=UTC)
    assert at("2025-09-09T17:00", tz=new_york) == datetime(2025, 9, 9, 21, 0, tzinfo=UTC)
    plus_two = timezone(timedelta(hours=2))
    assert at("tomorrow 9am", tz=plus_two) == datetime(2025, 9, 9, 7, 0, tzinfo=UTC)


def test_phrases_outside_the_fast_grammar_fall_back_to_dateparser() -> None:
    found = interpret_next_check("September 10 at noon", now=NOW)
    assert found.at == datetime(2025, 9, 10, 12, 0, tzinfo=UTC)
    assert found.kind == "calendar"
    assert at("the day after tomorrow") == datetime(2025, 9, 10, 10, 0, tzinfo=UTC)


def test_the_result_is_always_utc() -> None:
    result = at("tomorrow 9am", tz=ZoneInfo("Asia/Tokyo"))
    assert result.tzinfo is UTC


def test_interpret_reports_which_grammar_recognized_the_text() -> None:
    assert interpret_next_check("6 hours", now=NOW).kind == "duration"
    assert interpret_next_check("asap", now=NOW).kind == "now"
    assert interpret_next_check("tomorrow 9am", now=NOW).kind == "calendar"
    assert interpret_next_check("2025-09-09T17:00:00Z", now=NOW).kind == "iso"


def test_a_date_that_is_today_means_now() -> None:
    assert at("2025-09-08") == NOW
    assert at("today") == NOW


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("whenever", "not a duration"),
        ("", "empty"),
        ("5", "bare number"),
        ("today 9am", "in the past"),
        ("2025-09-01T00:00:00Z", "in the past"),
        ("tomorrow 25:00", "not a time of day"),
        ("13pm", "does not fit pm"),
        ("Monday 9", "ambiguous"),
        ("x" * 201, "longer than"),
        ("99999999999 days", "too"),
    ],
)
def test_unparseable_next_check_names_the_text_and_the_problem(text: str, problem: str) -> None:
    with pytest.raises(UnparseableNextCheck, match=problem) as caught:
        at(text)
    assert isinstance(caught.value, InvalidInput)
    assert caught.value.value == text


def test_a_naive_now_is_refused() -> None:
    with pytest.raises(InvalidInput, match="timezone-aware"):
        parse_next_check("6 hours", now=datetime(2025, 9, 8, 10, 0))


duration_texts = st.builds(
    lambda amount, unit, prefix: f"{prefix}{amount} {unit}",
    st.one_of(st.integers(0, 5000), st.floats(0, 500, allow_nan=False).map(lambda f: round(f, 2))),
    st.sampled_from(["minutes", "m", "hours", "h", "days", "weeks", "seconds"]),
    st.sampled_from(["", "in ", "about ", "every "]),
)
calendar_texts = st.builds(
    lambda day, hour: f"{day} {hour}",
    st.sampled_from(
        ["tomorrow", "today", "Monday", "next Friday", "sunday", "tonight", "this wed"]
    ),
    st.sampled_from(["", "9am", "at 14:00", "noon", "11:59 pm", "at 0:00", "evening"]),
)


@settings(max_examples=150, deadline=None)
@given(st.one_of(duration_texts, calendar_texts), nows)
def test_a_successful_parse_is_never_before_now(text: str, now: datetime) -> None:
    outcome = parse_or_problem(text, now)
    if isinstance(outcome, str):
        assert "past" in outcome  # the only way these can fail: "today 9am" in the evening
    else:
        assert outcome >= now


def parse_or_problem(text: str, now: datetime) -> datetime | str:
    try:
        return parse_next_check(text, now=now)
    except UnparseableNextCheck as error:
        return error.problem


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=30), nows)
def test_arbitrary_text_either_parses_to_the_future_or_raises_unparseable(
    text: str, now: datetime
) -> None:
    outcome = parse_or_problem(text, now)
    assert isinstance(outcome, str) or outcome >= now


@given(st.integers(0, 3650 * 86400), nows)
def test_parse_of_a_formatted_duration_round_trips(seconds: int, now: datetime) -> None:
    span = timedelta(seconds=seconds)
    assert parse_next_check(format_duration(span), now=now) == now + span


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
