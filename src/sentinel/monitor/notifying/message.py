"""Notification text: the answer first, then where it comes from; short, plain, deterministic.

The first line is the answer (at most :data:`MAX_LEAD_CHARS` characters: it is what a phone
shows); then one line per cited source, ``Source: domain — URL``; then the best quote if it
fits. The whole message stays within :data:`MAX_MESSAGE_CHARS`. Markdown that channels would
show raw (tables, headings, emphasis) is removed from the governor's text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict

from sentinel.monitor.governing.values import canonical_url, url_domain
from sentinel.monitor.models import Evidence, GovernorDecision
from sentinel.text.quotes import normalize_for_quote

MAX_TITLE_CHARS = 100
MAX_LEAD_CHARS = 280
MAX_MESSAGE_CHARS = 600
MAX_SOURCES = 2
MAX_QUOTE_CHARS = 160
_TABLE_ROW = re.compile(r"^\s*\|.*\|\s*$|^\s*\|?\s*:?-{3,}")
_HEADING = re.compile(r"^\s*#{1,6}\s+")
_BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
_EMPHASIS = re.compile(r"\*\*|__|(?<!\w)[*_](?=\S)|(?<=\S)[*_](?!\w)|`")
_MARKDOWN_LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")


class Notification(BaseModel):
    """A notification ready for any channel: a title and a plain-text message."""

    model_config = ConfigDict(frozen=True)

    title: str
    message: str


def compose_notification(
    monitor_name: str,
    decision: GovernorDecision,
    evidence: list[Evidence],
    state: Mapping[str, Any],
) -> Notification:
    """The notification for an acting ``decision`` of monitor ``monitor_name``.

    ``evidence`` should be the grounded quotes; ``state`` (the current state) is used for the
    answer only when the decision has neither content nor facts.
    """
    title = _shorten(" ".join(monitor_name.split()) or "Sentinel monitor", MAX_TITLE_CHARS)
    lead = _shorten(_lead(decision, state) or f"{title}: the condition is met.", MAX_LEAD_CHARS)
    lines = [lead]
    cited: list[Evidence] = []
    for item in rank_evidence(evidence, decision.facts or state):
        if all(canonical_url(item.url) != canonical_url(seen.url) for seen in cited):
            cited.append(item)
    for item in cited[:MAX_SOURCES]:
        line = f"Source: {url_domain(item.url)} — {item.url.strip()}"
        if _length([*lines, line]) > MAX_MESSAGE_CHARS:
            line = f"Source: {url_domain(item.url)}"
        if _length([*lines, line]) <= MAX_MESSAGE_CHARS:
            lines.append(line)
    if cited:
        room = MAX_MESSAGE_CHARS - _length(lines) - len("\n“”")
        quote = " ".join(cited[0].quote.split()).strip("\"'“”")
        if room >= 40 and quote:
            lines.append(f"“{_shorten(quote, min(room, MAX_QUOTE_CHARS))}”")
    return Notification(title=title, message="\n".join(lines))


def rank_evidence(evidence: list[Evidence], facts: Mapping[str, Any]) -> list[Evidence]:
    """``evidence`` with the quotes that state one of the ``facts``' values first (stable).

    The lead source is the one a reader checks: for "stable_version is 5.0.0" it must be the
    quote that says 5.0.0, not a release candidate's announcement cited in the same run.
    """
    values = [_value_text(v) for v in facts.values()]
    needles = [normalize_for_quote(v) for v in values if v and len(v) >= 2]

    def mentions(item: Evidence) -> bool:
        quote = normalize_for_quote(item.quote)
        return any(needle in quote for needle in needles)

    return sorted(evidence, key=lambda item: not mentions(item))


def _value_text(value: Any) -> str | None:
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, float):
        return f"{value:.2f}".rstrip("0").rstrip(".") if value != int(value) else str(int(value))
    return str(value) if isinstance(value, str | int) else None


def _length(lines: list[str]) -> int:
    return len("\n".join(lines))


def _lead(decision: GovernorDecision, state: Mapping[str, Any]) -> str:
    if decision.action_content and (text := plain_text(decision.action_content)):
        return text
    if decision.facts:
        return _summarize(decision.facts)
    return _summarize({k: v for k, v in state.items() if isinstance(v, str | int | float | bool)})


def _summarize(values: Mapping[str, Any]) -> str:
    parts = []
    for key, value in values.items():
        if isinstance(value, bool):
            shown = "yes" if value else "no"
        elif isinstance(value, str | int | float) or value is None:
            shown = str(value)
        else:
            shown = json.dumps(value, ensure_ascii=False, default=str)
        parts.append(f"{str(key).replace('_', ' ')}: {shown}")
    return "; ".join(parts)


def plain_text(text: str) -> str:
    """Governor prose as one plain line: tables, headings, bullets and emphasis removed,
    ``[label](url)`` written ``label (url)``."""
    kept = []
    for line in text.splitlines():
        if _TABLE_ROW.match(line):
            continue
        line = _BULLET.sub("", _HEADING.sub("", line))
        line = _MARKDOWN_LINK.sub(r"\1 (\2)", line)
        line = _EMPHASIS.sub("", line).strip()
        if line:
            kept.append(line)
    # Lines joined into one read as sentences only if each but the last ends like one.
    ended = [
        line if line.endswith((".", "!", "?", ":", ";")) or i == len(kept) - 1 else f"{line}."
        for i, line in enumerate(kept)
    ]
    return " ".join(" ".join(ended).split())


def _shorten(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    if space >= limit // 2:
        cut = cut[:space]
    return cut.rstrip(" ,;:-—") + "…"
