"""Days the watched pages name, and runs brought forward around them."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest

from sentinel.monitor.scheduling.anchors import (
    ALIGN_DELAY,
    ANCHOR_DAY_INTERVAL,
    ANCHOR_HORIZON,
    MAX_ANCHOR_DAYS,
    MAX_DATED_LINES,
    aligned_run,
    anchor_days,
    anchored_run,
    appointment_run,
    appointments,
    dated_lines,
    dates_in,
    times_in,
    times_of_day,
)
from sentinel.monitor.scheduling.bounds import ScheduleBounds, ScheduledRun

TODAY = date(2025, 9, 1)
NOW = datetime(2025, 9, 1, 12, tzinfo=UTC)
EASTERN = ZoneInfo("America/New_York")
BOUNDS = ScheduleBounds(min_interval=timedelta(minutes=15), max_interval=timedelta(days=30))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("results on 2025-10-23 after the bell", [date(2025, 10, 23)]),
        ("Q3 call — Thursday, October 23, 2025, 4:30 p.m. ET", [date(2025, 10, 23)]),
        ("now expected on November 7.", [date(2025, 11, 7)]),
        ("the event is on Sept. 9th", [date(2025, 9, 9)]),
        ("opens 23 October 2025", [date(2025, 10, 23)]),
        ("Plenary session, 6–9 October 2025", [date(2025, 10, d) for d in (6, 7, 8, 9)]),
        ("a landslide on August 12", [date(2026, 8, 12)]),
        ("February 30 and May I help", []),
        ("It costs 9 dollars and ships in 2 days", []),
    ],
)
def test_dates_in_reads_explicit_calendar_days(text: str, expected: list[date]) -> None:
    assert dates_in(text, today=TODAY) == expected


def test_only_lines_about_the_mission_anchor() -> None:
    page = "Leaf collection starts September 20.\nThe Kestrel Bridge reopens on September 15."

    days = anchor_days([page], "When does the Kestrel Bridge reopen?", now=NOW)

    assert days == [date(2025, 9, 15)]


def test_past_far_and_calendar_pages_do_not_anchor() -> None:
    mission = "Quillstore release"
    past = "Quillstore 4.8 was released on August 2, 2025."
    far = f"Quillstore 6 is planned for {(NOW + ANCHOR_HORIZON + timedelta(days=3)):%B %d, %Y}."
    calendar = "\n".join(f"Quillstore meetup on September {d}" for d in (3, 5, 9))

    assert anchor_days([past, far, calendar], mission, now=NOW) == []
    assert anchor_days([calendar.splitlines()[0]], mission, now=NOW) == [date(2025, 9, 3)]


def test_at_most_the_first_few_days_anchor() -> None:
    pages = [f"The Quillstore vote is on September {d}." for d in range(2, 12)]

    days = anchor_days(pages, "Quillstore vote", now=NOW)

    assert days == [date(2025, 9, d) for d in range(2, 2 + MAX_ANCHOR_DAYS)]


def _planned(wait: timedelta) -> ScheduledRun:
    return ScheduledRun(NOW + wait, "planned")


def test_a_named_day_before_the_plan_brings_the_run_to_its_start() -> None:
    scheduled = anchored_run(
        _planned(timedelta(days=3)), [date(2025, 9, 3)], now=NOW, bounds=BOUNDS
    )

    assert scheduled.at == datetime(2025, 9, 3, tzinfo=UTC)
    assert "names Sep 3" in scheduled.explanation


def test_on_a_named_day_runs_are_hours_apart() -> None:
    scheduled = anchored_run(_planned(timedelta(days=1)), [TODAY], now=NOW, bounds=BOUNDS)

    assert scheduled.at == NOW + ANCHOR_DAY_INTERVAL


def test_an_earlier_plan_and_the_minimum_interval_win() -> None:
    soon = _planned(timedelta(hours=1))
    slow = ScheduleBounds(min_interval=timedelta(hours=6), max_interval=timedelta(days=30))

    assert anchored_run(soon, [TODAY], now=NOW, bounds=BOUNDS) == soon
    assert anchored_run(_planned(timedelta(days=1)), [TODAY], now=NOW, bounds=slow).at == (
        NOW + timedelta(hours=6)
    )
    assert anchored_run(soon, [], now=NOW, bounds=BOUNDS) == soon


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("restocks on weekday mornings at 10:00 UTC.", [(time(10), UTC)]),
        ("Q3 call, Thursday, October 23, 2025, 4:30 p.m. ET", [(time(16, 30), EASTERN)]),
        ("at 9am and at 19:00", [(time(9), UTC), (time(19), UTC)]),
        ("closes at 4:30 p.m.", [(time(16, 30), UTC)]),  # a.m./p.m. ending the text
        ("Kiprono won in 2:04:31, $4.82 billion, 12 people", []),
        ("at 13 pm or 25:00", []),
    ],
)
def test_times_in_reads_clock_times_with_their_zone(
    text: str, expected: list[tuple[time, object]]
) -> None:
    assert times_in(text) == expected


def test_only_times_said_with_a_when_on_lines_about_the_mission_count() -> None:
    page = "\n".join(
        [
            "In stock. Ships today if ordered before 2 p.m. Works with every Nimbus console.",
            "The Nimbus store restocks on weekday mornings at 10:00 UTC.",
            "Our office opens every day at 8:00.",
        ]
    )

    assert times_of_day([page], "Nimbus console in stock", now=NOW) == [(time(10), UTC)]


def test_a_long_wait_moves_to_the_nearest_named_time_a_short_one_does_not() -> None:
    ten = [(time(10), UTC)]
    long_wait = _planned(timedelta(hours=32))
    short = _planned(timedelta(hours=6))

    aligned = aligned_run(long_wait, ten, now=NOW, bounds=BOUNDS)

    assert aligned.at == datetime(2025, 9, 2, 10, tzinfo=UTC) + ALIGN_DELAY
    assert "names 10:00" in aligned.explanation
    assert aligned_run(short, ten, now=NOW, bounds=BOUNDS) == short
    assert aligned_run(long_wait, [], now=NOW, bounds=BOUNDS) == long_wait


def test_a_dateline_does_not_anchor_but_an_announced_date_does() -> None:
    mission = "Quillstore release"
    dateline = "Quillstore status — updated September 1, 2025 at 09:00"
    announced = "Quillstore 5.0 results will be published on September 3, 2025."

    assert anchor_days([dateline], mission, now=NOW) == []
    assert anchor_days([announced], mission, now=NOW) == [date(2025, 9, 3)]


def test_dated_lines_keep_what_anchors_and_times_read_and_give_the_same_schedule() -> None:
    mission = "Quillstore release"
    page = (
        "Quillstore news\n"
        "Leaf collection starts September 20.\n"
        "  Quillstore 5.0 is released on September 3, 2025.  \n"
        "The Quillstore mirror syncs every day at 10:00 UTC.\n"
        "Quillstore is a bookshop app."
    )

    lines = dated_lines(page, mission, today=TODAY)

    assert lines == (
        "Quillstore 5.0 is released on September 3, 2025.",
        "The Quillstore mirror syncs every day at 10:00 UTC.",
    )
    assert anchor_days(lines, mission, now=NOW) == anchor_days([page], mission, now=NOW)
    assert times_of_day(lines, mission, now=NOW) == times_of_day([page], mission, now=NOW)


def test_a_calendar_keeps_no_dated_lines_and_a_long_page_only_the_first_few() -> None:
    mission = "Quillstore meetup"
    calendar = "\n".join(f"Quillstore meetup on September {d}" for d in (3, 5, 9))
    times = "\n".join(f"Quillstore meetup every day at {h}:00" for h in range(10, 20))

    assert dated_lines(calendar, mission, today=TODAY) == ()
    assert len(dated_lines(times, mission, today=TODAY)) == MAX_DATED_LINES


CONCERT = "Lisbon tickets go on sale Friday, September 19, at 10:00 local time."


def test_a_day_and_a_time_in_one_sentence_make_an_appointment() -> None:
    sale = "**On sale Friday 12 September at 10:00 GMT.** Juniper Lane live."
    call = "The Q3 call is Thursday, September 25, 2025, 4:30 p.m. ET."

    assert appointments([sale], "Tell me when Juniper Lane tickets go on sale", now=NOW) == [
        datetime(2025, 9, 12, 10, tzinfo=UTC)
    ]
    assert appointments([CONCERT], "Tell me when Lisbon tickets are on sale", now=NOW) == [
        datetime(2025, 9, 19, 10, tzinfo=UTC)
    ]
    assert appointments([call], "the Q3 call", now=NOW) == [
        datetime(2025, 9, 25, 16, 30, tzinfo=EASTERN).astimezone(UTC)
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Rounds at 15:00 daily from July 19 to July 27.",  # a timetable: several days
        "Doors 18:00, show 20:00 on September 19.",  # several times
        "The tickets went on sale on August 29 at 10:00.",  # in the past
        "Tickets restock every weekday at 10:00.",  # a time without a day
        "Updated September 3 at 09:12: tickets sold out.",  # a dateline
        "The library opens on September 19 at 10:00.",  # not about the mission
    ],
)
def test_what_makes_no_appointment(text: str) -> None:
    assert appointments([text], "Tell me when tickets go on sale", now=NOW) == []


def test_an_appointment_before_the_plan_is_looked_at_a_quarter_of_an_hour_after() -> None:
    moment = datetime(2025, 9, 19, 10, tzinfo=UTC)
    later = ScheduledRun(moment + timedelta(hours=5), "planned")
    slow = ScheduleBounds(min_interval=timedelta(days=30), max_interval=timedelta(days=60))

    scheduled = appointment_run(later, [moment], now=NOW, bounds=BOUNDS)

    assert scheduled.at == moment + ALIGN_DELAY
    assert "names Sep 19 10:00 UTC" in scheduled.explanation
    earlier = ScheduledRun(moment, "planned")
    assert appointment_run(earlier, [moment], now=NOW, bounds=BOUNDS) == earlier
    assert appointment_run(later, [moment], now=NOW, bounds=slow) == later
    assert appointment_run(later, [], now=NOW, bounds=BOUNDS) == later


def test_mentions_are_read_once_per_text_and_day_and_callers_get_their_own_lists() -> None:
    from sentinel.monitor.scheduling import anchors

    text = "Doors open on March 3 and March 5-6; tickets from February 30 are void."
    today = date(2025, 1, 10)
    before = anchors._mentions.cache_info()
    first = anchors.mentions_in(text, today=today)
    first[0].append(date(1999, 1, 1))  # a caller changing its copy changes nothing cached
    second = anchors.mentions_in(text, today=today)
    after = anchors._mentions.cache_info()

    assert second == [[date(2025, 3, 3)], [date(2025, 3, 5), date(2025, 3, 6)]]
    assert after.hits >= before.hits + 1
    assert anchors.mentions_in(text, today=date(2025, 4, 1))[0] == [date(2026, 3, 3)]
