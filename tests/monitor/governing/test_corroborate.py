"""Corroboration: a change a rule acts on must be a change on the page, not a misreading."""

from __future__ import annotations

from sentinel.monitor.governing.corroborate import changed_paths, uncorroborated_change
from sentinel.monitor.governing.rule_syntax import parse_rule

HOURS_RULE = "prev(opening_hours) != null and changed(opening_hours)"
HOURS_PAGE = """# Opening hours

| Day | Hours |
|---|---|
| Monday | 9:00 – 20:00 |
| Friday | 9:00 – 18:00 |
| Sunday | Closed |
"""
FULL = {"opening_hours": {"Monday": "9:00 – 20:00", "Friday": "9:00 – 18:00", "Sunday": "Closed"}}
PARTIAL = {"opening_hours": {"Monday": "9:00", "Friday": "9:00", "Sunday": "Closed"}}


def test_the_paths_a_rule_tests_for_change_are_found_anywhere_in_it() -> None:
    rule = parse_rule("not changed(a) or (b > 1 and changed(c.d)) or changed(a)")

    assert changed_paths(rule) == ["a", "c.d"]


def test_a_partial_reading_then_a_full_one_of_an_unchanged_page_is_refuted() -> None:
    reason = uncorroborated_change(HOURS_RULE, PARTIAL, FULL, [HOURS_PAGE])

    assert reason is not None
    assert "opening_hours.Monday: '9:00' → '9:00 – 20:00'" in reason


def test_a_full_reading_then_a_partial_one_is_refuted_too() -> None:
    assert uncorroborated_change(HOURS_RULE, FULL, PARTIAL, [HOURS_PAGE]) is not None


def test_a_real_change_on_the_page_is_corroborated() -> None:
    changed_page = HOURS_PAGE.replace("| Friday | 9:00 – 18:00 |", "| Friday | 9:00 – 17:00 |")
    later = {"opening_hours": {**FULL["opening_hours"], "Friday": "9:00 – 17:00"}}

    assert uncorroborated_change(HOURS_RULE, FULL, later, [changed_page]) is None


def test_one_line_stating_the_new_value_alone_corroborates_a_version_change() -> None:
    pages = [
        "Quillstore 5.0.0-rc2 is out. Please test 5.0.0-rc2 before 5.0.0 ships.",
        "The current stable version is 5.0.0, released October 1.",
    ]
    rule = "changed(stable_version)"

    previous, current = {"stable_version": "5.0.0-rc2"}, {"stable_version": "5.0.0"}
    assert uncorroborated_change(rule, previous, current, pages) is None
    assert uncorroborated_change(rule, previous, current, pages[:1]) is not None


def test_what_cannot_be_judged_never_suppresses() -> None:
    rule = "changed(price) or changed(announced)"

    assert uncorroborated_change(rule, None, {"price": 279.99}, [HOURS_PAGE]) is None
    assert uncorroborated_change(rule, {"price": None}, {"price": 279.99}, []) is None
    assert uncorroborated_change(rule, {"price": 379.99}, {"price": 279.99}, ["no price"]) is None
    assert uncorroborated_change(rule, {"announced": False}, {"announced": True}, []) is None
    assert uncorroborated_change("price < 300", {"price": 9}, {"price": 299}, []) is None


def test_readings_that_differ_only_in_spacing_and_dashes_are_not_a_change() -> None:
    compact = {"opening_hours": {"Monday": "9:00-20:00", "Sunday": "closed"}}

    reason = uncorroborated_change(HOURS_RULE, compact, FULL, [HOURS_PAGE])

    assert reason is not None
    assert "'9:00-20:00' → '9:00 – 20:00'" in reason
    assert uncorroborated_change("changed(v)", {"v": 1}, {"v": 2}, ["v is 2 now"]) is None
