"""Citation enforcement: only URLs retrieved in the run survive, and [n] always matches."""

from __future__ import annotations

import pytest

from sentinel.research import FinalReport, ReportSection, Source, citations_valid, enforce_citations
from sentinel.research.citations import cited_numbers, normalize_url

RETRIEVED = {
    "https://europarl.example/news/adopted": "Parliament adopts repair act",
    "https://brusselsbeat.example/repair": "Repair act passes",
    "https://repaircoalition.example/blog": "We did it",
}


def report(
    *contents: str, sources: list[tuple[str, str]], summary: str = "Adopted [1]."
) -> FinalReport:
    return FinalReport(
        topic="Repair act",
        executive_summary=summary,
        sections=[ReportSection(section_title=f"S{i}", content=c) for i, c in enumerate(contents)],
        sources=[Source(title=t, url=u) for t, u in sources],
    )


def test_an_invented_source_is_removed_and_the_markers_renumbered() -> None:
    invented = report(
        "Adopted by 412 votes [1]. A leak says otherwise [2]. Lawmakers approved it [3].",
        sources=[
            ("EP", "https://europarl.example/news/adopted"),
            ("Leak", "https://leaks.example/secret"),
            ("Press", "https://brusselsbeat.example/repair"),
        ],
    )

    checked = enforce_citations(invented, RETRIEVED)

    assert [s.url for s in checked.report.sources] == [
        "https://europarl.example/news/adopted",
        "https://brusselsbeat.example/repair",
    ]
    assert checked.report.sections[0].content == (
        "Adopted by 412 votes [1]. A leak says otherwise. Lawmakers approved it [2]."
    )
    assert [s.url for s in checked.removed] == ["https://leaks.example/secret"]
    assert checked.dropped_markers == 1
    assert citations_valid(checked.report, RETRIEVED)
    assert not citations_valid(invented, RETRIEVED)


def test_a_url_matching_up_to_case_slash_or_fragment_keeps_the_retrieved_spelling() -> None:
    sloppy = report("Adopted [1].", sources=[("EP", "HTTPS://EUROPARL.example/news/adopted/#top")])

    checked = enforce_citations(sloppy, RETRIEVED)

    assert checked.report.sources == [
        Source(title="EP", url="https://europarl.example/news/adopted")
    ]


def test_duplicate_sources_merge_into_one_number() -> None:
    twice = report(
        "First [1]. Again [2, 3].",
        sources=[
            ("EP", "https://europarl.example/news/adopted"),
            ("EP again", "https://europarl.example/news/adopted"),
            ("Blog", "https://repaircoalition.example/blog"),
        ],
    )

    checked = enforce_citations(twice, RETRIEVED)

    assert len(checked.report.sources) == 2
    assert checked.report.sections[0].content == "First [1]. Again [1, 2]."


def test_sources_never_cited_are_left_out_when_the_text_cites() -> None:
    listed = report(
        "Approved [2].",
        summary="Approved [2].",
        sources=[
            ("EP", "https://europarl.example/news/adopted"),
            ("Press", "https://brusselsbeat.example/repair"),
        ],
    )

    checked = enforce_citations(listed, RETRIEVED)

    assert [s.title for s in checked.report.sources] == ["Press"]
    assert checked.report.sections[0].content == "Approved [1]."


def test_a_report_without_markers_keeps_its_retrieved_sources() -> None:
    plain = report(
        "No markers here.",
        summary="Plain.",
        sources=[("", "https://repaircoalition.example/blog"), ("X", "https://nowhere.example/")],
    )

    checked = enforce_citations(plain, RETRIEVED)

    assert checked.report.sources == [
        Source(title="We did it", url="https://repaircoalition.example/blog")
    ]


def test_a_report_that_is_only_citations_of_invented_sources_is_refused() -> None:
    hollow = report("[1]", summary="[1]", sources=[("Leak", "https://leaks.example/secret")])

    with pytest.raises(ValueError, match="nothing is left of the report"):
        enforce_citations(hollow, RETRIEVED)


def test_a_section_left_empty_is_dropped() -> None:
    mixed = report(
        "Adopted [1].",
        "[2]",
        sources=[
            ("EP", "https://europarl.example/news/adopted"),
            ("Leak", "https://leaks.example/x"),
        ],
    )

    checked = enforce_citations(mixed, RETRIEVED)

    assert [s.content for s in checked.report.sections] == ["Adopted [1]."]


def test_markers_are_read_in_their_usual_spellings() -> None:
    assert cited_numbers("a [1] b [2, 3] c [4;5] d [x] e [12]") == [1, 2, 3, 4, 5, 12]


def test_out_of_range_markers_make_citations_invalid() -> None:
    dangling = report("Adopted [2].", sources=[("EP", "https://europarl.example/news/adopted")])

    assert not citations_valid(dangling, RETRIEVED)


def test_url_normalization_ignores_only_what_does_not_change_the_page() -> None:
    assert normalize_url("HTTP://Example.com/a/#x") == normalize_url("http://example.com/a")
    assert normalize_url("http://example.com/a?b=1") != normalize_url("http://example.com/a")
    assert normalize_url("http://example.com/") == normalize_url("http://example.com")
