"""How often a monitor looks at its known pages (sentinel.monitor.scheduling.looks): a prior by
kind of state, shortened by the shortest state seen holding and paced by the pages' own change
rate, within an hour and three; and a search about daily."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from sentinel.monitor.known_pages import KnownPage, KnownPages
from sentinel.monitor.scheduling.bounds import ScheduledRun
from sentinel.monitor.scheduling.cadence import MISS_BOUNDED
from sentinel.monitor.scheduling.looks import (
    LOOK_MAX,
    LOOK_MIN,
    SEARCH_EVERY,
    look_wait,
    prior_life,
    search_due,
    state_kind,
    with_look,
)

NOW = datetime(2025, 9, 10, 9, tzinfo=UTC)


def known(*, changes: int = 0, seen: timedelta = timedelta(0), held: float | None = None):
    first = (NOW - seen).isoformat()
    pages = (KnownPage("https://shop.example/k2", "fp", 2, first, first, changes=changes),)
    return KnownPages(pages, searched_at=NOW.isoformat(), shortest_held_s=held)


def test_each_kind_of_brief_state_has_its_prior_and_lasting_states_have_none() -> None:
    assert state_kind("the status page reports an incident").name == "outage"  # type: ignore[union-attr]
    assert state_kind("a cancellation frees a campsite").name == "slots"  # type: ignore[union-attr]
    assert state_kind("the console is back in stock").name == "stock"  # type: ignore[union-attr]
    assert state_kind("the fare drops below 300 EUR").name == "price"  # type: ignore[union-attr]
    assert prior_life("the court rules on the merger", notify_always=False) is None
    assert prior_life("the court rules on the merger", notify_always=True) == timedelta(hours=6)
    outage = prior_life("an outage", notify_always=False)
    restock = prior_life("a restock", notify_always=False)
    assert outage is not None
    assert restock is not None
    assert outage < restock


def test_with_nothing_seen_the_prior_sets_the_wait() -> None:
    assert look_wait(timedelta(hours=4), known(), now=NOW).wait == timedelta(hours=2)


def test_a_short_state_seen_holding_shortens_the_wait_down_to_an_hour() -> None:
    brief = look_wait(timedelta(hours=4), known(held=5400), now=NOW)

    assert brief.wait == LOOK_MIN
    assert "shortest state seen" in brief.reason


def test_pages_whose_relevant_content_never_changes_drift_to_the_longest_wait() -> None:
    quiet = look_wait(timedelta(hours=4), known(seen=timedelta(days=6)), now=NOW)

    assert quiet.wait == LOOK_MAX


def test_churning_relevant_content_never_shortens_the_wait_below_half_the_prior() -> None:
    churn = look_wait(timedelta(hours=4), known(changes=60, seen=timedelta(days=3)), now=NOW)

    assert churn.wait == timedelta(hours=1)  # half the 4 h prior, then half of that


def test_the_search_is_due_a_day_after_the_last() -> None:
    pages = known()

    assert not search_due(pages, now=NOW + SEARCH_EVERY - timedelta(minutes=1))
    assert search_due(pages, now=NOW + SEARCH_EVERY)
    assert search_due(KnownPages(pages.pages), now=NOW)


def test_the_next_look_comes_before_a_later_planned_run_and_never_after_its_wait() -> None:
    pages = known()
    wait = look_wait(timedelta(hours=4), pages, now=NOW)
    later = ScheduledRun(NOW + timedelta(hours=12), "planned")

    looked, kept = with_look(later, wait, pages, now=NOW, rng=random.Random(1))

    assert NOW + wait.wait * 0.9 <= looked.at <= NOW + wait.wait
    assert "look at known pages" in looked.explanation
    assert kept.full_at is None


def test_a_sooner_run_for_a_named_moment_is_kept_and_searches() -> None:
    pages = known()
    wait = look_wait(timedelta(hours=4), pages, now=NOW)
    moment = ScheduledRun(NOW + timedelta(minutes=30), "appointment: on sale at 10:00")

    planned, kept = with_look(moment, wait, pages, now=NOW, rng=random.Random(1))

    assert planned == moment
    assert kept.full_at == moment.at.isoformat()
    assert not search_due(kept, now=moment.at - timedelta(minutes=1))
    assert search_due(kept, now=moment.at)


def test_a_sooner_run_set_by_the_miss_bound_alone_is_kept_without_a_search() -> None:
    pages = known()
    wait = look_wait(timedelta(hours=6), pages, now=NOW)
    bounded = ScheduledRun(NOW + timedelta(hours=2), f"{MISS_BOUNDED}notify=always → in 2 h")

    planned, kept = with_look(bounded, wait, pages, now=NOW, rng=random.Random(1))

    assert planned == bounded
    assert kept.full_at is None
