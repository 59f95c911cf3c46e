"""Matching notifications to ground-truth events, on hand-made timelines."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from sentinel.bench.monitoring.metrics import (
    Timeline,
    Totals,
    match_notifications,
    median,
    percentile,
)
from sentinel.errors import InvalidInput

T0 = datetime(2025, 3, 1, tzinfo=UTC)
END = T0 + timedelta(days=10)


def at(hours: float) -> datetime:
    return T0 + timedelta(hours=hours)


def timeline(*changes: tuple[float, bool], notify: str = "always") -> Timeline:
    return Timeline(tuple((at(h), c) for h, c in changes), notify, END)  # type: ignore[arg-type]


def test_first_notification_after_a_true_event_detects_it_with_its_delay() -> None:
    matching = match_notifications(timeline((10, True)), [at(13)])

    assert matching.expected == 1
    assert matching.detected == (0,)
    assert matching.delays_s == (3 * 3600,)
    assert matching.false_alerts == ()


def test_notification_before_any_event_is_a_false_alert() -> None:
    matching = match_notifications(timeline((10, True)), [at(2), at(11)])

    assert matching.false_alerts == ((at(2), "false_condition"),)
    assert matching.delays_s == (3600,)


def test_notification_while_the_condition_is_false_again_is_a_false_alert() -> None:
    matching = match_notifications(timeline((10, True), (20, False)), [at(25)])

    assert matching.detected == ()
    assert matching.false_alerts == ((at(25), "false_condition"),)


def test_second_notification_for_the_same_event_is_a_duplicate() -> None:
    matching = match_notifications(timeline((10, True)), [at(12), at(12), at(30)])

    assert matching.detected == (0,)
    assert matching.duplicates == 2
    assert matching.notifications == 3


def test_always_expects_every_true_event_and_detects_each_in_its_window() -> None:
    flipflop = timeline((10, True), (20, False), (30, True))

    matching = match_notifications(flipflop, [at(40), at(11)])

    assert matching.expected == 2
    assert matching.detected == (0, 2)
    assert matching.delays_s == (3600, 10 * 3600)


def test_once_expects_one_event_and_anything_after_the_first_detection_is_false() -> None:
    flipflop = timeline((10, True), (20, False), (30, True), notify="once")

    matching = match_notifications(flipflop, [at(31), at(12)])

    assert matching.expected == 1
    assert matching.detected == (0,)
    assert matching.false_alerts == ((at(31), "duplicate"),)


def test_once_monitor_that_missed_the_first_window_detects_a_later_one() -> None:
    flipflop = timeline((10, True), (20, False), (30, True), notify="once")

    matching = match_notifications(flipflop, [at(33)])

    assert matching.detected == (2,)
    assert matching.delays_s == (3 * 3600,)


def test_facts_changing_while_true_is_a_new_event_for_always() -> None:
    price_drops = timeline((10, True), (20, True))

    matching = match_notifications(price_drops, [at(11), at(21)])

    assert matching.expected == 2
    assert matching.detected == (0, 1)


def test_noise_only_timeline_expects_nothing() -> None:
    matching = match_notifications(timeline(), [at(5)])

    assert matching.expected == 0
    assert matching.false_alerts == ((at(5), "false_condition"),)


def test_a_notification_at_the_event_instant_has_zero_delay() -> None:
    assert match_notifications(timeline((10, True)), [at(10)]).delays_s == (0.0,)


def test_unsorted_events_are_refused() -> None:
    with pytest.raises(InvalidInput, match="sorted"):
        timeline((20, True), (10, False))


def test_median_averages_the_middle_two_and_is_none_when_empty() -> None:
    assert median([4.0, 1.0, 3.0, 2.0]) == 2.5
    assert median([]) is None


def test_p90_is_the_nearest_rank() -> None:
    values = [float(v) for v in range(1, 11)]

    assert percentile(values, 0.9) == 9.0
    assert percentile([5.0], 0.9) == 5.0
    assert percentile(list(range(1, 21)), 0.9) == 18.0
    assert percentile([], 0.9) is None


def test_percentile_share_must_be_a_fraction() -> None:
    with pytest.raises(InvalidInput, match="share"):
        percentile([1.0], 90)


def test_totals_rates_and_their_vacuous_cases() -> None:
    totals = Totals(expected=4, detected=3, false_alerts=1, checks=40)

    assert totals.recall == 0.75
    assert totals.precision == 0.75
    assert totals.per_event(totals.checks) == 10.0
    assert Totals().recall == 1.0
    assert Totals().precision == 1.0
    assert Totals().per_event(5) is None


# -- recall of reachable events ----------------------------------------------------------


def marked(*changes: tuple[float, bool, bool], notify: str = "always") -> Timeline:
    """A timeline of (hour, condition, reachable) changes."""
    return Timeline(
        tuple((at(h), c) for h, c, _ in changes),
        notify,  # type: ignore[arg-type]
        END,
        tuple(r for _, _, r in changes),
    )


def test_always_counts_only_reachable_true_events_against_reachable_recall() -> None:
    events = marked((10, True, True), (20, False, True), (30, True, False), (40, True, True))

    matching = match_notifications(events, [at(11), at(31)])

    assert matching.expected == 3
    assert matching.reachable_expected == 2
    # 10 h (reachable) and 30 h (unreachable, found all the same) detected: 1 of 2 reachable.
    assert len(matching.detected) == 2
    assert matching.reachable_detected == 1


def test_once_expects_one_reachable_event_when_any_true_event_is_reachable() -> None:
    reachable = marked((10, True, False), (20, True, True), notify="once")
    hidden = marked((10, True, False), notify="once")

    assert match_notifications(reachable, [at(11)]).reachable_detected == 1
    assert match_notifications(reachable, []).reachable_expected == 1
    assert match_notifications(hidden, [at(11)]).reachable_expected == 0
    assert match_notifications(hidden, [at(11)]).reachable_detected == 0


def test_unmarked_timelines_report_no_reachable_figures() -> None:
    matching = match_notifications(timeline((10, True)), [at(11)])

    assert (matching.reachable_expected, matching.reachable_detected) == (None, None)
    assert Totals(expected=1, detected=1).reachable_recall is None


def test_one_flag_per_event_is_required() -> None:
    with pytest.raises(InvalidInput):
        Timeline(((at(1), True),), "always", END, (True, False))


def test_reachable_recall_divides_reachable_detections_by_reachable_events() -> None:
    totals = Totals(expected=4, detected=2, reachable_expected=3, reachable_detected=2, marked=True)

    assert totals.recall == 0.5
    assert totals.reachable_recall == pytest.approx(2 / 3)
    assert Totals(marked=True).reachable_recall == 1.0  # nothing reachable was expected
