"""A FinalReport for people: Markdown with numbered sources."""

from __future__ import annotations

from sentinel.research.schemas import FinalReport


def report_markdown(report: FinalReport) -> str:
    """Title, executive summary, sections, then the sources numbered as the text cites them."""
    lines = [f"# {report.topic}", "", "## Executive summary", "", report.executive_summary]
    for section in report.sections:
        lines += ["", f"## {section.section_title}", "", section.content]
    if report.sources:
        lines += ["", "## Sources", ""]
        lines += [f"{n}. [{s.title}]({s.url})" for n, s in enumerate(report.sources, start=1)]
    return "\n".join(lines) + "\n"
