"""How a monitor's search is worded (sentinel.monitor.search_queries): its query while
searches find pages to watch; the criteria, then the content words of both, in turn, while
they find none."""

from __future__ import annotations

from sentinel.monitor.search_queries import search_queries, search_query

MISSION = "Warn me every time trains between Dunmore and Port Ellis are suspended"
CRITERIA = (
    "The rail operator's service page says trains between Dunmore and Port Ellis are "
    "suspended or cancelled"
)


def test_the_query_comes_first_then_the_criteria_then_the_words_without_the_framing() -> None:
    query, criteria, keywords = search_queries(MISSION, CRITERIA)

    assert query == MISSION
    assert criteria == CRITERIA
    words = keywords.split()
    # The request's framing ("warn me every time", "page says") is left out; the words a
    # page states are kept, once each, possessives without their ending.
    assert {"warn", "me", "every", "time", "page", "says"}.isdisjoint(words)
    assert {"dunmore", "port", "ellis", "suspended", "service", "operator"} <= set(words)
    assert len(words) == len(set(words))


def test_the_turn_follows_the_fruitless_searches_and_wraps_around() -> None:
    wordings = search_queries(MISSION, CRITERIA)

    assert [search_query(MISSION, CRITERIA, n) for n in range(4)] == [*wordings, wordings[0]]


def test_a_mission_without_criteria_takes_turns_with_its_own_words() -> None:
    assert search_queries("Tell me when the iPhone 17 is released", None) == (
        "Tell me when the iPhone 17 is released",
        "iphone 17 released",
    )


def test_wordings_that_say_the_same_are_not_repeated() -> None:
    assert search_queries("iphone 17 released", "IPHONE 17 RELEASED") == ("iphone 17 released",)
    assert search_queries("  spaced   query ", None) == ("spaced query",)


def test_a_questions_auxiliaries_are_framing_too() -> None:
    *_, keywords = search_queries(
        "When does the Eastfield library reopen, and what did the works cost?", None
    )

    assert keywords == "eastfield library reopen works cost"
