"""How the demo shows times, delays, states and the summary table."""

from __future__ import annotations

import io
from datetime import UTC, datetime, timedelta

from rich.console import Console

from sentinel.demo.display import compact, moment, short_span, summary_table, verdict, wall
from sentinel.demo.summary import summarize
from sentinel.sim import load_bundled

LAUNCH = datetime(2025, 9, 9, 17, tzinfo=UTC)
START, END = datetime(2025, 9, 6, tzinfo=UTC), datetime(2025, 9, 13, tzinfo=UTC)
IPHONE = load_bundled("iphone-release")


def test_times_and_delays_read_like_a_person_would_write_them() -> None:
    assert moment(datetime(2025, 9, 10, 5, 12, 40, tzinfo=UTC)) == "Sep 10 05:12"
    assert moment(None) == "—"
    assert short_span(timedelta(hours=11, minutes=19, seconds=40)) == "11h 20m"
    assert short_span(timedelta(days=1, hours=2, minutes=5)) == "1d 2h"
    assert short_span(timedelta(minutes=45)) == "45m"
    assert short_span(None) == "—"
    assert wall(161.4) == "2 min 41 s"
    assert wall(7.25) == "7.2 s"


def test_a_long_state_is_cut_to_one_line() -> None:
    assert compact({"announced": True}) == '{"announced": true}'
    assert len(compact({"text": "x" * 500})) == 90


def test_the_verdict_says_whether_the_monitor_was_right() -> None:
    def row(*notified: datetime) -> str:
        return verdict(
            summarize(IPHONE, governor="rules", start=START, end=END, runs=[], notified_at=notified)
        )

    assert "yes ✓" in row(LAUNCH + timedelta(hours=3))
    assert "no ✗ missed" in row()
    assert "yes ×2 ✗ false" in row(LAUNCH - timedelta(days=1), LAUNCH + timedelta(hours=1))


def test_the_summary_table_has_a_row_per_monitor_with_its_delay() -> None:
    notified = LAUNCH + timedelta(hours=4)
    rows = [
        summarize(IPHONE, governor="rules", start=START, end=END, runs=[], notified_at=[notified])
    ]
    out = io.StringIO()

    Console(file=out, width=200).print(summary_table(rows))

    text = out.getvalue()
    assert "iphone-release" in text
    assert "Sep 09 21:00" in text
    assert "4h 00m" in text
