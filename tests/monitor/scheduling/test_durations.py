"""Durations as governors write them."""

from __future__ import annotations

from datetime import timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sentinel.errors import InvalidInput
from sentinel.monitor.scheduling.durations import (
    UnparseableDuration,
    format_duration,
    parse_duration,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("6 hours", timedelta(hours=6)),
        ("2 days", timedelta(days=2)),
        ("30m", timedelta(minutes=30)),
        ("1 week", timedelta(weeks=1)),
        ("in 3 days", timedelta(days=3)),
        ("1.5 hours", timedelta(minutes=90)),
        ("an hour", timedelta(hours=1)),
        ("a day", timedelta(days=1)),
        ("half an hour", timedelta(minutes=30)),
        ("an hour and a half", timedelta(minutes=90)),
        ("1h30m", timedelta(minutes=90)),
        ("2 days and 6 hours", timedelta(days=2, hours=6)),
        ("2 days, 6 hours", timedelta(days=2, hours=6)),
        ("every 6 hours", timedelta(hours=6)),
        ("every hour", timedelta(hours=1)),
        ("daily", timedelta(days=1)),
        ("twice a day", timedelta(hours=12)),
        ("~6 hours", timedelta(hours=6)),
        ("a couple of days", timedelta(days=2)),
        ("a few hours", timedelta(hours=3)),
        ("6 hours from now", timedelta(hours=6)),
        ("Check again in 12 HOURS.", timedelta(hours=12)),
        ("a fortnight", timedelta(weeks=2)),
        ("1 month", timedelta(days=30)),
        ("0 minutes", timedelta(0)),
    ],
)
def test_common_duration_phrases_parse(text: str, expected: timedelta) -> None:
    assert parse_duration(text) == expected


def test_a_range_takes_the_sooner_bound_because_checking_early_misses_nothing() -> None:
    assert parse_duration("6-12 hours") == timedelta(hours=6)
    assert parse_duration("about 2 to 3 days") == timedelta(days=2)


def test_an_explanation_after_the_duration_is_ignored() -> None:
    assert parse_duration("6 hours (the launch is near)") == timedelta(hours=6)
    assert parse_duration("1 day because nothing moves") == timedelta(days=1)
    assert parse_duration("2 hours; event tonight") == timedelta(hours=2)


@pytest.mark.parametrize("text", ["", "soon", "5", "ad", "m", "tomorrow", "-5 hours", "6 parsecs"])
def test_non_durations_raise_an_invalid_input_naming_the_text(text: str) -> None:
    with pytest.raises(UnparseableDuration) as caught:
        parse_duration(text)
    assert isinstance(caught.value, InvalidInput)
    assert caught.value.value == text


def test_an_absurdly_long_duration_is_refused_rather_than_overflowing() -> None:
    with pytest.raises(UnparseableDuration, match="too long"):
        parse_duration("99999999999 days")


def test_format_duration_writes_whole_units() -> None:
    assert format_duration(timedelta(days=1, hours=2, minutes=3, seconds=4)) == (
        "1 day 2 hours 3 minutes 4 seconds"
    )
    assert format_duration(timedelta(0)) == "0 seconds"
    assert format_duration(timedelta(hours=-3)) == "0 seconds"


@given(st.integers(min_value=0, max_value=3650 * 86400))
def test_parse_reads_back_what_format_writes(seconds: int) -> None:
    span = timedelta(seconds=seconds)
    assert parse_duration(format_duration(span)) == span
