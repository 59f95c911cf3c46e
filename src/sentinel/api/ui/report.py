"""A research report as HTML: its text escaped, its ``[n]`` citations links to its sources,
and only http(s) source addresses made clickable (a report's URLs come from the web)."""

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


def report_view(payload: dict[str, Any]) -> dict[str, Any]:
    """What the report template shows of a research job's result payload."""
    report = payload.get("report") if isinstance(payload.get("report"), dict) else {}
    assert isinstance(report, dict)
    sources = [s for s in report.get("sources", []) if isinstance(s, dict)]
    count = len(sources)
    return {
        "topic": str(report.get("topic", payload.get("question", ""))),
        "summary": cited(report.get("executive_summary", ""), count),
        "sections": [
            {
                "title": str(s.get("section_title", "")),
                "content": cited(s.get("content", ""), count),
            }
            for s in report.get("sections", [])
            if isinstance(s, dict)
        ],
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
