"""Report sentences a reader accepts: tables read as sentences, sentences judged well formed,
and issue 35's timetable report."""

from __future__ import annotations

import pytest

from sentinel.research.form import echoes_question, sentence_problem, well_formed
from sentinel.research.tables import linearize_tables

FERRY = (
    "Which sailings from Port Ellan to Skarra were cancelled on Saturday 23 January 2027, and why?"
)
TIMETABLE = """**Disrupted.** Sailings from Port Ellan are affected.

| Departs Port Ellan | Arrives Skarra | Status |
|---|---|---|
| 07:20 | 08:45 | Cancelled |
| 10:40 | 12:05 | Sailing |
| 14:15 | 15:40 | Sailing |
| 17:30 | 18:50 | Cancelled |
"""


def test_a_timetable_is_read_as_one_sentence_per_status() -> None:
    lines = [line for line in linearize_tables(TIMETABLE).splitlines() if line]
    assert lines == [
        "Disrupted. Sailings from Port Ellan are affected.",
        "Departs Port Ellan 07:20 (arrives Skarra 08:45) and 17:30 (arrives Skarra 18:50) are "
        "cancelled.",
        "Departs Port Ellan 10:40 (arrives Skarra 12:05) and 14:15 (arrives Skarra 15:40) are "
        "sailing.",
    ]
    assert all(well_formed(line, FERRY) for line in lines)


def test_a_one_row_record_is_read_as_one_sentence() -> None:
    table = (
        "| Reference | Proposal | Status |\n|---|---|---|\n"
        "| 25/01873/FUL | Conversion of the Old Dairy into 12 flats | Approved with conditions |"
    )
    assert linearize_tables(table) == (
        "For reference 25/01873/FUL, the proposal is Conversion of the Old Dairy into 12 flats "
        "and the status is approved with conditions."
    )


@pytest.mark.parametrize(
    ("sentence", "problem"),
    [
        ("| 10:40 | 12:05 | Sailing |", "a table row"),
        ("| 17:30 | 18:50 |.", "a table row"),
        ("Disrupted.** Sailings from Port Ellan are affected.", "markup"),
        ("Home › News › Ferries are cancelled.", "navigation or a byline"),
        ("Old Dairy: what we expect By Sofia · March 10, 2026 We expect a refusal.",
         "navigation or a byline"),
        ("25/01873/FUL - The Old Dairy, Mill Road Conversion of the Old Dairy into 12 flats.",
         "no verb"),
        ("The grant covers 40% of the", "cut off"),
        ("the grant covers 40% of the cost.", "cut off"),
        ("The grant (for homes covers 40%.", "cut off"),
        ("Which sailings were cancelled?", "a question"),
        ("Port Ellan to Skarra were cancelled on Saturday 23 January 2027, due to forecast "
         "gusts of 60 knots.", "a torn-out piece of the question"),
    ],
)  # fmt: skip
def test_what_is_not_a_sentence_says_why(sentence: str, problem: str) -> None:
    assert sentence_problem(sentence, FERRY) == problem


@pytest.mark.parametrize(
    "sentence",
    [
        "The 07:20 sailing is cancelled; the 10:40 and 14:15 sail as timetabled.",
        "Port Ellan to Skarra sailings were cancelled on Saturday because of gusts.",
        "Ellan Ferries cancelled the 07:20 and 17:30 sailings from Port Ellan to Skarra.",
        "The committee approved the application by 7 votes to 4.",
        "Members voted 7 to 4 in favour.",
    ],
)
def test_sentences_a_reader_accepts_are_well_formed(sentence: str) -> None:
    assert sentence_problem(sentence, FERRY) is None


def test_an_echo_needs_the_question_s_words_torn_from_a_preposition_into_a_verb() -> None:
    assert echoes_question("Port Ellan to Skarra were cancelled.", FERRY)
    assert not echoes_question("Sailings from Port Ellan to Skarra were cancelled.", FERRY)
    assert not echoes_question(
        "Application 25/01873/FUL was approved.", "What about application 25/01873/FUL?"
    )
