"""The pre-filter: skip sensing when nothing the sensor would read has changed."""

from __future__ import annotations

from datetime import timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sentinel.errors import InvalidInput
from sentinel.monitor.sensing.prefilter import SourceSnapshot, backoff_interval, prefilter

A, B, C = "https://a.example/", "https://b.example/", "https://c.example/"
BASE = SourceSnapshot(fingerprints={A: "fa", B: "fb"}, search_hits=(A, B))


def test_a_first_run_never_skips() -> None:
    decision = prefilter(None, BASE)
    assert not decision.skip
    assert decision.reason.startswith("first run")
    assert decision.baseline == BASE


def test_unchanged_sources_and_no_new_hits_skip() -> None:
    decision = prefilter(BASE, SourceSnapshot({A: "fa", B: "fb"}, search_hits=(B, A)))
    assert decision.skip
    assert decision.changed_urls == ()
    assert decision.new_hits == ()


def test_a_changed_fingerprint_does_not_skip_and_is_named() -> None:
    decision = prefilter(BASE, SourceSnapshot({A: "fa", B: "fb2"}, search_hits=(A, B)))
    assert not decision.skip
    assert decision.changed_urls == (B,)
    assert decision.reason == "1 source(s) changed"


def test_a_new_search_hit_does_not_skip() -> None:
    decision = prefilter(BASE, SourceSnapshot({A: "fa", B: "fb"}, search_hits=(C, A, B)))
    assert not decision.skip
    assert decision.new_hits == (C,)


def test_a_hit_that_dropped_out_and_came_back_is_not_new() -> None:
    first = prefilter(BASE, SourceSnapshot({A: "fa", B: "fb"}, search_hits=(A,)))
    assert first.skip
    second = prefilter(first.baseline, SourceSnapshot({A: "fa", B: "fb"}, search_hits=(A, B)))
    assert second.skip


def test_a_failed_fetch_of_a_known_source_counts_as_unchanged_and_is_noted() -> None:
    decision = prefilter(BASE, SourceSnapshot({A: "fa"}, failed=frozenset({B}), search_hits=(A, B)))
    assert decision.skip
    assert decision.notes == (f"{B}: fetch failed; kept its last known fingerprint",)


def test_a_total_outage_skips_instead_of_sensing_with_nothing_to_read() -> None:
    decision = prefilter(BASE, SourceSnapshot({}, failed=frozenset({A, B})))
    assert decision.skip
    assert "every fetch failed" in decision.reason


def test_a_change_made_during_an_outage_is_seen_when_the_source_returns() -> None:
    outage = prefilter(BASE, SourceSnapshot({A: "fa"}, failed=frozenset({B}), search_hits=(A, B)))
    assert outage.baseline.fingerprints[B] == "fb"
    outage_again = prefilter(
        outage.baseline, SourceSnapshot({A: "fa"}, failed=frozenset({B}), search_hits=(A, B))
    )
    assert outage_again.skip
    back = prefilter(
        outage_again.baseline, SourceSnapshot({A: "fa", B: "fb-new"}, search_hits=(A, B))
    )
    assert not back.skip
    assert back.changed_urls == (B,)


def test_a_source_that_never_succeeded_and_fails_does_not_skip() -> None:
    decision = prefilter(BASE, SourceSnapshot({A: "fa", B: "fb"}, failed=frozenset({C})))
    assert not decision.skip
    assert "failed with no earlier fetch" in decision.reason


def test_a_known_source_not_checked_this_run_counts_as_changed() -> None:
    decision = prefilter(BASE, SourceSnapshot({A: "fa"}, search_hits=(A, B)))
    assert not decision.skip
    assert decision.changed_urls == (B,)
    assert decision.notes == (f"{B}: not checked this run",)


def test_backoff_grows_geometrically_up_to_the_maximum() -> None:
    base, top = timedelta(hours=1), timedelta(days=1)
    waits = [backoff_interval(n, base, top) for n in range(7)]
    assert waits == [timedelta(hours=h) for h in (1, 2, 4, 8, 16)] + [top, top]


def test_backoff_survives_an_enormous_number_of_skips() -> None:
    assert backoff_interval(10**6, timedelta(hours=1), timedelta(days=3)) == timedelta(days=3)


@given(st.integers(0, 200), st.floats(1.0, 4.0))
def test_backoff_never_shrinks_and_never_exceeds_the_maximum(skips: int, factor: float) -> None:
    base, top = timedelta(minutes=15), timedelta(days=7)
    now = backoff_interval(skips, base, top, factor=factor)
    later = backoff_interval(skips + 1, base, top, factor=factor)
    assert base <= now <= later <= top


@pytest.mark.parametrize(
    ("skips", "base", "top", "factor", "field"),
    [
        (-1, timedelta(hours=1), timedelta(days=1), 2.0, "consecutive_skips"),
        (1, timedelta(days=2), timedelta(days=1), 2.0, "base"),
        (1, timedelta(hours=1), timedelta(days=1), 0.5, "factor"),
    ],
)
def test_backoff_refuses_nonsense(
    skips: int, base: timedelta, top: timedelta, factor: float, field: str
) -> None:
    with pytest.raises(InvalidInput) as caught:
        backoff_interval(skips, base, top, factor=factor)
    assert caught.value.field == field


def test_a_probe_compares_only_what_it_read_and_keeps_the_rest_of_the_baseline() -> None:
    current = SourceSnapshot({A: "fa"}, search_hits=(A, B))

    probe = prefilter(BASE, current, probe=True)
    full = prefilter(BASE, current)

    assert probe.skip
    assert probe.reason.startswith("no change (probe)")
    assert probe.baseline.fingerprints == {A: "fa", B: "fb"}
    assert not full.skip
    assert full.changed_urls == (B,)


def test_a_probe_sees_a_change_on_a_page_it_read() -> None:
    decision = prefilter(BASE, SourceSnapshot({A: "fa2"}, search_hits=(A, B)), probe=True)

    assert not decision.skip
    assert decision.changed_urls == (A,)
    assert decision.baseline.fingerprints == {A: "fa2", B: "fb"}


def test_pages_left_unread_by_a_probe_or_a_failed_fetch_keep_their_dated_lines() -> None:
    before = SourceSnapshot(
        {A: "fa", B: "fb"}, search_hits=(A, B), lines={A: ("old A",), B: ("vote on 23 October",)}
    )
    probe = prefilter(before, SourceSnapshot({A: "fa"}, search_hits=(A, B)), probe=True)
    outage = prefilter(
        before,
        SourceSnapshot({A: "fa"}, failed=frozenset({B}), search_hits=(A, B), lines={A: ("new",)}),
    )
    full = prefilter(before, SourceSnapshot({A: "fa"}, search_hits=(A, B)))

    assert probe.baseline.lines == {B: ("vote on 23 October",)}  # A was read: it says nothing
    assert outage.baseline.lines == {A: ("new",), B: ("vote on 23 October",)}
    assert full.baseline.lines == {}  # B is no longer known: its lines go with it
