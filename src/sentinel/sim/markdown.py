"""Markdown bodies of simulated pages, turned into safe HTML and into plain text.

markdown-it-py (a dependency of rich, hence always installed) in CommonMark mode with raw HTML
disabled: scenario authors write prose, never markup, so a page cannot inject scripts.
"""

from __future__ import annotations

from functools import lru_cache
from html.parser import HTMLParser

from markdown_it import MarkdownIt

__all__ = ["markdown_to_html", "markdown_to_text", "summary"]

_BLOCKS = frozenset({"p", "li", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "blockquote", "pre"})


@lru_cache(maxsize=1)
def _parser() -> MarkdownIt:
    return MarkdownIt("commonmark", {"html": False}).enable("table")


@lru_cache(maxsize=4096)
def markdown_to_html(markdown: str) -> str:
    """Render Markdown (paragraphs, headings, lists, links, emphasis, tables) to HTML."""
    html: str = _parser().render(markdown)
    return html


class _TextCollector(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: list[str] = []
        self._current: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _BLOCKS:
            self._flush()

    def handle_endtag(self, tag: str) -> None:
        if tag in _BLOCKS:
            self._flush()
        elif tag in {"td", "th"}:
            self._current.append(" ")

    def handle_data(self, data: str) -> None:
        self._current.append(data)

    def _flush(self) -> None:
        text = " ".join("".join(self._current).split())
        if text:
            self.blocks.append(text)
        self._current = []


@lru_cache(maxsize=4096)
def markdown_to_text(markdown: str) -> str:
    """The plain text of a Markdown body: one line per paragraph, heading or list item."""
    collector = _TextCollector()
    collector.feed(markdown_to_html(markdown))
    collector.close()
    collector._flush()
    return "\n".join(collector.blocks)


def summary(markdown: str, limit: int = 160) -> str:
    """The first paragraph of a body as plain text, cut at a word boundary within ``limit``."""
    text = next((line for line in markdown_to_text(markdown).splitlines() if line), "")
    if len(text) <= limit:
        return text
    cut = text[: limit - 1].rsplit(" ", 1)[0]
    return cut.rstrip(",;:") + "…"
