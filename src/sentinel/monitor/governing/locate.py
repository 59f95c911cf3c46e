"""Evidence located by the code: the line of a page that states a value the sensor reported.

A small model reads a value right more often than it copies a sentence right: the embedded
0.5B model reported ``voltmart_price_usd: 279.99`` from a page that says "Deal of the Day:
$279.99", and quoted a sentence that appears on no page. Grounding rightly drops such a quote,
and the notification is then suppressed although the page says exactly what was reported.

:func:`locate_evidence` closes that gap without trusting the model more: for each number or
short text value of the reported state that no kept quote states, it looks for a line on this
run's pages that states it (a whole token: ``279.99`` is not found in ``1279.99``) and quotes
that line — verbatim page text, found by the code, so it passes grounding like any quote. A
value no page states gets no quote; the model's claim is then unsupported, as before. Pages
are searched in the order the model saw them, so the named site and cited pages come first.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from sentinel.monitor.governing.grounding import MIN_QUOTE_WORDS
from sentinel.monitor.models import Evidence
from sentinel.monitor.sensing.sources import PageRecord
from sentinel.text.quotes import normalize_for_quote

MAX_LOCATED = 2
MAX_LINE_CHARS = 200
MIN_VALUE_CHARS = 3  # "5" or "no" is on every page and proves nothing
MAX_TEXT_VALUE_CHARS = 60
_EMPHASIS = re.compile(r"\*\*|`")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'“(])")


def locate_evidence(
    state: Mapping[str, Any], pages: Sequence[PageRecord], kept: Sequence[Evidence]
) -> list[Evidence]:
    """Quotes for the values of ``state`` that no quote in ``kept`` states (at most
    :data:`MAX_LOCATED`), each a line of one of ``pages`` that states the value."""
    stated = [normalize_for_quote(item.quote) for item in kept]
    located: list[Evidence] = []
    for value in _values(state):
        pattern = value_pattern(value)
        if pattern is None or any(pattern.search(quote) for quote in stated):
            continue
        found = _first_line_stating(pattern, pages)
        if found is not None and found not in located:
            located.append(found)
            stated.append(normalize_for_quote(found.quote))
        if len(located) == MAX_LOCATED:
            break
    return located


def _values(state: Mapping[str, Any]) -> Iterator[Any]:
    for value in state.values():
        if isinstance(value, Mapping):
            yield from _values(value)
        elif isinstance(value, bool) or value is None:
            continue
        elif isinstance(value, int | float | str):
            yield value


def value_pattern(value: Any) -> re.Pattern[str] | None:
    """A pattern matching ``value`` as a whole token of normalized page text, or None for a
    value too short or too long to locate (``"no"``, a paragraph)."""
    if isinstance(value, int | float):
        forms = [form for form in _number_forms(value) if len(form) >= MIN_VALUE_CHARS]
    else:
        text = normalize_for_quote(value)
        forms = [text] if MIN_VALUE_CHARS <= len(text) <= MAX_TEXT_VALUE_CHARS else []
    if not forms:
        return None
    alternatives = "|".join(re.escape(form) for form in forms)
    return re.compile(rf"(?<![\w.,])(?:{alternatives})(?![\w]|[.,]\d)")


def _number_forms(value: float) -> list[str]:
    """The ways a page writes a number: ``279.99``; ``1,299`` and ``1299``; ``5`` and ``5.00``."""
    if float(value).is_integer():
        whole = int(value)
        return [f"{whole:,}", str(whole), f"{whole:,}.00", f"{whole}.00"]
    return [f"{value:,.2f}", f"{value:.2f}", f"{value:,}", str(value)]


def _first_line_stating(pattern: re.Pattern[str], pages: Sequence[PageRecord]) -> Evidence | None:
    for page in pages:
        # Prose first: "Deal of the Day: $279.99 (was $379.99)" reads better in a
        # notification than the structured line "offer: …, 279.99 USD, InStock".
        extra = "\n".join(part for part in (page.title, page.structured) if part)
        for line in [*quotable_lines(page.text), *quotable_lines(extra)]:
            if pattern.search(normalize_for_quote(line)):
                return Evidence(url=page.url, quote=_EMPHASIS.sub("", line).strip())
    return None


def quotable_lines(text: str) -> Iterator[str]:
    """The page's lines, long ones cut into sentences, each short enough to quote; lines too
    short to prove anything (under :data:`MIN_QUOTE_WORDS` words) are skipped."""
    for raw in text.splitlines():
        line = raw.strip().lstrip("#>-*· ").strip()
        pieces = [line] if len(line) <= MAX_LINE_CHARS else _SENTENCE_END.split(line)
        for piece in pieces:
            piece = piece.strip()
            if len(piece) <= MAX_LINE_CHARS and len(piece.split()) >= MIN_QUOTE_WORDS:
                yield piece
