"""A report as Markdown for people."""

from __future__ import annotations

from sentinel.research import FinalReport, ReportSection, Source, report_markdown
from sentinel.research.render import plural, sources_line
from sentinel.research.schemas import Citation, Claim


def test_markdown_has_the_summary_sections_and_numbered_sources() -> None:
    report = FinalReport(
        topic="Repair act",
        executive_summary="Adopted [1].",
        sections=[ReportSection(section_title="Vote", content="412 in favour [1].")],
        sources=[Source(title="EP", url="https://europarl.example/")],
    )

    assert report_markdown(report) == (
        "# Repair act\n\n## Executive summary\n\nAdopted [1].\n\n## Vote\n\n412 in favour [1]."
        "\n\n## Sources\n\n1. [EP](https://europarl.example/)\n"
    )


def test_a_checked_report_quotes_its_passages_in_an_expandable_block() -> None:
    citation = Citation(source=1, quote="The act passed with 412 votes in favour.", start=7, end=47)
    claim = Claim(text="The act passed with 412 votes.", citations=[citation, citation])
    report = FinalReport(
        topic="Repair act",
        executive_summary="The act passed with 412 votes [1].",
        sections=[ReportSection(section_title="Vote", content="Adopted [1].")],
        sources=[Source(title="EP", url="https://europarl.example/")],
        summary_claims=[claim],
    )

    text = report_markdown(report)

    assert (
        "The act passed with 412 votes [1].\n\n<details><summary>Quoted from the sources</summary>"
        "\n\n- [1] “The act passed with 412 votes in favour.” (characters 7–47)\n\n</details>\n\n"
        "## Vote"
    ) in text
    assert text.count("<details>") == 1  # the section has no claims to quote


def report_with(*urls: str) -> FinalReport:
    return FinalReport(
        topic="T",
        executive_summary="S [1].",
        sections=[ReportSection(section_title="A", content="B [1].")],
        sources=[Source(title=url, url=url) for url in urls],
    )


def test_the_footer_counts_the_reports_sources_and_their_domains_in_good_english() -> None:
    assert sources_line(report_with("file:///d/a.md")) == "1 source from 1 domain"
    assert sources_line(report_with("file:///d/a.md", "file:///d/b.md")) == (
        "2 sources from 2 domains"
    )
    assert sources_line(
        report_with("https://www.a.example/1", "https://a.example/2", "https://b.example/")
    ) == ("3 sources from 2 domains")
    assert plural(1, "search", "searches") == "1 search"
    assert plural(3, "search", "searches") == "3 searches"
    assert plural(0, "model call") == "0 model calls"
