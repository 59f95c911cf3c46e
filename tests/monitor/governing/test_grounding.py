"""Grounding: a notification must quote a page fetched this run, verbatim."""

from __future__ import annotations

from sentinel.monitor.governing.checks import ground_decision
from sentinel.monitor.governing.grounding import check_grounding, normalize_for_quote
from sentinel.monitor.models import Evidence, GovernorDecision

PAGE_URL = "https://www.apple.com/newsroom/2025/09/iphone-17/"
PAGE = """# Apple unveils **iPhone 17**

CUPERTINO, California — Apple today announced iPhone 17, available for pre-order
on Friday, September 12, with prices starting at $799. The new
[A19 chip](https://apple.com/a19) is “the fastest ever in a smartphone.”
"""
PAGES = {PAGE_URL: PAGE, "https://example.org/other": "An unrelated page about gardening tools."}


def ground(quote: str, url: str = PAGE_URL) -> tuple[bool, str | None]:
    result = check_grounding([Evidence(url=url, quote=quote)], PAGES)
    if result.grounded:
        return True, None
    return False, result.rejected[0].reason


def test_a_verbatim_quote_from_the_cited_page_is_grounded() -> None:
    assert ground("Apple today announced iPhone 17") == (True, None)


def test_whitespace_case_and_line_breaks_do_not_matter() -> None:
    assert ground("available for PRE-ORDER on Friday,   September 12")[0]


def test_markdown_emphasis_and_link_syntax_do_not_matter() -> None:
    assert ground("Apple unveils iPhone 17")[0]
    assert ground("The new A19 chip is")[0]


def test_curly_quotes_and_dashes_match_their_plain_forms() -> None:
    assert ground('is "the fastest ever in a smartphone."')[0]
    assert ground("CUPERTINO, California - Apple today")[0]


def test_a_quote_may_elide_with_an_ellipsis_when_each_piece_appears_in_order() -> None:
    assert ground("Apple today announced iPhone 17 … prices starting at $799")[0]
    assert not ground("prices starting at $799 … Apple today announced iPhone 17")[0]


def test_surrounding_quotation_marks_are_ignored() -> None:
    assert ground('"Apple today announced iPhone 17"')[0]


def test_a_paraphrase_is_rejected() -> None:
    assert ground("Apple has announced the iPhone 17 today") == (
        False,
        "quote not found verbatim on the page",
    )


def test_a_quote_shorter_than_three_words_or_twelve_characters_proves_nothing() -> None:
    grounded, reason = ground("$799")
    assert not grounded
    assert reason is not None
    assert "too short" in reason
    assert ground("prices starting at")[0]  # 3 words, 18 characters: counts
    grounded, reason = ground("The new A19")  # on the page, 3 words, but 11 characters
    assert not grounded
    assert reason is not None
    assert "too short" in reason


def test_a_page_not_fetched_this_run_grounds_nothing() -> None:
    assert ground("Apple today announced iPhone 17", url="https://apple.com/elsewhere") == (
        False,
        "page not fetched this run",
    )


def test_a_quote_must_be_on_the_page_it_cites_and_the_reason_says_where_it_is() -> None:
    grounded, reason = ground("Apple today announced iPhone 17", url="https://example.org/other")
    assert not grounded
    assert (
        reason
        == "quote not on the cited page (it is on https://www.apple.com/newsroom/2025/09/iphone-17)"
    )


def test_urls_match_despite_trailing_slash_fragment_and_host_case() -> None:
    assert ground(
        "Apple today announced iPhone 17",
        url="https://WWW.apple.com/newsroom/2025/09/iphone-17#top",
    )[0]


def test_the_normalization_is_nfkc_so_compatibility_forms_match() -> None:
    assert normalize_for_quote("ﬁnal\u00a0price") == "final price"


def decision(quotes: list[Evidence], *, act: bool = True) -> GovernorDecision:
    return GovernorDecision(
        should_act=act,
        action_content="iPhone 17 announced",
        next_check="1 day",
        reasoning="announced",
        evidence=quotes,
    )


def test_an_acting_decision_keeps_only_its_grounded_quotes() -> None:
    good = Evidence(url=PAGE_URL, quote="Apple today announced iPhone 17")
    bad = Evidence(url=PAGE_URL, quote="Apple confirmed a $699 price")
    grounded, result = ground_decision(decision([good, bad]), PAGES)
    assert grounded.should_act
    assert grounded.evidence == [good]
    assert [r.evidence for r in result.rejected] == [bad]


def test_an_acting_decision_without_a_grounded_quote_is_suppressed_with_a_reason() -> None:
    bad = Evidence(url=PAGE_URL, quote="Apple confirmed a $699 price")
    suppressed, result = ground_decision(decision([bad]), PAGES)
    assert not suppressed.should_act
    assert suppressed.action_type == "none"
    assert result.suppression_reason == (
        f"no grounded quote: {PAGE_URL}: quote not found verbatim on the page"
    )
    assert suppressed.reasoning is not None
    assert f"notification suppressed: {result.suppression_reason}" in suppressed.reasoning


def test_an_acting_decision_without_any_evidence_is_suppressed() -> None:
    suppressed, result = ground_decision(decision([]), PAGES)
    assert not suppressed.should_act
    assert result.suppression_reason is not None
    assert result.suppression_reason.startswith("no evidence")


def test_a_decision_not_to_act_passes_unchanged() -> None:
    quiet = decision([], act=False)
    assert ground_decision(quiet, PAGES)[0] is quiet


RAILWAY = "http://www.kettlevalleyrailway.example/news"
RAILWAY_PAGE = {
    RAILWAY: "March 1 — Volunteers have finished clearing the line between Kettle Bridge and "
    "Oakmoor.\n\nFebruary 12 — The viaduct repairs have started. We hope to run passenger "
    "trains again this summer."
}
TRAINS_RUNNING = "Passenger trains on the Kettle Valley heritage railway are running again"


def test_a_decision_left_with_only_quotes_that_do_not_bear_on_the_criteria_is_suppressed() -> None:
    # The forecast bears on the criteria and is rejected (not a report); the report that is
    # left is about clearing the line, not trains running.
    hope = Evidence(url=RAILWAY, quote="We hope to run passenger trains again this summer.")
    cleared = Evidence(url=RAILWAY, quote="Volunteers have finished clearing the line")
    acting = decision([hope, cleared])

    suppressed, result = ground_decision(
        acting, RAILWAY_PAGE, criteria=TRAINS_RUNNING, relevance=True
    )

    assert not suppressed.should_act
    assert result.grounded == [cleared]
    assert result.suppression_reason is not None
    assert result.suppression_reason.startswith("no grounded quote bears on the criteria")
    assert "train" in result.suppression_reason
    # A rules decision (no relevance asked), or one without criteria, stands on the report.
    assert ground_decision(acting, RAILWAY_PAGE, criteria=TRAINS_RUNNING)[0].should_act
    assert ground_decision(acting, RAILWAY_PAGE, relevance=True)[0].should_act
