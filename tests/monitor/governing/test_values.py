"""How state values compare across a sensor's formatting noise."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from sentinel.monitor.governing.values import (
    as_datetime,
    as_number,
    canonical,
    canonical_url,
    order,
    same_value,
    url_domain,
)


@pytest.mark.parametrize(
    ("text", "number"),
    [("799", 799), ("799.00", 799.0), ("$1,299.50", 1299.5), ("-3", -3), (" 42 ", 42)],
)
def test_numeric_text_reads_as_a_number(text: str, number: float) -> None:
    assert as_number(text) == number


@pytest.mark.parametrize("value", [True, "12 units", "1,2", "2.1.0", None, [1]])
def test_non_numbers_read_as_none(value: object) -> None:
    assert as_number(value) is None


def test_dates_in_common_forms_read_as_utc_instants() -> None:
    assert as_datetime("2025-09-09") == datetime(2025, 9, 9, tzinfo=UTC)
    assert as_datetime("September 9, 2025") == datetime(2025, 9, 9, tzinfo=UTC)
    assert as_datetime("2025-09-09T19:00:00+02:00") == datetime(2025, 9, 9, 17, tzinfo=UTC)
    assert as_datetime("20250909") is None
    assert as_datetime("soon") is None


def test_two_texts_compare_as_text_so_a_version_change_is_seen() -> None:
    assert not same_value("2.1", "2.10")
    assert same_value(799, "799.00")


def test_order_is_numeric_chronological_or_alphabetical_and_none_otherwise() -> None:
    assert order("$90", 100) == -1
    assert order("2025-09-10", "September 9, 2025") == 1
    assert order("Beta", "alpha") == 1
    assert order("abc", 5) is None
    assert order([1], [1]) is None


def test_canonical_nests_and_folds() -> None:
    assert canonical({"A": {"B": ["y", "X"]}}) == {"a": {"b": ["x", "y"]}}


def test_url_canonical_form_and_domain() -> None:
    assert canonical_url("HTTPS://WWW.Example.com:443/a/b/#frag") == "https://www.example.com/a/b"
    assert canonical_url("http://example.com:8080/") == "http://example.com:8080"
    assert url_domain("https://www.apple.com/x") == "apple.com"
