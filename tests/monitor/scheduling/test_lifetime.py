"""What a miss costs: the bound on the wait for brief states and notify=always."""

from __future__ import annotations

from datetime import timedelta

import pytest

from sentinel.monitor.scheduling.lifetime import (
    BRIEF_LIFETIME,
    MIN_BOUND,
    brief_criteria,
    hinted_lifetime,
    miss_bound,
)


@pytest.mark.parametrize(
    "criteria",
    [
        "The product page shows the console in stock",
        "Resale tickets are available to buy",
        "Fare below €350",
        "Costs less than $300 at Voltmart",
        "The status page shows an ongoing incident",
        "Trains are suspended between A and B",
        "Bookable appointments are shown",
    ],
)
def test_states_that_come_and_go_are_brief(criteria: str) -> None:
    assert brief_criteria(None, criteria)


@pytest.mark.parametrize(
    "criteria",
    [
        "Apple has officially announced the release date",
        "The council has voted on the bike lane",
        "The court has issued its decision",
        "Apple has officially announced the date iPhone 17 goes on sale",
        "",
    ],
)
def test_lasting_states_are_not(criteria: str) -> None:
    assert not brief_criteria(criteria, None)


def test_a_lasting_state_notified_once_has_no_bound() -> None:
    assert miss_bound(notify_always=False, criteria=["The court has ruled"]) is None


def test_without_evidence_the_bound_is_half_a_brief_states_life() -> None:
    bound = miss_bound(notify_always=True, criteria=["The clinic changes its hours"])

    assert bound is not None
    assert bound.wait == BRIEF_LIFETIME / 2
    assert "notify=always" in bound.reason


def test_a_history_of_short_lived_states_shortens_the_bound() -> None:
    quiet = miss_bound(notify_always=False, criteria=["in stock"])
    seen = miss_bound(
        notify_always=False, criteria=["in stock"], held=[timedelta(hours=9), timedelta(hours=5)]
    )

    assert quiet is not None
    assert seen is not None
    assert seen.wait == timedelta(hours=2.5) < quiet.wait
    assert "lasted 5 hours" in seen.reason


def test_long_lived_history_or_a_slow_hint_never_lengthens_it() -> None:
    bound = miss_bound(notify_always=True, criteria=["x"], held=[timedelta(days=9)], hint="weekly")

    assert bound is not None
    assert bound.wait == BRIEF_LIFETIME / 2


def test_the_sensors_volatility_judgement_shortens_it_down_to_the_floor() -> None:
    hours = miss_bound(notify_always=True, criteria=["x"], hint="hours")
    minutes = miss_bound(notify_always=True, criteria=["x"], hint="changes within minutes")
    user_floor = miss_bound(
        notify_always=True, criteria=["x"], hint="minutes", min_interval=timedelta(hours=5)
    )

    assert hours is not None
    assert minutes is not None
    assert user_floor is not None
    assert hours.wait == MIN_BOUND
    assert minutes.wait == MIN_BOUND
    assert user_floor.wait == timedelta(hours=5)


@pytest.mark.parametrize(
    ("hint", "life"),
    [
        ("hours", timedelta(hours=3)),
        ("6 hours", timedelta(hours=6)),
        ("Daily.", timedelta(days=1)),
        ("stable", None),
        (None, None),
    ],
)
def test_hinted_lifetime_reads_paces_and_durations(
    hint: str | None, life: timedelta | None
) -> None:
    assert hinted_lifetime(hint) == life
