"""Following links into the watch set (sentinel.monitor.watch_links): the links of a page read
whose anchor or address names the monitor's words or leads to the watched kind of state are
followed, a few a run; furniture links are not."""

from __future__ import annotations

from sentinel.monitor.sensing.sources import PageRecord
from sentinel.monitor.watch_links import FOLLOW_PER_RUN, link_score, links_to_follow
from sentinel.monitor.watch_set import monitor_terms
from sentinel.web.links import PageLink

MISSION = "Tell me when a table for two frees up at Noma on Saturday"
CRITERIA = "a table is available"
VENUE = "https://noma.example/"


def venue(*links: PageLink) -> PageRecord:
    return PageRecord(VENUE, VENUE, "Noma", "Noma, Copenhagen.", "fp", links=links)


def test_a_link_to_availability_or_naming_the_subject_scores_and_furniture_does_not() -> None:
    terms, _ = monitor_terms(MISSION, CRITERIA)

    availability = PageLink(url="https://noma.example/book", text="View availability")
    named = PageLink(url="https://noma.example/tables/saturday", text="Saturday")
    about = PageLink(url="https://noma.example/about", text="Our story")
    cart = PageLink(url="https://noma.example/cart/tables", text="Tables in your cart")

    assert link_score(availability, terms) > 0
    assert link_score(named, terms) > 0
    assert link_score(about, terms) == 0
    assert link_score(cart, terms) == 0


def test_the_best_links_are_followed_a_few_a_run_leaving_out_pages_already_known() -> None:
    terms, _ = monitor_terms(MISSION, CRITERIA)
    links = (
        PageLink(url="https://noma.example/about", text="About"),
        PageLink(url="https://noma.example/news", text="Notices"),
        PageLink(url="https://noma.example/book", text="Book a table: view availability"),
        PageLink(url="https://noma.example/tables", text="Tables"),
        PageLink(url=VENUE, text="Home"),
    )

    chosen = links_to_follow([venue(*links)], terms, known={"https://noma.example/tables"})

    assert chosen[0] == "https://noma.example/book"
    assert len(chosen) == FOLLOW_PER_RUN
    assert "https://noma.example/tables" not in chosen
    assert VENUE not in chosen
    assert "https://noma.example/about" not in chosen
