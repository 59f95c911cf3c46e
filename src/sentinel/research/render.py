"""A FinalReport for people: Markdown with numbered sources and the passages quoted."""

from __future__ import annotations

from sentinel.research.schemas import Claim, FinalReport
from sentinel.research.state import domain_of


def report_markdown(report: FinalReport) -> str:
    """Title, executive summary, sections, then the sources numbered as the text cites them.

    A checked report's sentences carry the passages they rest on: each part is followed by a
    collapsed ``<details>`` block quoting them (expand it to read the source's words).
    """
    lines = [f"# {report.topic}", "", "## Executive summary", "", report.executive_summary]
    lines += _quoted(report.summary_claims)
    for section in report.sections:
        lines += ["", f"## {section.section_title}", "", section.content]
        lines += _quoted(section.claims)
    if report.sources:
        lines += ["", "## Sources", ""]
        lines += [f"{n}. [{s.title}]({s.url})" for n, s in enumerate(report.sources, start=1)]
    return "\n".join(lines) + "\n"


def _quoted(claims: list[Claim]) -> list[str]:
    quotes = list(
        dict.fromkeys(
            f"- [{c.source}] “{' '.join(c.quote.split())}” (characters {c.start}–{c.end})"
            for claim in claims
            for c in claim.citations
        )
    )
    if not quotes:
        return []
    return [
        "",
        "<details><summary>Quoted from the sources</summary>",
        "",
        *quotes,
        "",
        "</details>",
    ]


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``1 source``, ``2 sources``; ``many`` for nouns that do not just take an s."""
    return f"{count} {noun}" if count == 1 else f"{count} {many or noun + 's'}"


def sources_line(report: FinalReport) -> str:
    """How many sources the report cites and from how many domains: ``2 sources from
    1 domain``."""
    domains = {domain_of(source.url) for source in report.sources}
    return f"{plural(len(report.sources), 'source')} from {plural(len(domains), 'domain')}"
