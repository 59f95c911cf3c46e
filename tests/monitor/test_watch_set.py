"""The watch set (sentinel.monitor.watch_set): which pages a monitor looks at between its
searches — chosen by what their relevant content says about the criteria, not by whether a
state quoted them — the fingerprint of that relevant content only, and the history kept in the
monitor's context."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from sentinel.monitor.sensing.sources import PageRecord, query_terms
from sentinel.monitor.watch_set import (
    LEGACY_KEY,
    MAX_FAILED_LOOKS,
    MAX_WATCHED,
    WATCH_SET,
    WatchSet,
    choose_watched,
    monitor_terms,
    relevance,
    relevant_fingerprint,
    watch_set_context,
    watch_set_from_context,
    watch_set_to_json,
)

NOW = datetime(2025, 9, 1, 9, tzinfo=UTC)
MISSION = "Tell me when the Lumen K2 lamp is back in stock at Brightway"
CRITERIA = "the lamp is in stock"
SHOP = "https://brightway.example/lamps/lumen-k2"
NEWS = "https://news.example/lamp-shortage"
ABOUT = "https://brightway.example/about"


def page(url: str, text: str, structured: str = "") -> PageRecord:
    return PageRecord(url, url, None, text, fingerprint=str(hash(text)), structured=structured)


def shop(availability: str, furniture: str = "Trending: garden chairs -20%") -> PageRecord:
    return page(
        SHOP,
        f"Lumen K2 lamp\n\nAvailability: {availability}\n\n{furniture}",
        structured=f"offer: Lumen K2, 89.00 USD, {availability.replace(' ', '')}",
    )


def choose(pages: list[PageRecord], previous: WatchSet | None = None, **at: object) -> WatchSet:
    when = at.get("now", NOW)
    assert isinstance(when, datetime)
    return choose_watched(
        {p.url: p for p in pages},
        previous=previous,
        mission=MISSION,
        criteria=CRITERIA,
        now=when,
        searched=bool(at.get("searched", True)),
    )


def test_known_pages_are_those_whose_relevant_content_names_the_criteria_best_first() -> None:
    about = page(ABOUT, "Brightway is a family business founded in 1921.")
    news = page(NEWS, "Makers warn of a shortage.\n\nThe K2 is out of stock in many shops.")

    known = choose([about, news, shop("Out of stock")])

    # The shop names "lamp" and "stock" on the site the mission names; the news only "stock";
    # the About page nothing the criteria say.
    assert known.urls == (SHOP, NEWS)[:MAX_WATCHED]
    assert known.searched_at == NOW.isoformat()


def test_furniture_outside_the_relevant_paragraphs_leaves_the_fingerprint_alone() -> None:
    terms, _ = monitor_terms(MISSION, CRITERIA)
    before = relevant_fingerprint(shop("Out of stock"), terms)

    assert relevant_fingerprint(shop("Out of stock", "Trending: sofas, 3 minutes ago"), terms) == (
        before
    )
    assert relevant_fingerprint(shop("In stock"), terms) != before


def test_a_page_read_again_counts_a_change_of_its_relevant_content_only() -> None:
    first = choose([shop("Out of stock")])
    later = NOW + timedelta(hours=5)

    same = choose([shop("Out of stock", "Ad: new sofas")], first, now=later)
    changed = choose([shop("In stock")], same, now=later + timedelta(hours=1), searched=False)

    assert same.pages[0].changes == 0
    assert changed.pages[0].changes == 1
    assert changed.pages[0].changed_at == (later + timedelta(hours=1)).isoformat()
    assert changed.pages[0].first_seen == NOW.isoformat()
    assert changed.searched_at == later.isoformat()  # the run that did not search keeps it


def test_a_known_page_a_run_did_not_read_stays_known() -> None:
    first = choose([shop("Out of stock")])

    after = choose([page(ABOUT, "Opening hours: 9 to 5.")], first)

    assert after.urls == (SHOP,)


def test_the_shortest_state_seen_outlives_the_run_history() -> None:
    known = WatchSet().with_held((timedelta(hours=5),)).with_held((timedelta(hours=9),))

    assert known.shortest_held() == timedelta(hours=5)
    assert WatchSet().with_held(()).shortest_held() is None


def test_known_pages_round_trip_through_the_monitor_context() -> None:
    known = choose([shop("Out of stock")]).with_held((timedelta(hours=3),))

    stored = watch_set_from_context({WATCH_SET: watch_set_to_json(known)})

    assert stored == known


def test_malformed_known_pages_read_as_none_or_are_left_out() -> None:
    assert watch_set_from_context({}) is None
    assert watch_set_from_context({WATCH_SET: "nonsense"}) is None
    stored = watch_set_from_context({WATCH_SET: {"pages": [{"url": SHOP}, 3]}})
    assert stored == WatchSet()


def test_the_page_on_the_site_the_mission_names_beats_a_listing_naming_more_words() -> None:
    listing = page(
        "https://lampfinder.example/k2",
        "Lumen K2 lamp: in stock at two shops, out of stock at Brightway.",
    )
    terms, criteria = monitor_terms(MISSION, CRITERIA)
    mission = query_terms(MISSION)

    shop_score = relevance(shop("Out of stock"), terms, criteria, mission=mission)
    listing_score = relevance(listing, terms, criteria, mission=mission)

    assert shop_score > listing_score > 0
    assert choose([listing, shop("Out of stock")]).urls[0] == SHOP


def test_plural_and_possessive_words_meet_the_monitors_words() -> None:
    terms, criteria = monitor_terms(
        "Tell me whenever there's a boil-water advisory for Westfield",
        "The utility's advisory covers Westfield",
    )
    advisories = page("https://water.example/advisories", "There are no active advisories.")
    projects = page("https://water.example/projects", "Westfield main replacement.")

    assert relevance(advisories, terms, criteria) > 0
    assert relevance(projects, terms, criteria) > 0
    assert "utility" in criteria


def test_a_page_at_an_address_named_after_the_watched_thing_beats_its_sites_listing() -> None:
    listing = page(
        "https://brightway.example/lamps",
        "Lumen K2 lamp: out of stock. Lumen K3 lamp: in stock. Lumen K1 lamp: in stock.",
    )
    product = page(SHOP, "Availability: out of stock.", structured="offer: Lumen K2")

    assert choose([listing, product]).urls[0] == SHOP


def test_the_watch_set_keeps_several_pages_up_to_its_cap() -> None:
    listings = [
        page(f"https://brightway.example/lamps/{n}", f"Lumen K2 lamp {n}: out of stock.")
        for n in range(MAX_WATCHED + 2)
    ]

    watch = choose([shop("Out of stock"), *listings])

    assert len(watch.pages) == MAX_WATCHED > 1
    assert watch.urls[0] == SHOP


def test_a_page_that_no_longer_names_the_criteria_leaves_the_watch_set() -> None:
    news = page(NEWS, "Makers warn of a shortage.\n\nThe K2 is out of stock in many shops.")
    first = choose([shop("Out of stock"), news])

    after = choose([page(NEWS, "Our editors recommend: garden chairs.")], first)

    assert first.urls == (SHOP, NEWS)
    assert after.urls == (SHOP,)


def test_a_page_reached_by_a_link_enters_the_watch_set_marked_as_such() -> None:
    booking = page("https://brightway.example/k2/availability", "Lumen K2 lamp: in stock.")

    watch = choose_watched(
        {SHOP: shop("Out of stock")},
        previous=None,
        mission=MISSION,
        criteria=CRITERIA,
        now=NOW,
        searched=True,
        linked={booking.url: booking},
    )

    assert set(watch.urls) == {SHOP, booking.url}
    assert watch.page(booking.url).via == "link"  # type: ignore[union-attr]
    assert watch.page(SHOP).via == "search"  # type: ignore[union-attr]


def test_a_page_reached_from_a_sitemap_enters_marked_as_such_unless_a_link_reached_it() -> None:
    booking = page("https://brightway.example/k2/availability", "Lumen K2 lamp: in stock.")
    listed = page("https://brightway.example/lamps/k2-stock", "Lumen K2 lamp: 3 in stock.")

    watch = choose_watched(
        {SHOP: shop("Out of stock")},
        previous=None,
        mission=MISSION,
        criteria=CRITERIA,
        now=NOW,
        searched=True,
        linked={booking.url: booking},
        sitemap={listed.url: listed, booking.url: booking},
    )

    assert watch.page(listed.url).via == "sitemap"  # type: ignore[union-attr]
    assert watch.page(booking.url).via == "link"  # type: ignore[union-attr]


def test_when_each_hosts_sitemap_was_read_round_trips_and_may_be_absent() -> None:
    read = replace(
        choose([shop("Out of stock")]), sitemaps_read={"brightway.example": NOW.isoformat()}
    )

    stored = watch_set_from_context({WATCH_SET: watch_set_to_json(read)})

    assert stored == read
    assert stored is not None
    assert stored.sitemap_read_at("brightway.example") == NOW
    assert stored.sitemap_read_at("news.example") is None
    assert "sitemaps_read" not in watch_set_to_json(choose([shop("Out of stock")]))
    malformed = {"pages": [], "sitemaps_read": {"a.example": "yesterday", "b.example": 3}}
    assert watch_set_from_context({WATCH_SET: malformed}) == WatchSet()
    assert watch_set_from_context({WATCH_SET: {"pages": [], "sitemaps_read": []}}) == WatchSet()


def test_a_page_that_fails_looks_in_a_row_leaves_and_an_empty_set_is_stale() -> None:
    first = choose([shop("Out of stock")])
    failing = replace(first.pages[0], failures=MAX_FAILED_LOOKS)

    after = replace(first, pages=(failing,)).without_failing()

    assert not first.stale
    assert after.pages == ()
    assert after.stale


def test_an_older_monitors_one_page_set_is_read_and_its_key_emptied_at_the_next_write() -> None:
    legacy = {
        "pages": [{"url": SHOP, "relevant": "fp", "first_seen": "t", "changed_at": "t"}],
        "searched_at": NOW.isoformat(),
    }
    context = {LEGACY_KEY: legacy, "timezone": "Europe/Paris"}

    watch = watch_set_from_context(context)

    assert watch is not None
    assert watch.urls == (SHOP,)
    assert watch.searched_at == NOW.isoformat()
    update = watch_set_context(watch, context)
    assert update[LEGACY_KEY] is None
    assert watch_set_from_context({**context, **update}) == watch
    assert LEGACY_KEY not in watch_set_context(watch, {})


def test_searches_that_leave_the_set_empty_are_counted_until_one_fills_it() -> None:
    about = page(ABOUT, "Brightway is a family business founded in 1921.")

    first = choose([about])
    second = choose([about], previous=first, now=NOW + timedelta(hours=6))
    looked = choose([], previous=second, now=NOW + timedelta(hours=7), searched=False)
    filled = choose([shop("Out of stock")], previous=looked, now=NOW + timedelta(hours=12))

    assert (first.fruitless, second.fruitless) == (1, 2)
    assert looked.fruitless == 2  # a run that did not search does not count
    assert filled.fruitless == 0
    assert filled.urls == (SHOP,)
    stored = watch_set_to_json(second)
    assert stored["fruitless"] == 2
    assert watch_set_from_context({WATCH_SET: stored}).fruitless == 2  # type: ignore[union-attr]
    assert "fruitless" not in watch_set_to_json(filled)  # the default is left out
