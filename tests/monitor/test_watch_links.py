"""Following links into the watch set (sentinel.monitor.watch_links): the links of a page read
whose anchor or address names the monitor's words or leads to the watched kind of state are
followed, a few a run; furniture links are not. A sitemap's addresses are scored the same way
on their path and share the run's few fetches with the links."""

from __future__ import annotations

from datetime import UTC, datetime

from sentinel.monitor.sensing.sources import PageRecord
from sentinel.monitor.watch_links import (
    FOLLOW_PER_RUN,
    link_score,
    links_to_follow,
    scored_links,
    scored_sitemap,
    to_follow,
)
from sentinel.monitor.watch_set import monitor_terms
from sentinel.web.links import PageLink
from sentinel.web.sitemap import SitemapEntry

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


def test_a_sitemaps_addresses_score_on_their_path_newest_first_without_furniture() -> None:
    terms, _ = monitor_terms(MISSION, CRITERIA)
    entries = [
        SitemapEntry("https://noma.example/privacy"),
        SitemapEntry("https://noma.example/about"),
        SitemapEntry("https://noma.example/tables/2024", datetime(2024, 1, 1, tzinfo=UTC)),
        SitemapEntry("https://noma.example/cart/tables"),
        SitemapEntry("https://noma.example/book-a-table", datetime(2025, 9, 1, tzinfo=UTC)),
        SitemapEntry(VENUE),
    ]

    scored = scored_sitemap(entries, terms, known={VENUE})

    assert list(scored) == ["https://noma.example/book-a-table", "https://noma.example/tables/2024"]


def test_links_and_sitemap_addresses_share_the_runs_budget_best_first_links_on_a_tie() -> None:
    terms, _ = monitor_terms(MISSION, CRITERIA)
    links = scored_links(
        [venue(PageLink(url="https://noma.example/news", text="Notices"))], terms, known=()
    )
    listed = scored_sitemap(
        [
            SitemapEntry("https://noma.example/saturday-table-availability"),
            SitemapEntry("https://noma.example/notices"),
            SitemapEntry("https://noma.example/news"),
        ],
        terms,
        known=(),
    )

    chosen = to_follow(links, listed)

    assert len(chosen) == FOLLOW_PER_RUN
    assert chosen == [
        ("https://noma.example/saturday-table-availability", "sitemap"),
        ("https://noma.example/news", "link"),
    ]
