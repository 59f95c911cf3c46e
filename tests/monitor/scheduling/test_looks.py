"""How often a monitor looks at its watch set (sentinel.monitor.scheduling.looks): the pace of
the watched kind of state's lifetime (minutes, hours, days), shortened within it by the
shortest state seen holding and the pages' change history, stretched by the monitor's request
budget; and a search only when the set is stale, at a named moment or every week."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest

from sentinel.monitor.contract.model import Lifetime
from sentinel.monitor.scheduling.bounds import ScheduledRun
from sentinel.monitor.scheduling.cadence import MISS_BOUNDED
from sentinel.monitor.scheduling.looks import (
    PACES,
    SEARCH_EVERY,
    budget_floor,
    look_wait,
    search_due,
    state_kind,
    watch_lifetime,
    with_look,
)
from sentinel.monitor.watch_set import WatchedPage, WatchSet

NOW = datetime(2025, 9, 10, 9, tzinfo=UTC)


def watched(
    *, changes: int = 0, seen: timedelta = timedelta(0), held: float | None = None, pages: int = 1
) -> WatchSet:
    first = (NOW - seen).isoformat()
    found = tuple(
        WatchedPage(f"https://shop.example/k{n}", "fp", 2, first, first, changes=changes)
        for n in range(pages)
    )
    return WatchSet(found, searched_at=NOW.isoformat(), shortest_held_s=held)


def test_each_kind_of_brief_state_has_a_lifetime_and_lasting_states_last_days() -> None:
    assert state_kind("the status page reports an incident").name == "outage"  # type: ignore[union-attr]
    assert state_kind("a cancellation frees a campsite").name == "slots"  # type: ignore[union-attr]
    assert state_kind("the console is back in stock").name == "stock"  # type: ignore[union-attr]
    assert state_kind("the fare drops below 300 EUR").name == "price"  # type: ignore[union-attr]
    assert watch_lifetime(None, "a table frees up at Noma", notify_always=False) == "minutes"
    assert watch_lifetime(None, "the fare drops below 300 EUR", notify_always=False) == "hours"
    assert watch_lifetime(None, "the court rules on the merger", notify_always=False) == "days"
    assert watch_lifetime(None, "the court rules on the merger", notify_always=True) == "hours"


def test_the_contract_lifetime_wins_over_the_words() -> None:
    assert watch_lifetime("days", "tickets for the release party", notify_always=False) == "days"


@pytest.mark.parametrize(
    ("lifetime", "slowest"),
    [
        ("minutes", timedelta(minutes=15)),
        ("hours", timedelta(minutes=60)),
        ("days", timedelta(hours=1)),
    ],
)
def test_with_nothing_seen_a_state_is_looked_at_at_the_slow_end_of_its_pace(
    lifetime: Lifetime, slowest: timedelta
) -> None:
    assert look_wait(lifetime, watched(), now=NOW).wait == slowest


def test_the_paces_order_minutes_before_hours_before_days() -> None:
    assert PACES["minutes"].slowest <= PACES["hours"].fastest
    assert PACES["hours"].slowest <= PACES["days"].fastest


def test_a_short_state_seen_holding_shortens_the_wait_down_to_the_fastest_look() -> None:
    brief = look_wait("minutes", watched(held=240), now=NOW)

    assert brief.wait == PACES["minutes"].fastest
    assert "shortest state seen" in brief.reason


def test_a_page_that_changes_often_is_looked_at_sooner_than_a_quiet_one() -> None:
    busy = look_wait("hours", watched(changes=80, seen=timedelta(days=2)), now=NOW)
    quiet = look_wait("hours", watched(seen=timedelta(days=6)), now=NOW)

    assert busy.wait < quiet.wait == PACES["hours"].slowest
    assert "relevant content changes every" in busy.reason


def test_churning_relevant_content_never_shortens_the_wait_below_its_pace() -> None:
    churn = look_wait("hours", watched(changes=600, seen=timedelta(days=3)), now=NOW)

    assert churn.wait == PACES["hours"].fastest


def test_the_monitor_request_budget_stretches_the_wait_over_its_pages() -> None:
    paced = look_wait("minutes", watched(pages=5), now=NOW, requests_per_day=288)

    assert paced.wait == timedelta(minutes=25)  # 5 pages x 288 looks a day would be 1440
    assert "288 requests a day" in paced.reason
    assert budget_floor(None, 5) is None


def test_a_user_minimum_interval_is_kept_by_looks_and_their_jitter() -> None:
    pages = watched()
    wait = look_wait("minutes", pages, now=NOW, min_interval=timedelta(hours=1))
    later = ScheduledRun(NOW + timedelta(days=1), "planned")

    assert wait.wait == timedelta(hours=1)
    for seed in range(20):
        looked, _ = with_look(later, wait, pages, now=NOW, rng=random.Random(seed))
        assert looked.at == NOW + timedelta(hours=1)


def test_the_search_is_due_a_week_after_the_last_or_when_the_watch_set_is_stale() -> None:
    pages = watched()

    assert not search_due(pages, now=NOW + SEARCH_EVERY - timedelta(minutes=1))
    assert search_due(pages, now=NOW + SEARCH_EVERY)
    assert search_due(WatchSet(pages.pages), now=NOW)
    assert search_due(WatchSet(searched_at=NOW.isoformat()), now=NOW + timedelta(minutes=1))


def test_the_next_look_comes_before_a_later_planned_run_and_never_after_its_wait() -> None:
    pages = watched()
    wait = look_wait("hours", pages, now=NOW)
    later = ScheduledRun(NOW + timedelta(hours=12), "planned")

    looked, kept = with_look(later, wait, pages, now=NOW, rng=random.Random(1))

    assert NOW + wait.wait * 0.9 <= looked.at <= NOW + wait.wait
    assert "look at 1 page(s)" in looked.explanation
    assert kept.full_at is None


def test_a_sooner_run_for_a_named_moment_is_kept_and_searches() -> None:
    pages = watched()
    wait = look_wait("days", pages, now=NOW)
    moment = ScheduledRun(NOW + timedelta(minutes=30), "appointment: on sale at 10:00")

    planned, kept = with_look(moment, wait, pages, now=NOW, rng=random.Random(1))

    assert planned == moment
    assert kept.full_at == moment.at.isoformat()
    assert not search_due(kept, now=moment.at - timedelta(minutes=1))
    assert search_due(kept, now=moment.at)


def test_a_sooner_run_set_by_the_miss_bound_alone_is_kept_without_a_search() -> None:
    pages = watched()
    wait = look_wait("days", pages, now=NOW)
    bounded = ScheduledRun(NOW + timedelta(minutes=40), f"{MISS_BOUNDED}notify=always → in 40 min")

    planned, kept = with_look(bounded, wait, pages, now=NOW, rng=random.Random(1))

    assert planned == bounded
    assert kept.full_at is None
