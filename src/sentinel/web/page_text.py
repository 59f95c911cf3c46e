"""A page's visible text as a monitor reads it: every block of its main region, in order.

trafilatura finds an *article* in a page and drops what does not read like one. A product or
status page is made of exactly what it drops: a price in a ``<div>`` of ``<span>``\\ s, a
stock line, a table of appointments. So monitors read this rendering instead: the page's
main region (``<main>``, ``role="main"``, else the body) without what is never content
(scripts, navigation, header, footer, forms, hidden elements, and the furniture
:func:`sentinel.web.extract.prune_noise` removes by class), written as Markdown blocks —
headings as ``#`` lines (so a reader sees the page's sections), list items as ``- `` lines,
table rows with ``|`` between cells, every other block on a line of its own.
"""

from __future__ import annotations

import re

from lxml import etree

_SKIP = frozenset(
    {
        "script",
        "style",
        "noscript",
        "template",
        "svg",
        "head",
        "nav",
        "header",
        "footer",
        "form",
        "select",
        "option",
        "iframe",
        "dialog",
    }
)
_BLOCKS = frozenset(
    {
        "p",
        "div",
        "section",
        "article",
        "main",
        "aside",
        "ul",
        "ol",
        "dl",
        "dt",
        "dd",
        "table",
        "thead",
        "tbody",
        "tfoot",
        "blockquote",
        "pre",
        "figure",
        "figcaption",
        "address",
        "details",
        "summary",
        "br",
        "hr",
        "body",
        "fieldset",
        "legend",
        "label",
        "caption",
    }
)
_EMPHASIS = {"strong": "**", "b": "**", "em": "*", "i": "*"}
# Inline elements that lay out as items of their own (a flex row of spans, a link, a time).
_SEPARATE = frozenset({"span", "a", "time", "label", "data", "output", "bdi", "img"})
_HEADINGS = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6}
_HIDDEN_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.IGNORECASE)


def _hidden(element: etree._Element) -> bool:
    return (
        element.get("hidden") is not None
        or element.get("aria-hidden") == "true"
        or bool(_HIDDEN_STYLE.search(element.get("style") or ""))
    )


def main_region(root: etree._Element) -> etree._Element:
    """The page's main content element: ``<main>``, an element with ``role="main"``, else the
    body (else the root)."""
    for path in ("//main", "//*[@role='main']"):
        found = root.xpath(path)
        if found:
            region: etree._Element = found[0]
            return region
    body = root.find("body")
    return body if body is not None else root


class _Writer:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.current: list[str] = []

    def text(self, value: str | None) -> None:
        if value:
            self.current.append(value)

    def separate(self, element: etree._Element) -> None:
        """A space before an inline element whose text would otherwise run into the text
        before it: a status line's name, uptime and state in three ``<span>`` elements read
        "Actions 99.62% uptime Operational", not "...uptimeOperational". Not before a
        ``,`` or ``.`` (cents in a span of their own stay with their price)."""
        if element.tag not in _SEPARATE or not self.current:
            return
        before = self.current[-1]
        after = "".join(element.itertext())
        if before and after and before[-1].isalnum() and after[0].isalnum():
            self.current.append(" ")

    def end_block(self, prefix: str = "") -> None:
        line = " ".join("".join(self.current).split())
        self.current = []
        if line:
            self.lines.append(prefix + line)

    def walk(self, element: etree._Element) -> None:
        tag = element.tag if isinstance(element.tag, str) else ""
        if not tag or tag in _SKIP or _hidden(element):
            return
        if tag == "button" or element.get("role") in ("button", "gridcell"):
            # A control reads as its accessible name ("Fri 4/9 - Site 023 is Available" for a
            # button showing "A"); a disabled one offers nothing and is left out.
            if element.get("disabled") is None and element.get("aria-disabled") != "true":
                label = element.get("aria-label")
                self.text(label if label and label.strip() else "".join(element.itertext()))
            return
        if tag in _HEADINGS:
            self.end_block()
            self.text(element.text)
            for child in element:
                self._inline(child)
            self.end_block("#" * _HEADINGS[tag] + " ")
            return
        if tag == "li":
            self.end_block()
            self.text(element.text)
            for child in element:
                self.walk_tail(child)
            self.end_block("- ")
            return
        if tag == "tr":
            self.end_block()
            cells = [_cell_text(cell) for cell in element if isinstance(cell.tag, str)]
            cells = [cell for cell in cells if cell]
            if cells:
                self.lines.append("| " + " | ".join(cells) + " |")
            return
        block = tag in _BLOCKS
        if block:
            self.end_block()
        # Emphasis as Markdown writes it (as trafilatura's text has it too).
        mark = _EMPHASIS.get(tag, "") if "".join(element.itertext()).strip() else ""
        self.text(mark)
        self.text(element.text)
        for child in element:
            self.walk_tail(child)
        self.text(mark)
        if block:
            self.end_block()

    def walk_tail(self, element: etree._Element) -> None:
        self.separate(element)
        self.walk(element)
        self.text(element.tail)

    def _inline(self, element: etree._Element) -> None:
        tag = element.tag if isinstance(element.tag, str) else ""
        if tag and tag not in _SKIP and not _hidden(element):
            self.text("".join(element.itertext()))
        self.text(element.tail)


def _cell_text(cell: etree._Element) -> str:
    """A table cell's text as the page text writes it (hidden parts left out, controls read
    by their accessible names), on one line."""
    if _hidden(cell):
        return ""
    writer = _Writer()
    writer.text(cell.text)
    for child in cell:
        writer.walk_tail(child)
    writer.end_block()
    return " ".join(writer.lines).replace("|", "/")


def page_text(root: etree._Element) -> str:
    """The main region's visible text as Markdown blocks (see the module documentation).
    ``root`` should already be pruned of furniture."""
    writer = _Writer()
    writer.walk(main_region(root))
    writer.end_block()
    # Blocks are paragraphs, as in Markdown: a blank line between them, except between the
    # items of one list or the rows of one table.
    lines: list[str] = []
    for line in writer.lines:
        kind = _kind(line)
        if lines and not (kind in ("item", "row") and _kind(lines[-1]) == kind):
            lines.append("")
        lines.append(line)
    return "\n".join(lines).strip()


def _kind(line: str) -> str:
    if line.startswith("- "):
        return "item"
    if line.startswith("| "):
        return "row"
    return "block"
