"""Citation enforcement: a report may only cite what this run retrieved.

Asking a model not to invent sources is not enough, so the reporter's output goes through
``enforce_citations`` before it is accepted: a source whose URL was not retrieved in the run is
removed, duplicates are merged, and the ``[n]`` markers in the text are renumbered to match the
surviving ``sources`` (a marker pointing at a removed or non-existent source is dropped). The
result always satisfies ``citations_valid``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit, urlunsplit

from sentinel.research.schemas import FinalReport, ReportSection, Source

_MARKER = re.compile(r"\s?\[(\d{1,3}(?:\s*[,;]\s*\d{1,3})*)\]")
_NUMBER = re.compile(r"\d{1,3}")


@dataclass(frozen=True)
class CitationCheck:
    """The enforced report, the sources removed from it, and the markers dropped."""

    report: FinalReport
    removed: tuple[Source, ...]
    dropped_markers: int


def normalize_url(url: str) -> str:
    """A comparison key for URLs: no fragment, lowercase scheme and host, no trailing slash."""
    parts = urlsplit(url.strip())
    path = parts.path.rstrip("/") if parts.path not in ("", "/") else ""
    return urlunsplit((parts.scheme.lower(), parts.netloc.lower(), path, parts.query, ""))


def cited_numbers(text: str) -> list[int]:
    """Every source number cited in ``text`` (``[2]``, ``[1, 3]``), in order, with repeats."""
    return [int(n) for group in _MARKER.finditer(text) for n in _NUMBER.findall(group.group(1))]


def report_text(report: FinalReport) -> str:
    """The prose of a report: summary and sections, for searching and counting citations."""
    parts = [report.topic, report.executive_summary]
    for section in report.sections:
        parts += [section.section_title, section.content]
    return "\n".join(parts)


def citations_valid(report: FinalReport, retrieved: Mapping[str, str] | set[str]) -> bool:
    """Whether every source was retrieved and every ``[n]`` points at an existing source."""
    known = {normalize_url(url) for url in retrieved}
    if any(normalize_url(source.url) not in known for source in report.sources):
        return False
    count = len(report.sources)
    return all(1 <= n <= count for n in cited_numbers(report_text(report)))


def enforce_citations(report: FinalReport, retrieved: Mapping[str, str]) -> CitationCheck:
    """``report`` citing only ``retrieved`` URLs (URL -> title), renumbered to match.

    A kept source takes the URL exactly as it was retrieved, and the retrieved title when the
    model left its title empty. When the text cites anything, sources it never cites are left
    out (``sources`` lists what is referenced); a report without a single marker keeps them.
    Raises ``ValueError`` when no text is left once unsupported citations are removed.
    """
    canonical = {normalize_url(url): url for url in retrieved}
    kept: list[Source] = []
    position: dict[str, int] = {}
    renumber: dict[int, int] = {}
    removed: list[Source] = []
    for old, source in enumerate(report.sources, start=1):
        key = normalize_url(source.url)
        if key not in canonical:
            removed.append(source)
            continue
        if key not in position:
            url = canonical[key]
            title = source.title.strip() or retrieved[url].strip() or url
            kept.append(Source(title=title, url=url))
            position[key] = len(kept)
        renumber[old] = position[key]
    texts = [report.executive_summary, *(s.content for s in report.sections)]
    dropped = sum(1 for t in texts for n in cited_numbers(t) if n not in renumber)
    cited = list(
        dict.fromkeys(renumber[n] for t in texts for n in cited_numbers(t) if n in renumber)
    )
    if cited:
        # Second renumbering: only cited sources stay, in the order they were listed.
        order = sorted(cited)
        final = {new: order.index(new) + 1 for new in order}
        renumber = {old: final[new] for old, new in renumber.items() if new in final}
        kept = [kept[new - 1] for new in order]
    summary = _renumbered(report.executive_summary, renumber).strip()
    sections = [
        ReportSection(section_title=s.section_title, content=content)
        for s in report.sections
        if (content := _renumbered(s.content, renumber).strip())
    ]
    if not summary or not sections:
        # Text that was nothing but citations of invented sources says nothing supported.
        raise ValueError(
            "nothing is left of the report once citations of sources not retrieved in this "
            f"run are removed (removed: {[source.url for source in removed]})"
        )
    enforced = FinalReport(
        topic=report.topic, executive_summary=summary, sections=sections, sources=kept
    )
    return CitationCheck(enforced, tuple(removed), dropped)


def _renumbered(text: str, renumber: Mapping[int, int]) -> str:
    """``text`` with each marker mapped through ``renumber``; unmapped numbers disappear."""

    def replace(match: re.Match[str]) -> str:
        numbers = [int(n) for n in _NUMBER.findall(match.group(1))]
        mapped = list(dict.fromkeys(renumber[n] for n in numbers if n in renumber))
        if not mapped:
            return ""
        space = " " if match.group(0)[0].isspace() else ""
        return f"{space}[{', '.join(map(str, mapped))}]"

    return _MARKER.sub(replace, text)
