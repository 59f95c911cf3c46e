"""A notification's values must be stated by its quotes, not merely near a real quote."""

from __future__ import annotations

import pytest

from sentinel.monitor.governing.checks import ground_decision
from sentinel.monitor.governing.support import unsupported_facts
from sentinel.monitor.models import Evidence, GovernorDecision

QUOTES = [
    "iPhone 17 starts at $1,299.00 in the US, up 12% on October 1, 2025.",
    "Senior Rust Engineer (Motion Planning), Berlin",
]


@pytest.mark.parametrize(
    "facts",
    [
        {"price_usd": 1299},
        {"price": "$1,299"},
        {"growth": "12%"},
        {"release_date": "2025-10-01"},
        {"title": "Senior Rust Engineer, Motion Planning"},
        {"announced": True, "models": ["iPhone 17"], "note": None},
        {"job": {"title": "Senior Rust Engineer", "city": "Berlin"}},
    ],
)
def test_values_the_quotes_state_are_supported(facts: dict[str, object]) -> None:
    assert unsupported_facts(facts, QUOTES) == []


@pytest.mark.parametrize(
    ("facts", "missing"),
    [
        ({"price_usd": 1199}, "price_usd=1199"),
        ({"release_date": "2025-10-02"}, "release_date='2025-10-02'"),
        ({"fixed_version": "2.14.3"}, "fixed_version='2.14.3'"),
        ({"title": "Staff Go Engineer, Payments"}, "title='Staff Go Engineer, Payments'"),
        ({"pass": {"status": "reopened"}}, "pass.status='reopened'"),
        ({"versions": ["2.14.3"]}, "versions.0='2.14.3'"),
    ],
)
def test_values_no_quote_states_are_named(facts: dict[str, object], missing: str) -> None:
    assert unsupported_facts(facts, QUOTES) == [missing]


URL = "http://parsnip.example/changelog"
PAGE = (
    "# Changelog\n\n## 2.14.3 (November 4, 2025)\n\n"
    "- Security fix. An advisory will be published shortly; all users should upgrade.\n\n"
    "Advisory PSA-2025-03: upgrade to 2.14.3, which fixes CVE-2025-41873."
)


def _acting(quote: str, facts: dict[str, object]) -> GovernorDecision:
    return GovernorDecision(
        should_act=True,
        action_content="An advisory names the fixed version.",
        next_check="1 day",
        facts=facts,
        evidence=[Evidence(url=URL, quote=quote)],
    )


def test_a_grounded_quote_that_does_not_state_the_value_is_suppressed() -> None:
    decision, result = ground_decision(
        _acting("all users should upgrade", {"fixed_version": "2.14.3"}), {URL: PAGE}
    )

    assert not decision.should_act
    assert result.suppression_reason is not None
    assert "fixed_version='2.14.3'" in result.suppression_reason


def test_a_quote_announcing_a_future_advisory_is_not_a_report_of_one() -> None:
    decision, result = ground_decision(
        _acting("An advisory will be published shortly", {"fixed_version": "2.14.3"}),
        {URL: PAGE},
        criteria="The parsnip project has published a security advisory naming the fixed version",
    )

    assert not decision.should_act
    assert result.suppression_reason is not None
    assert 'has not happened yet ("will be published")' in result.suppression_reason


def test_the_paragraph_around_the_quote_supports_its_values() -> None:
    decision, result = ground_decision(
        _acting("Advisory PSA-2025-03: upgrade to 2.14.3", {"cve": "CVE-2025-41873"}),
        {URL: PAGE},
    )

    assert decision.should_act
    assert result.suppression_reason is None
