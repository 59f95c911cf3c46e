"""A report as Markdown for people."""

from __future__ import annotations

from sentinel.research import FinalReport, ReportSection, Source, report_markdown


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
