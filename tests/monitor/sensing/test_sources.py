"""Choosing the pages a run reads, cutting their excerpts, and their stored snapshot."""

from __future__ import annotations

from datetime import UTC, datetime

from sentinel.monitor.sensing.prefilter import SourceSnapshot
from sentinel.monitor.sensing.sources import (
    PageRecord,
    choose_sources,
    excerpt,
    probe_sources,
    query_terms,
    snapshot_of,
)
from sentinel.monitor.sensing.stored_snapshot import snapshot_from_json, snapshot_to_json
from sentinel.web.search.base import SearchHit


def hits(*urls: str) -> list[SearchHit]:
    return [SearchHit(title=url, url=url, snippet="", provider="test") for url in urls]


A1, A2, A3 = "http://a.example/1", "http://a.example/2", "http://a.example/3"
B1, C1 = "http://b.example/1", "http://www.c.example/1"


def test_a_first_run_reads_one_page_per_site_before_a_second_from_the_same_site() -> None:
    chosen = choose_sources(hits(A1, A2, B1, A3, C1), limit=3)

    assert chosen == [A1, B1, C1]


def test_the_best_page_of_a_site_the_mission_names_comes_first() -> None:
    shop1, shop2 = "http://www.voltmart.example/p/1", "http://www.voltmart.example/p/2"
    mission = query_terms("Tell me when the headphones cost less than $300 at Voltmart")

    chosen = choose_sources(hits(A1, B1, shop1, shop2), limit=3, named=mission)

    assert chosen == [shop1, A1, B1]
    assert choose_sources(hits(A1, B1, shop1), limit=2) == [A1, B1]


def test_cited_pages_come_first_even_when_search_no_longer_returns_them() -> None:
    chosen = choose_sources(hits(B1, C1), cited=[A3], limit=2)

    assert chosen == [A3, B1]


def test_new_hits_come_before_pages_read_last_time() -> None:
    previous = SourceSnapshot({A1: "x", B1: "y"}, search_hits=(A1, B1))

    chosen = choose_sources(hits(A1, B1, C1), previous=previous, limit=2)

    assert chosen == [C1, A1]


def test_an_unchanged_world_yields_the_same_pages_run_after_run() -> None:
    first = choose_sources(hits(A1, A2, B1, C1), limit=3)
    previous = SourceSnapshot(dict.fromkeys(first, "fp"), search_hits=(A1, A2, B1, C1))

    again = choose_sources(hits(A1, A2, B1, C1), previous=previous, limit=3)

    assert sorted(again) == sorted(first)


def test_without_hits_the_pages_read_last_time_are_read_again() -> None:
    previous = SourceSnapshot({A1: "x", B1: "y"}, search_hits=(A1, B1))

    assert choose_sources([], previous=previous, limit=3) == [A1, B1]


TEXT = """# Apple unveils iPhone 17

CUPERTINO — Apple today announced iPhone 17, available Friday, September 19.

The campus café is open daily from 9 a.m. to 7 p.m. for visitors and staff alike.

Pre-orders for iPhone 17 start Friday, September 12."""


def test_a_short_page_is_shown_whole() -> None:
    assert excerpt(TEXT, query_terms("iPhone 17"), 10_000) == TEXT


def test_an_excerpt_keeps_the_paragraphs_about_the_query_in_page_order() -> None:
    cut = excerpt(TEXT, query_terms("When is iPhone 17 available?"), 160)

    assert cut.startswith("# Apple unveils iPhone 17")
    assert "café" not in cut
    assert len(cut) <= 160
    for paragraph in cut.split("\n\n"):
        assert paragraph in TEXT  # whole paragraphs: quotes from an excerpt stay verbatim


def test_a_single_paragraph_over_budget_is_cut_at_a_word() -> None:
    cut = excerpt("word " * 100, frozenset({"word"}), 42)

    assert len(cut) <= 42
    assert cut.endswith("word")


def test_query_terms_drop_the_words_every_mission_has() -> None:
    assert query_terms("Tell me when Apple announces the iPhone 17") == {
        "apple",
        "announces",
        "iphone",
        "17",
    }


def test_a_snapshot_round_trips_through_its_stored_form() -> None:
    page = PageRecord(
        url=A1, final_url=A1, title="t", text="x", fingerprint="fp1", published=datetime.now(UTC)
    )
    snapshot = snapshot_of({A1: page}, [B1], hits(A1, B1, A1))

    assert snapshot.search_hits == (A1, B1)
    assert snapshot_from_json(snapshot_to_json(snapshot)) == snapshot


def test_a_foreign_or_empty_stored_snapshot_reads_as_none() -> None:
    assert snapshot_from_json(None) is None
    assert snapshot_from_json({}) is None
    assert snapshot_from_json({"http://a.example/": "fp"}) is None
    assert snapshot_from_json({"pages": [], "failed": [], "search_hits": []}) is None


