"""SearchInput validation and its freshness window."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from pydantic import ValidationError

from sentinel.web.search.base import MAX_QUERY_CHARS, SearchInput

NOW = datetime(2025, 6, 1, tzinfo=UTC)


def test_query_is_stripped_and_whitespace_collapsed() -> None:
    assert SearchInput(query="  eu  ai\nact ").query == "eu ai act"


@pytest.mark.parametrize("query", ["", "   ", "\n\t"])
def test_blank_query_is_rejected(query: str) -> None:
    with pytest.raises(ValidationError):
        SearchInput(query=query)


def test_overlong_query_is_rejected() -> None:
    SearchInput(query="x" * MAX_QUERY_CHARS)
    with pytest.raises(ValidationError):
        SearchInput(query="x" * (MAX_QUERY_CHARS + 1))


@pytest.mark.parametrize("num", [0, 11, -1])
def test_num_results_must_be_between_1_and_10(num: int) -> None:
    with pytest.raises(ValidationError):
        SearchInput(query="q", num_results=num)


def test_num_results_defaults_to_five() -> None:
    assert SearchInput(query="q").num_results == 5


@pytest.mark.parametrize(
    ("freshness", "age"),
    [
        ("d7", timedelta(days=7)),
        ("w2", timedelta(days=14)),
        ("m1", timedelta(days=30)),
        ("y1", timedelta(days=365)),
        (" D3 ", timedelta(days=3)),
    ],
)
def test_freshness_since_subtracts_the_window(freshness: str, age: timedelta) -> None:
    search = SearchInput(query="q", freshness=freshness)
    assert search.since(NOW) == NOW - age


@pytest.mark.parametrize("freshness", ["7d", "d", "x7", "d0", "d-1", "week", "d7 w1"])
def test_malformed_freshness_is_rejected(freshness: str) -> None:
    with pytest.raises(ValidationError, match="freshness"):
        SearchInput(query="q", freshness=freshness)


def test_empty_freshness_means_no_filter() -> None:
    search = SearchInput(query="q", freshness="")
    assert search.freshness is None
    assert search.since(NOW) is None
    assert search.window() is None


def test_since_treats_a_naive_now_as_utc() -> None:
    search = SearchInput(query="q", freshness="d1")
    assert search.since(NOW.replace(tzinfo=None)) == NOW - timedelta(days=1)
