"""Parsing a governor's next_check: durations, calendar phrases, ISO times; never the past."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sentinel.errors import InvalidInput
from sentinel.monitor.scheduling.durations import format_duration
from sentinel.monitor.scheduling.next_check import (
    UnparseableNextCheck,
    interpret_next_check,
    parse_next_check,
)
from tests.monitor.strategies import calendar_texts, duration_texts, nows

# A Monday, 10:00 UTC.
NOW = datetime(2025, 9, 8, 10, 0, tzinfo=UTC)


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
        ("2025-09-09 17:30", datetime(2025, 9, 9, 17, 30, tzinfo=UTC)),
        ("2025-09-09T17:00:00Z (keynote starts)", datetime(2025, 9, 9, 17, 0, tzinfo=UTC)),
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


def test_a_wall_clock_time_across_a_daylight_saving_change_keeps_its_local_hour() -> None:
    berlin = ZoneInfo("Europe/Berlin")  # summer time ends on 2025-10-26
    saturday = datetime(2025, 10, 25, 10, 0, tzinfo=UTC)
    assert at("tomorrow 9am", now=saturday, tz=berlin) == datetime(2025, 10, 26, 8, 0, tzinfo=UTC)


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
        ("2025-13-01", "not a valid date"),
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
