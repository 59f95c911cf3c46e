"""A week's opening hours read from the ways pages write them, into one normal form; events,
dated exceptions and prose about something else are not a week."""

from __future__ import annotations

import pytest

from sentinel.text.opening_hours import weekly_hours

LIBRARY = "Mon 09:00-20:00; Tue 09:00-20:00; Sat 10:00-17:00; Sun closed"


def weeks(text: str) -> list[str]:
    return [schedule.text for schedule in weekly_hours(text.split("\n"))]


@pytest.mark.parametrize(
    "text",
    [
        "| Day | Hours |\n| Monday | 9:00 – 20:00 |\n| Tuesday | 9:00 – 20:00 |\n"
        "| Saturday | 10:00 – 17:00 |\n| Sunday | Closed |",
        "Monday\n9:00 - 20:00\nTuesday\n9:00 - 20:00\nSaturday\n10:00 - 17:00\nSunday\nClosed",
        "- Mon, Tue: 9am – 8pm\n- Sat: 10am–5pm\n- Sun: closed",
        "Mo–Di 9–20 Uhr\nSa 10–17 Uhr\nSo geschlossen",
        "Lundi et mardi : 9h – 20h\nSamedi : 10h – 17h\nDimanche : fermé",
        "lun., mar. : 9h-20h\nsam. : 10h-17h\ndim. : fermé",
        "Lunes y martes de 9:00 a 20:00\nSábado: 10:00 a 17:00\nDomingo: cerrado",
    ],
    ids=["table", "cells-on-their-own-lines", "list-am-pm", "de", "fr", "fr-short", "es"],
)
def test_the_same_week_reads_the_same_however_it_is_written(text: str) -> None:
    assert weeks(text) == [LIBRARY]


def test_day_ranges_daily_lunch_breaks_and_hours_without_am_pm() -> None:
    assert weeks("Mon–Fri 9–5\nSat 9am–12pm") == [
        "Mon 09:00-17:00; Tue 09:00-17:00; Wed 09:00-17:00; Thu 09:00-17:00; "
        "Fri 09:00-17:00; Sat 09:00-12:00"
    ]
    assert weeks("Open daily 10:00–18:00")[0].count("10:00-18:00") == 7
    assert weeks("Monday to Friday 9:00–12:00, 14:00–18:00\nSaturday 9:00–12:00")[0].startswith(
        "Mon 09:00-12:00, 14:00-18:00; Tue 09:00-12:00, 14:00-18:00"
    )
    assert weeks("Mon 1–4pm\nTue 9am–12pm") == ["Mon 13:00-16:00; Tue 09:00-12:00"]


@pytest.mark.parametrize(
    "text",
    [
        "- **Tuesday, September 2, 10:30** — Baby rhyme time (ages 0–2)\n"
        "- **Thursday, September 4, 18:00** — Author talk",
        "Saturday 14:00–16:00 Repair café: bring a broken lamp to the library\n"
        "Sunday 11:00–12:00 Local history walk from the library steps",
        "Monday 25 December: closed\nTuesday 26 December: 10:00–14:00",
        "Our Saturday hours may be shortened if the budget is cut.",
        "Monday 9:00–20:00",
    ],
    ids=["events", "events-with-ranges", "dated-exceptions", "prose", "one-day"],
)
def test_what_is_not_a_regular_week_is_not_read(text: str) -> None:
    assert weeks(text) == []


def test_a_line_that_is_not_days_and_hours_ends_a_week() -> None:
    text = (
        "Summer\nMon–Fri 9–17\nSat 9–12\nWinter opening times are shorter than in summer, "
        "as every year\nMon–Fri 10–16\nSat closed"
    )
    assert len(weeks(text)) == 2
