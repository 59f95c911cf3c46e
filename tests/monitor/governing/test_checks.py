"""The ordered, named checks of a decision a model (or a rule on a model's reading) made:
each stops the notification of a real failure, and says which check did."""

from __future__ import annotations

import pytest

from sentinel.monitor.governing.checks import CHECK_NAMES, CheckInput, run_checks
from sentinel.monitor.models import Evidence, GovernorDecision

URL = "https://tidewater.example/blog"


def acting(quote: str, **facts: object) -> GovernorDecision:
    return GovernorDecision(
        should_act=True,
        action_content="It happened.",
        next_check="1 day",
        reasoning="the model acts",
        facts=dict(facts),
        evidence=[Evidence(url=URL, quote=quote)],
    )


def test_the_checks_run_in_one_order() -> None:
    assert CHECK_NAMES == (
        "quotes-on-page",
        "reports",
        "affirms",
        "bears-on-criteria",
        "states-its-facts",
        "corroborated",
    )


@pytest.mark.parametrize(
    ("page", "quote", "criteria", "facts", "failed"),
    [
        # The model quoted a sentence the page does not have.
        (
            "Tidewater 2.9 is out.",
            "Tidewater 3.0 is here today",
            "3.0 is released",
            {},
            "quotes-on-page",
        ),
        # A question on a forum taken for the release.
        (
            "Tidewater 3.0 — when will it be released?",
            "Tidewater 3.0 — when will it be released?",
            "Tidewater 3.0 is released",
            {},
            "reports",
        ),
        # A refusal read as the thing asked.
        (
            "We are not currently accepting new adult patients at Riverside.",
            "We are not currently accepting new adult patients at Riverside.",
            "Riverside Family Practice is accepting new adult patients",
            {},
            "affirms",
        ),
        # A quote about something else (the ticker) for an acquisition.
        (
            "Halcyon Air Group trades on the New York Stock Exchange under the ticker HLCY.",
            "Halcyon Air Group trades on the New York Stock Exchange under the ticker HLCY.",
            "Halcyon Air has officially confirmed an agreed acquisition",
            {},
            "bears-on-criteria",
        ),
        # A fact no quote states (the model's own price).
        (
            "The Sonora QC Ultra is now on sale at Voltmart.",
            "The Sonora QC Ultra is now on sale at Voltmart.",
            "the Sonora QC Ultra is on sale",
            {"price_usd": 249},
            "states-its-facts",
        ),
    ],
)
def test_each_check_stops_the_failure_it_was_made_for(
    page: str, quote: str, criteria: str, facts: dict[str, object], failed: str
) -> None:
    decision, verdict = run_checks(
        acting(quote, **facts), CheckInput({URL: page}, criteria=criteria, governor="llm")
    )
    assert not decision.should_act
    assert verdict.failed == failed
    assert f"({failed})" in (decision.reasoning or "")


def test_a_decision_that_passes_keeps_its_grounded_quotes() -> None:
    page = "Tidewater 3.0 has been released today, with async streams."
    decision, verdict = run_checks(
        acting("Tidewater 3.0 has been released today"),
        CheckInput({URL: page}, criteria="Tidewater 3.0 is released", governor="llm"),
    )
    assert decision.should_act
    assert verdict.failed is None
    assert [e.quote for e in decision.evidence] == ["Tidewater 3.0 has been released today"]
