"""The seed's schemas: SearchInput bounds, FinalReport validated with model_validate_json."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from sentinel.research import FinalReport, ResearchPlan, SearchInput

VALID = (
    '{"topic": "Repair", "executive_summary": "Adopted [1].", '
    '"sections": [{"section_title": "Vote", "content": "412 votes [1]."}], '
    '"sources": [{"title": "EP", "url": "https://europarl.example/"}]}'
)


def test_a_valid_report_round_trips_through_json() -> None:
    report = FinalReport.model_validate_json(VALID)

    assert FinalReport.model_validate_json(report.model_dump_json()) == report


@pytest.mark.parametrize(
    "broken",
    [
        VALID.replace('"topic": "Repair", ', ""),
        VALID.replace('[{"section_title": "Vote", "content": "412 votes [1]."}]', "[]"),
        VALID.replace('"content": "412 votes [1]."', '"content": ""'),
        VALID[:-10],
    ],
)
def test_an_incomplete_report_does_not_validate(broken: str) -> None:
    with pytest.raises(ValidationError):
        FinalReport.model_validate_json(broken)


@pytest.mark.parametrize("count", [0, 11])
def test_search_input_takes_one_to_ten_results(count: int) -> None:
    with pytest.raises(ValidationError):
        SearchInput(query="repair", num_results=count)


def test_search_input_freshness_follows_the_d_w_m_y_grammar() -> None:
    assert SearchInput(query="repair", freshness=" D7 ").freshness == "d7"
    with pytest.raises(ValidationError, match="freshness"):
        SearchInput(query="repair", freshness="last week")


def test_a_plan_freshness_outside_the_grammar_is_refused() -> None:
    with pytest.raises(ValidationError):
        ResearchPlan(research_query="repair", narrow=False, freshness="7 days")
