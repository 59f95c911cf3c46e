"""Scoring notifications against a scenario's ground truth, and counting what runs cost."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from sentinel.demo.summary import RunCounts, score, summarize
from sentinel.sim import load_bundled
from sentinel.storage import RunRecord, RunStatus
from tests.storage.helpers import run_record

LAUNCH = datetime(2025, 9, 9, 17, tzinfo=UTC)  # iphone-release: condition true from here
DROP = datetime(2025, 10, 3, 6, tzinfo=UTC)  # headphones-price-drop: true, then false Oct 10
IPHONE = load_bundled("iphone-release")
HEADPHONES = load_bundled("headphones-price-drop")
LIBRARY = load_bundled("library-hours-churn")
SEPT_6, SEPT_13 = datetime(2025, 9, 6, tzinfo=UTC), datetime(2025, 9, 13, tzinfo=UTC)


def run(status: RunStatus, **usage: Any) -> RunRecord:
    return run_record(status, at=datetime(2025, 9, 1, tzinfo=UTC), usage=dict(usage))


def test_a_notification_after_the_event_detects_it_with_its_delay() -> None:
    scoring = score(IPHONE, [LAUNCH + timedelta(hours=5)], start=SEPT_6, end=SEPT_13)

    assert scoring.expected == 1
    assert scoring.detections == ((LAUNCH, LAUNCH + timedelta(hours=5)),)
    assert scoring.false_alerts == ()


def test_a_notification_before_the_event_is_a_false_alert() -> None:
    early = LAUNCH - timedelta(days=1)

    scoring = score(IPHONE, [early], start=SEPT_6, end=SEPT_13)

    assert scoring.detections == ()
    assert scoring.false_alerts == (early,)


def test_a_second_notification_of_a_once_monitor_is_a_false_alert() -> None:
    first, second = LAUNCH + timedelta(hours=1), LAUNCH + timedelta(hours=30)

    scoring = score(IPHONE, [second, first], start=SEPT_6, end=SEPT_13)

    assert scoring.detections == ((LAUNCH, first),)
    assert scoring.false_alerts == (second,)


def test_a_notification_after_the_condition_turned_false_again_is_a_false_alert() -> None:
    late = datetime(2025, 10, 11, tzinfo=UTC)

    scoring = score(HEADPHONES, [late], start=DROP - timedelta(days=2), end=late + timedelta(1))

    assert scoring.expected == 1
    assert scoring.false_alerts == (late,)


def test_a_condition_already_true_when_the_window_opens_counts_from_the_window_start() -> None:
    start = LAUNCH + timedelta(days=2)

    scoring = score(IPHONE, [start + timedelta(hours=3)], start=start, end=IPHONE.end)

    assert scoring.expected == 1
    assert scoring.detections == ((start, start + timedelta(hours=3)),)


def test_events_outside_the_window_are_not_expected() -> None:
    scoring = score(IPHONE, [], start=SEPT_6, end=LAUNCH - timedelta(hours=1))

    assert scoring.expected == 0
    assert scoring.detections == scoring.false_alerts == ()


def test_a_scenario_without_events_expects_nothing_and_calls_any_notification_false() -> None:
    moment = datetime(2025, 9, 20, tzinfo=UTC)
    start, end = datetime(2025, 9, 12, tzinfo=UTC), datetime(2025, 10, 3, tzinfo=UTC)

    quiet = summarize(LIBRARY, governor="llm", start=start, end=end, runs=[], notified_at=[])
    noisy = summarize(LIBRARY, governor="llm", start=start, end=end, runs=[], notified_at=[moment])

    assert (quiet.first_event, quiet.missed, quiet.false_alerts, quiet.delay) == (None, 0, 0, None)
    assert (noisy.notifications, noisy.false_alerts, noisy.detected_at) == (1, 1, None)


def test_the_summary_row_reports_the_first_detection_and_its_delay() -> None:
    notified = LAUNCH + timedelta(hours=11, minutes=20)

    row = summarize(
        IPHONE, governor="rules", start=SEPT_6, end=SEPT_13, runs=[], notified_at=[notified]
    )

    assert (row.first_event, row.detected_at) == (LAUNCH, notified)
    assert row.delay == timedelta(hours=11, minutes=20)
    assert row.missed == 0


def test_a_missed_event_is_counted() -> None:
    row = summarize(IPHONE, governor="rules", start=SEPT_6, end=SEPT_13, runs=[], notified_at=[])

    assert row.first_event == LAUNCH
    assert row.missed == 1
    assert row.delay is None


def test_run_counts_add_up_statuses_calls_saved_and_model_time() -> None:
    runs = [
        run(
            RunStatus.SUCCEEDED, model_calls=2, prompt_tokens=700, completion_tokens=90, model_s=9.5
        ),
        run(RunStatus.SKIPPED_NO_CHANGE, model_calls=0, calls_saved=2),
        run(RunStatus.SKIPPED_NO_CHANGE, model_calls=0, calls_saved=2),
        run(RunStatus.RETRYING, model_calls=1, model_s=1.5),
        run(RunStatus.RUNNING),
    ]

    counts = RunCounts.of(runs)

    assert (counts.runs, counts.sensed, counts.skipped, counts.failed) == (4, 1, 2, 1)
    assert (counts.model_calls, counts.calls_saved, counts.tokens) == (3, 4, 790)
    assert counts.model_s == 11.0


def test_run_counts_ignore_usage_values_of_the_wrong_type() -> None:
    counts = RunCounts.of([run(RunStatus.SUCCEEDED, model_calls="2", model_s=None)])

    assert (counts.model_calls, counts.model_s) == (0, 0.0)
