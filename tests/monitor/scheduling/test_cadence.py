"""When the next run happens after a governed, a skipped and a failed run."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from sentinel.monitor.scheduling.anchors import ANCHOR_DAY_INTERVAL
from sentinel.monitor.scheduling.cadence import (
    DEFAULT_CEILING,
    FAILED_SOURCE_RETRY,
    SKIP_BACKOFF_CEILING,
    after_decision,
    after_failure,
    after_skip,
    monitor_timezone,
)
from sentinel.monitor.scheduling.lifetime import BRIEF_LIFETIME, MIN_BOUND
from sentinel.storage import MonitorRecord, NotifyBehavior
from tests.monitor.governing.test_governor import monitor

NOW = datetime(2025, 9, 10, 12, tzinfo=UTC)
HOURLY_MAX = timedelta(days=2)
HOURLY = monitor(min_interval_s=3600, max_interval_s=int(HOURLY_MAX.total_seconds()))
REPAIR = replace(HOURLY, original_query="Tell me when the Digital Repair Act is adopted")


def test_a_decision_is_bounded_by_the_monitors_interval_bounds() -> None:
    soon = after_decision("5 minutes", now=NOW, monitor=HOURLY, rng=random.Random(1))
    late = after_decision("3 weeks", now=NOW, monitor=HOURLY, rng=random.Random(1))

    assert soon.at >= NOW + timedelta(hours=1)
    assert late.at <= NOW + timedelta(days=2)
    assert "raised to the minimum" in soon.explanation


def test_calendar_phrases_are_read_in_the_monitors_time_zone() -> None:
    paris = replace(HOURLY, context={"timezone": "Europe/Paris"})

    scheduled = after_decision("tomorrow 9am", now=NOW, monitor=paris, rng=random.Random(1))

    assert scheduled.at.astimezone(monitor_timezone(paris)).hour == 9


def test_an_unknown_time_zone_reads_as_utc() -> None:
    assert monitor_timezone(replace(HOURLY, context={"timezone": "Mars/Olympus"})) == UTC


def _skip_wait(
    record: MonitorRecord, last: timedelta, skips: int, pages: list[str] | None = None
) -> timedelta:
    scheduled = after_skip(
        now=NOW,
        monitor=record,
        rng=random.Random(2),
        last_interval=last,
        consecutive_skips=skips,
        pages=pages or [],
    )
    return scheduled.at - NOW


def test_consecutive_skips_back_off_up_to_the_ceiling_not_the_maximum() -> None:
    waits = [_skip_wait(HOURLY, timedelta(hours=6), skips) for skips in (1, 2, 8, 30)]

    assert timedelta(hours=8) < waits[0] < waits[1]
    ceiling = SKIP_BACKOFF_CEILING * 1.1
    assert SKIP_BACKOFF_CEILING * 0.9 <= waits[2] <= ceiling
    assert waits[3] <= ceiling < HOURLY_MAX


def test_back_off_never_shortens_a_longer_governed_wait_nor_passes_the_maximum() -> None:
    weekly = monitor(min_interval_s=3600, max_interval_s=29 * 86400)
    tight = monitor(min_interval_s=60, max_interval_s=4 * 3600)

    assert _skip_wait(weekly, timedelta(days=7), 3) >= timedelta(days=7) * 0.9
    assert _skip_wait(tight, timedelta(hours=1), 10) <= timedelta(hours=4)


def test_a_skipped_run_looks_again_on_a_day_its_pages_name() -> None:
    page = "The Digital Repair Act vote is on September 11, 2025 at noon."
    plain = _skip_wait(HOURLY, timedelta(hours=6), 8)
    anchored = _skip_wait(REPAIR, timedelta(hours=6), 8, [page])

    assert anchored < plain
    assert NOW + anchored == datetime(2025, 9, 11, tzinfo=UTC)


def test_a_decision_on_a_named_day_looks_again_within_hours() -> None:
    page = "Vote on the Digital Repair Act: September 10."

    scheduled = after_decision("1 day", now=NOW, monitor=REPAIR, rng=random.Random(1), pages=[page])
    plain = after_decision("1 day", now=NOW, monitor=REPAIR, rng=random.Random(1))

    assert scheduled.at == NOW + ANCHOR_DAY_INTERVAL
    assert "names today" in scheduled.explanation
    assert plain.at > NOW + timedelta(hours=20)


def test_a_retried_failure_waits_the_policys_delay_exactly() -> None:
    scheduled = after_failure(
        now=NOW,
        monitor=HOURLY,
        rng=random.Random(3),
        retry_delay=timedelta(minutes=2),
        last_interval=None,
    )

    assert scheduled.at == NOW + timedelta(minutes=2)


def test_a_failure_not_retried_keeps_the_regular_cadence_never_in_the_past() -> None:
    scheduled = after_failure(
        now=NOW,
        monitor=HOURLY,
        rng=random.Random(3),
        retry_delay=timedelta(seconds=-30),
        last_interval=None,
    )
    regular = after_failure(
        now=NOW, monitor=HOURLY, rng=random.Random(3), retry_delay=None, last_interval=None
    )

    assert scheduled.at > NOW
    assert NOW + timedelta(hours=20) < regular.at <= NOW + timedelta(days=2)


def test_a_skip_with_a_source_that_failed_looks_again_within_the_hour() -> None:
    scheduled = after_skip(
        now=NOW,
        monitor=HOURLY,
        rng=random.Random(2),
        last_interval=timedelta(hours=6),
        consecutive_skips=4,
        source_failed=True,
    )

    assert scheduled.at - NOW <= FAILED_SOURCE_RETRY * 1.1
    assert "could not be fetched" in scheduled.explanation


DEFAULT_MAX = monitor(min_interval_s=900, max_interval_s=30 * 86400)
RESTOCK = replace(
    DEFAULT_MAX,
    original_query="Tell me whenever resale tickets show up",
    action_criteria="Resale tickets are available",
    notify_behavior=NotifyBehavior.ALWAYS,
)


def test_a_monitor_without_a_user_maximum_never_waits_past_a_day() -> None:
    governed = after_decision("3 weeks", now=NOW, monitor=DEFAULT_MAX, rng=random.Random(1))
    skipped = [_skip_wait(DEFAULT_MAX, timedelta(days=3), skips) for skips in (1, 5, 40)]

    assert governed.at - NOW <= DEFAULT_CEILING
    assert all(wait <= DEFAULT_CEILING for wait in skipped)


@pytest.mark.parametrize("seed", range(20))
def test_notify_always_on_a_quiet_page_never_waits_past_the_bound(seed: int) -> None:
    bound = BRIEF_LIFETIME / 2
    waits = [
        after_skip(
            now=NOW,
            monitor=RESTOCK,
            rng=random.Random(seed),
            last_interval=timedelta(days=1),
            consecutive_skips=skips,
        ).at
        - NOW
        for skips in (1, 3, 10, 49)
    ]
    governed = after_decision("2 days", now=NOW, monitor=RESTOCK, rng=random.Random(seed))

    assert all(wait <= bound for wait in waits)
    assert governed.at - NOW <= bound
    assert "bounded: notify=always" in governed.explanation


def test_short_lived_states_in_the_history_shorten_the_wait() -> None:
    held = [timedelta(hours=6)]

    plain = after_skip(
        now=NOW, monitor=RESTOCK, rng=random.Random(4), last_interval=None, consecutive_skips=3
    )
    informed = after_skip(
        now=NOW,
        monitor=RESTOCK,
        rng=random.Random(4),
        last_interval=None,
        consecutive_skips=3,
        held=held,
    )
    hinted = after_decision("1 day", now=NOW, monitor=RESTOCK, rng=random.Random(4), hint="hours")

    assert informed.at - NOW <= timedelta(hours=3) < plain.at - NOW
    assert "lasted 6 hours" in informed.explanation
    assert hinted.at - NOW <= MIN_BOUND


def test_a_user_maximum_below_the_bound_still_wins_and_a_user_minimum_is_kept() -> None:
    tight = replace(RESTOCK, max_interval_s=3600)
    slow = replace(RESTOCK, min_interval_s=8 * 3600, max_interval_s=7 * 86400)

    quick = after_skip(
        now=NOW, monitor=tight, rng=random.Random(5), last_interval=None, consecutive_skips=9
    )
    patient = after_decision("1 day", now=NOW, monitor=slow, rng=random.Random(5), hint="minutes")

    assert quick.at - NOW <= timedelta(hours=1)
    assert timedelta(hours=8) <= patient.at - NOW <= timedelta(hours=8)


def test_a_bounded_wait_still_lands_on_a_time_of_day_the_pages_name() -> None:
    night = datetime(2025, 9, 10, 1, tzinfo=UTC)
    page = "Resale tickets usually appear at 10:00 UTC, when the box office opens."

    scheduled = after_skip(
        now=night,
        monitor=RESTOCK,
        rng=random.Random(6),
        last_interval=timedelta(days=1),
        consecutive_skips=5,
        pages=[page],
    )

    assert scheduled.at == datetime(2025, 9, 10, 10, 15, tzinfo=UTC)
    assert "bounded: notify=always" in scheduled.explanation
