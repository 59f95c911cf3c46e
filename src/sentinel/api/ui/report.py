"""A research report as HTML: its text escaped, its ``[n]`` citations links to its sources,
and only http(s) source addresses made clickable (a report's URLs come from the web).

A checked report's sentences carry the passages they rest on (``claims``): each citation
shows its passage on hover (``title``), and each part ends with the quotes to expand."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

from markupsafe import Markup, escape

_CITATION = re.compile(r"\[(\d{1,3})\]")


def safe_url(url: Any) -> str | None:
    """``url`` when it is an http(s) address with a host, else None (no ``javascript:``)."""
    if not isinstance(url, str):
        return None
    parts = urlsplit(url.strip())
    return url.strip() if parts.scheme in ("http", "https") and parts.hostname else None


def cited(text: Any, sources: int) -> Markup:
    """``text`` escaped, with each ``[n]`` naming one of ``sources`` linked to ``#source-n``."""
    out = []
    last = 0
    raw = str(text)
    for match in _CITATION.finditer(raw):
        number = int(match.group(1))
        out.append(escape(raw[last : match.start()]))
        if 1 <= number <= sources:
            out.append(Markup('<a class="cite" href="#source-{0}">[{0}]</a>').format(number))
        else:
            out.append(escape(match.group(0)))
        last = match.end()
    out.append(escape(raw[last:]))
    return Markup("").join(out)


def claimed(claims: list[dict[str, Any]], sources: int) -> Markup:
    """The sentences of ``claims`` escaped, each followed by its citations, a citation
    linking to its source and showing the quoted passage on hover."""
    out = []
    for claim in claims:
        marks = [
            Markup('<a class="cite" href="#source-{0}" title="“{1}”">[{0}]</a>').format(
                c["source"], " ".join(str(c.get("quote", "")).split())
            )
            for c in _citations(claim, sources)
        ]
        out.append(escape(str(claim.get("text", ""))) + Markup(" ") + Markup("").join(marks))
    return Markup(" ").join(out)


def quotes(claims: list[dict[str, Any]], sources: int) -> list[dict[str, Any]]:
    """The passages ``claims`` cite, each once: source number and quote."""
    found: dict[tuple[int, str], dict[str, Any]] = {}
    for claim in claims:
        for c in _citations(claim, sources):
            quote = " ".join(str(c.get("quote", "")).split())
            found.setdefault((c["source"], quote), {"source": c["source"], "quote": quote})
    return list(found.values())


def _citations(claim: Any, sources: int) -> list[dict[str, Any]]:
    if not isinstance(claim, dict):
        return []
    return [
        c
        for c in claim.get("citations", [])
        if isinstance(c, dict) and isinstance(c.get("source"), int) and 1 <= c["source"] <= sources
    ]


def _part(text: Any, claims: Any, sources: int) -> tuple[Markup, list[dict[str, Any]]]:
    """A part's HTML and its quotes: from its claims when it has them, else its text."""
    items = [c for c in claims if isinstance(c, dict)] if isinstance(claims, list) else []
    if not items:
        return cited(text, sources), []
    return claimed(items, sources), quotes(items, sources)


def report_view(payload: dict[str, Any]) -> dict[str, Any]:
    """What the report template shows of a research job's result payload."""
    report = payload.get("report") if isinstance(payload.get("report"), dict) else {}
    assert isinstance(report, dict)
    sources = [s for s in report.get("sources", []) if isinstance(s, dict)]
    count = len(sources)
    summary, summary_quotes = _part(
        report.get("executive_summary", ""), report.get("summary_claims"), count
    )
    sections = []
    for s in report.get("sections", []):
        if isinstance(s, dict):
            content, section_quotes = _part(s.get("content", ""), s.get("claims"), count)
            sections.append(
                {
                    "title": str(s.get("section_title", "")),
                    "content": content,
                    "quotes": section_quotes,
                }
            )
    return {
        "topic": str(report.get("topic", payload.get("question", ""))),
        "summary": summary,
        "summary_quotes": summary_quotes,
        "sections": sections,
        "sources": [
            {
                "number": n,
                "title": str(s.get("title") or s.get("url") or ""),
                "url": safe_url(s.get("url")),
                "shown_url": str(s.get("url", "")),
            }
            for n, s in enumerate(sources, start=1)
        ],
        "queries": [str(q) for q in payload.get("queries", [])],
        "model_calls": payload.get("model_calls"),
    }
