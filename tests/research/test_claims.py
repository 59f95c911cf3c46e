"""The claim check: misattributed citations, unsupported, repeated and cut-off sentences."""

from __future__ import annotations

import pytest

from sentinel.research.claims import check_report
from sentinel.research.passages import Passage, SourceText, all_passages
from sentinel.research.schemas import FinalReport, ReportCheck, ReportSection, Source

A = SourceText(
    "file:///docs/a.md",
    "The 2025 heat pump grant",
    "The energy ministry runs the heat pump grant for homeowners who replace a fossil boiler.\n"
    "The 2025 grant covers 40% of installation costs up to EUR 6,000.",
)
B = SourceText(
    "file:///docs/b.md",
    "Applying for the heat pump grant",
    "Applications for the 2025 heat pump grant open on 3 March 2025 and close when funds run "
    "out.\nApplicants need a quote from a certified installer.",
)
QUESTION = "How much does the 2025 heat pump grant cover and when do applications open?"


def counted(report: FinalReport) -> ReportCheck:
    """What the check counted (a checked report always says)."""
    assert report.check is not None
    return report.check


def passages() -> list[Passage]:
    return all_passages([A, B])


def report(summary: str, *contents: str) -> FinalReport:
    return FinalReport(
        topic="Heat pump grant",
        executive_summary=summary,
        sections=[
            ReportSection(section_title=f"Part {i}", content=c) for i, c in enumerate(contents, 1)
        ],
        sources=[Source(title=A.title, url=A.url), Source(title=B.title, url=B.url)],
    )


def test_a_supported_sentence_keeps_its_citation_and_quotes_its_passage() -> None:
    checked = check_report(
        report(
            "The 2025 grant covers 40% of installation costs up to EUR 6,000 [1].",
            "Applicants need a quote from a certified installer [2].",
        ),
        passages(),
        QUESTION,
    )

    claim = checked.summary_claims[0]
    assert checked.sources[claim.citations[0].source - 1].url == A.url
    quote = claim.citations[0]
    assert A.text[quote.start : quote.end] == quote.quote
    assert quote.quote == "The 2025 grant covers 40% of installation costs up to EUR 6,000."
    assert counted(checked).supported == 2


def test_a_misattributed_citation_is_repointed_to_the_source_that_says_it() -> None:
    # a.md is cited for the opening date, which only b.md states.
    checked = check_report(
        report(
            "The grant covers 40% of installation costs up to EUR 6,000 [1].",
            "Applications open on 3 March 2025 [1].",
        ),
        passages(),
        QUESTION,
    )

    assert [s.url for s in checked.sources] == [A.url, B.url]
    assert checked.sections[0].content == "Applications open on 3 March 2025 [2]."
    assert checked.sections[0].claims[0].citations[0].quote.startswith("Applications for")
    assert counted(checked).repointed == 1


def test_a_sentence_with_a_wrong_number_is_not_supported_by_the_passage() -> None:
    checked = check_report(
        report(
            "The grant covers 40% of installation costs up to EUR 6,000 [1].",
            "Applications for the grant open on 3 April 2025 [2].",
        ),
        passages(),
        QUESTION,
    )

    # Rewritten from the passage closest to it: the date the source gives, quoted.
    assert checked.sections[0].content == (
        "Applications for the 2025 heat pump grant open on 3 March 2025 and close when funds "
        "run out [2]."
    )
    assert counted(checked).rewritten == 1


def test_a_sentence_no_passage_supports_is_dropped_and_counted() -> None:
    checked = check_report(
        report(
            "The grant covers 40% of installation costs up to EUR 6,000 [1].",
            "Applications open on 3 March 2025 [2]. The grant is designed to provide a reliable "
            "and efficient heating solution for homes and businesses [1].",
        ),
        passages(),
        QUESTION,
    )

    assert "reliable" not in checked.sections[0].content
    assert counted(checked).dropped_unsupported == 1


def test_repeated_sentences_appear_once_in_the_whole_report() -> None:
    same = "The 2025 grant covers 40% of installation costs up to EUR 6,000 [1]."
    nearly = "The 2025 grant covers 40% of the installation costs, up to EUR 6,000 [1]."
    checked = check_report(
        report(same, f"{same} Applications open on 3 March 2025 [2].", f"{nearly} {same}"),
        passages(),
        QUESTION,
    )

    sentences = [c.text for c in checked.summary_claims] + [
        c.text for s in checked.sections for c in s.claims
    ]
    assert len(sentences) == len(set(sentences))
    assert counted(checked).dropped_repeated == 3
    # The third section had nothing new: it is written again from the passages.
    assert counted(checked).fallback_sections == 1


def test_a_cut_off_sentence_is_completed_from_its_passage() -> None:
    checked = check_report(
        report(
            "The 2025 grant covers 40% of installation costs up to EUR 6,000 [1].",
            "The energy ministry runs the heat pump grant for[1]",
        ),
        passages(),
        QUESTION,
    )

    assert checked.sections[0].content == (
        "The energy ministry runs the heat pump grant for homeowners who replace a fossil "
        "boiler [1]."
    )
    assert counted(checked).completed == 1


def test_a_cut_off_sentence_no_passage_completes_is_dropped() -> None:
    checked = check_report(
        report(
            "The 2025 grant covers 40% of installation costs up to EUR 6,000 [1].",
            "Applications open on 3 March 2025 [2]. The ministry said that the[1]",
        ),
        passages(),
        QUESTION,
    )

    assert checked.sections[0].content == "Applications open on 3 March 2025 [2]."
    assert counted(checked).dropped_cut_off == 1


def test_a_sentence_joining_two_sources_cites_both() -> None:
    checked = check_report(
        report(
            "The grant covers 40% of installation costs up to EUR 6,000, and applications "
            "open on 3 March 2025 [1].",
            "Applicants need a quote from a certified installer [2].",
        ),
        passages(),
        QUESTION,
    )

    assert [c.source for c in checked.summary_claims[0].citations] == [1, 2]
    assert [s.url for s in checked.sources] == [A.url, B.url]


def test_a_denial_is_not_supported_by_a_passage_that_affirms() -> None:
    checked = check_report(
        report(
            "The 2025 grant covers 40% of installation costs up to EUR 6,000 [1].",
            "Applicants do not need a quote from a certified installer [2].",
        ),
        passages(),
        QUESTION,
    )

    assert "do not need" not in checked.sections[0].content


def test_a_report_nothing_supports_is_refused() -> None:
    with pytest.raises(ValueError, match="supports any sentence"):
        check_report(
            report("Bananas are yellow [1].", "Cats sleep a lot [2]."), passages(), "Fruit?"
        )