def test_a_quote_may_come_from_the_title_the_structured_data_or_the_text() -> None:
    page = PageRecord(
        url="http://shop.example/p",
        final_url="http://shop.example/p",
        title="Sonora QC Ultra",
        text="Free shipping on all orders.",
        fingerprint="f",
        structured="offer: Sonora QC Ultra, 279.99 USD, InStock",
    )

    assert page.readable_text.splitlines() == [
        "Sonora QC Ultra",
        "offer: Sonora QC Ultra, 279.99 USD, InStock",
        "Free shipping on all orders.",
    ]


def dated(url: str, day: int) -> SearchHit:
    published = datetime(2025, 9, day, tzinfo=UTC)
    return SearchHit(title=url, url=url, snippet="", provider="test", published=published)


def test_a_snapshot_keeps_the_dates_search_gave_and_reads_old_documents_without_them() -> None:
    snapshot = snapshot_of({}, [], [dated(A1, 3), *hits(B1)])

    assert snapshot.hit_dates == {A1: "2025-09-03T00:00:00+00:00"}
    stored = snapshot_to_json(snapshot)
    assert snapshot_from_json(stored) == snapshot
    del stored["hit_dates"]
    restored = snapshot_from_json(stored)
    assert restored is not None
    assert restored.hit_dates == {}


PROBED = SourceSnapshot(
    fingerprints={A1: "fa", B1: "fb", C1: "fc"},
    search_hits=(A1, B1, C1),
    hit_dates={A1: "2025-09-03T00:00:00+00:00"},
)


def test_a_page_search_dates_later_than_at_the_last_reading_is_read_even_if_never_read() -> None:
    # A3 ranks last and shares a site with A1, so the usual order would never reach it; search
    # now dates it later than when the last sensed run saw it: the engine saw it change.
    last = SourceSnapshot(
        {A1: "fa", B1: "fb"},
        search_hits=(A1, B1, A3),
        hit_dates={A1: "2025-09-01T00:00:00+00:00", A3: "2025-09-01T00:00:00+00:00"},
    )
    same = [dated(A1, 1), *hits(B1), dated(A3, 1)]
    updated = [dated(A1, 1), *hits(B1), dated(A3, 5)]

    assert choose_sources(same, previous=last, limit=2) == [A1, B1]
    assert choose_sources(updated, previous=last, limit=2) == [A3, B1]
    assert choose_sources(updated, limit=2) == [A1, B1]  # a first run has nothing to compare


def test_a_probe_rereads_the_named_site_and_the_cited_pages_only() -> None:
    shop = frozenset({"b"})
    assert probe_sources(hits(A1, B1, C1), cited=[C1], previous=PROBED, named=shop) == [B1, C1]
    assert probe_sources([dated(A1, 3), *hits(B1, C1)], cited=[A1], previous=PROBED) == [A1]


def test_a_probe_gives_way_to_a_full_read_when_search_shows_something_new() -> None:
    # a new hit, a page search dates as updated, a search that failed, a page never read
    assert probe_sources(hits(A1, B1, A2), cited=[A1], previous=PROBED) is None
    assert probe_sources([dated(A1, 4), *hits(B1)], cited=[B1], previous=PROBED) is None
    assert probe_sources([], cited=[A1], previous=PROBED) is None
    assert probe_sources(hits(A1, B1), cited=[A3], previous=PROBED) is None
    # no baseline, nothing to probe, or a probe as big as a full read
    assert probe_sources(hits(A1), cited=[A1], previous=None) is None
    assert probe_sources(hits(A1, B1), previous=PROBED) is None
    assert probe_sources(hits(A1, B1), cited=[A1, B1, C1], previous=PROBED) is None


def test_a_snapshot_keeps_the_dated_lines_of_pages_read_and_reads_old_documents_without() -> None:
    page = PageRecord(url=A1, final_url=A1, title="t", text="x", fingerprint="fp1")
    lines = {A1: ["Dredging vote: 23 October."], B1: ["not read this run"], C1: []}
    snapshot = snapshot_of({A1: page}, [], hits(A1), lines)

    assert snapshot.lines == {A1: ("Dredging vote: 23 October.",)}
    stored = snapshot_to_json(snapshot)
    assert snapshot_from_json(stored) == snapshot
    del stored["lines"]
    restored = snapshot_from_json(stored)
    assert restored is not None
    assert restored.lines == {}
    assert restored.fingerprints == snapshot.fingerprints
    odd = snapshot_from_json({**stored, "lines": {A1: "a string", B1: ["kept"]}})
    assert odd is not None
    assert odd.lines == {B1: ("kept",)}
