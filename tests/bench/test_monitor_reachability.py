"""Events marked reachable: on a page the search engine indexes, or one link away from one."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from sentinel.bench.monitoring.reachability import event_pages, reachable_events
from sentinel.sim import Scenario
from sentinel.sim.search_realism import PERFECT, SearchRealism
from tests.bench.monitor_scenarios import scenario

SLOTS = "http://book.clinic.example/slots"
ABOUT = "http://book.clinic.example/about"
NEWS = "http://news.town.example/clinic"

WORLD = """\
id: clinic-slot
title: A slot at the clinic
mission: Tell me whenever the clinic has a free appointment slot
notify: always
start: 2025-03-01T00:00:00Z
end: 2025-03-05T00:00:00Z
sites:
  - host: book.clinic.example
    kind: official
    pages:
      - path: /slots
        title: Appointment slots
        timeline:
          - at: 2025-02-01T00:00:00Z
            body: No slots are free this week.
          - at: 2025-03-02T09:00:00Z
            body: One slot is free on Tuesday at 10:00.
          - at: 2025-03-02T10:00:00Z
            body: No slots are free this week.
ABOUT
  - host: news.town.example
    kind: news
    pages:
      - path: /clinic
        title: The town clinic
        timeline:
          - at: 2025-02-01T00:00:00Z
            body: |
              The clinic books appointments online.LINK
events:
  - at: 2025-03-02T09:00:00Z
    condition: true
    facts: {slots: 1}
  - at: 2025-03-02T10:00:00Z
    condition: false
"""
ABOUT_PAGE = """\
      - path: /about
        title: About the clinic
        timeline:
          - at: 2025-02-01T00:00:00Z
            body: The clinic is open on weekdays.
"""
LINK = " Book on [the booking page](http://book.clinic.example/slots)."
NOTHING_INDEXED = SearchRealism("nothing-indexed", unindexed=1.0)
HALF_INDEXED = SearchRealism("half-indexed", unindexed=0.5)


def world(*, about: bool = False, link: bool = False) -> Scenario:
    text = WORLD.replace("ABOUT\n", ABOUT_PAGE if about else "")
    return scenario(text.replace("LINK", LINK if link else ""))


def seed_where(indexed: set[str], unindexed: set[str]) -> int:
    """The first seed at which the half-indexing engine indexes exactly as asked."""
    for seed in range(1000):
        if all(HALF_INDEXED.profile(seed, url).indexed for url in indexed) and not any(
            HALF_INDEXED.profile(seed, url).indexed for url in unindexed
        ):
            return seed
    raise AssertionError("no such seed")


def at(hour: int) -> datetime:
    return datetime(2025, 3, 2, hour, tzinfo=UTC)


def test_an_events_pages_are_those_its_text_appears_on() -> None:
    pages = event_pages(world(link=True))

    assert pages == [[(SLOTS, at(9))], [(SLOTS, at(10))]]


def test_an_event_no_page_changes_for_takes_every_page_existing_then() -> None:
    first, second = world().events
    played = world().model_copy(
        update={"events": (first, second.model_copy(update={"at": at(12)}))}
    )

    pages = event_pages(played)

    # 10:00's version predates the hour before 12:00: no new text carries the second event.
    assert pages[1] == [(SLOTS, at(12)), (NEWS, at(12))]


async def test_every_event_is_reachable_when_the_engine_indexes_every_page() -> None:
    reach = await reachable_events(world(), seed=0, search=PERFECT)

    assert [r.reachable for r in reach] == [True, True]
    assert reach[0].indexed == (SLOTS,)
    assert reach[0].linked == ()


async def test_no_event_is_reachable_when_the_engine_indexes_nothing() -> None:
    reach = await reachable_events(world(about=True, link=True), seed=0, search=NOTHING_INDEXED)

    assert [r.reachable for r in reach] == [False, False]


async def test_an_unindexed_page_linked_from_an_indexed_one_is_reachable() -> None:
    seed = seed_where(indexed={NEWS}, unindexed={SLOTS})

    reach = await reachable_events(world(link=True), seed=seed, search=HALF_INDEXED)

    assert reach[0].reachable
    assert (reach[0].indexed, reach[0].linked) == ((), (SLOTS,))


async def test_an_unindexed_page_nothing_indexed_links_to_is_unreachable() -> None:
    seed = seed_where(indexed={NEWS}, unindexed={SLOTS})

    reach = await reachable_events(world(link=False), seed=seed, search=HALF_INDEXED)

    assert [r.reachable for r in reach] == [False, False]
    assert reach[0].pages == (SLOTS,)


async def test_a_page_of_the_same_site_links_to_its_siblings() -> None:
    seed = seed_where(indexed={ABOUT}, unindexed={SLOTS, NEWS})

    reach = await reachable_events(world(about=True), seed=seed, search=HALF_INDEXED)

    assert reach[0].linked == (SLOTS,)


@pytest.mark.parametrize("search", [PERFECT, NOTHING_INDEXED])
async def test_marking_is_deterministic_for_a_seed(search: SearchRealism) -> None:
    first = await reachable_events(world(about=True, link=True), seed=3, search=search)
    second = await reachable_events(world(about=True, link=True), seed=3, search=search)

    assert first == second
