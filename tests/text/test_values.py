"""The values prose states, and when two texts agree on them."""

from __future__ import annotations

from sentinel.text.values import Day, values_in


def test_amounts_and_percentages_agree_however_written() -> None:
    source = values_in("The grant covers 40 percent of costs, up to 6,000 euros, from 320 million.")
    assert values_in("It pays 40% up to EUR 6000 from a 320m budget").stated_by(source)
    assert not values_in("It pays 50% up to EUR 6000").stated_by(source)
    assert not values_in("It pays 40 euros").stated_by(source)  # 40 is a percentage there


def test_days_agree_when_their_stated_parts_do() -> None:
    source = values_in("Applications open on 3 March 2025 and close in June 2025.")
    assert source.days == (Day(2025, 3, 3), Day(2025, 6, None))
    assert values_in("They open on March 3, 2025.").stated_by(source)
    assert values_in("They open on 2025-03-03.").stated_by(source)
    assert values_in("They open on 3 March.").stated_by(source)
    assert not values_in("They open on 3 April 2025.").stated_by(source)
    assert not values_in("They open on 3 March 2026.").stated_by(source)


def test_numbers_inside_dates_are_not_numbers() -> None:
    found = values_in("On 3 March 2025 the ministry paid 12 grants.")
    assert found.numbers == frozenset({(12.0, False)})
    assert values_in("no values here").empty
