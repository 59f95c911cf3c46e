"""When the next run happens after a governed, a skipped and a failed run."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import UTC, datetime, timedelta

from sentinel.monitor.cadence import after_decision, after_failure, after_skip, monitor_timezone
from tests.monitor.test_governor import monitor

NOW = datetime(2025, 9, 10, 12, tzinfo=UTC)
HOURLY = monitor(min_interval_s=3600, max_interval_s=2 * 86400)


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


def test_consecutive_skips_back_off_up_to_the_maximum() -> None:
    waits = [
        after_skip(
            now=NOW,
            monitor=HOURLY,
            rng=random.Random(2),
            last_interval=timedelta(hours=6),
            consecutive_skips=skips,
        ).at
        - NOW
        for skips in (1, 2, 8)
    ]

    assert timedelta(hours=8) < waits[0] < waits[1]
    assert waits[2] == timedelta(days=2)


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
