"""A notification states a case's value however it is written: amounts in any locale's
format, dates spelled in the four languages, times on either clock; and a version is not
found inside a longer one."""

from __future__ import annotations

import pytest

from sentinel.bench.sensing.mentions import amounts_in, mention_found, missing_mentions


@pytest.mark.parametrize(
    ("mention", "text"),
    [
        ("399.99", "Price £399.99 (was £449.99)"),
        ("399.99", "399.99 GBP"),
        ("1749.00", "jetzt 1.749,00 €*"),
        ("1299", "1 299,00 €"),
        ("1299", "1\u202f299,00\u00a0€"),
        ("879", "CHF 879.–"),
        ("1049.00", "CHF 1’049.– statt"),
        ("89.99", "por 89,99 €"),
        ("2027-05-27", "from 27 to 29 May 2027"),
        ("2027-05-27", "May 27, 2027"),
        ("2027-05-12", "du 12 au 16 mai 2027"),
        ("2027-08-25", "vom 25. August bis 29. August"),
        ("2027-06-08", "del 8 al 10 de junio"),
        ("2027-02-23", "am 23.02.2027"),
        ("2027-04-09", "site 023 is free on Fri 4/9"),
        ("08:15", "um 8:15 Uhr"),
        ("09:30", "mardi à 09h30"),
        ("19:45", "a table at 7:45 pm"),
        ("3.0.0", "Tidewater v3.0.0 is out"),
        ("5.0", "Larkspur 5.0 released"),
    ],
)
def test_a_value_is_found_however_it_is_written(mention: str, text: str) -> None:
    assert mention_found(mention, text)


@pytest.mark.parametrize(
    ("mention", "text"),
    [
        ("399.99", "£389 in the sale, now £449.99"),
        ("1749.00", "1.799,00 €"),
        ("2027-05-27", "27 June 2027"),
        ("2027-05-27", "17 May"),
        ("08:15", "18:15"),
        ("3.0.0", "13.0.0"),
        ("3.0.0", "3.0.0.1"),
        ("5.0", "5.0.1"),
    ],
)
def test_a_different_value_is_not_found(mention: str, text: str) -> None:
    assert not mention_found(mention, text)


def test_a_number_is_read_with_either_separator() -> None:
    assert {1.299, 1299.0} <= amounts_in("1.299")
    assert 1299.99 in amounts_in("$1,299.99")


def test_missing_mentions_lists_what_the_text_leaves_out() -> None:
    assert missing_mentions(["399.99", "2027-01-14"], "Now £399.99 at PixelParts") == ["2027-01-14"]
