"""Reading local files (.md, .txt, .html) into searchable documents."""

from __future__ import annotations

import re
from pathlib import Path

import lxml.html
from lxml import etree

from sentinel.web.search.local import Document

_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(?P<title>.+?)\s*#*\s*$", re.MULTILINE)
_INVISIBLE = ("script", "style", "noscript", "template", "head")


def html_title_and_text(markup: str) -> tuple[str | None, str]:
    """The ``<title>`` (or first ``<h1>``) and the visible text of an HTML document."""
    if not markup.strip():
        return None, ""
    try:
        root = lxml.html.document_fromstring(markup)
    except (etree.ParserError, ValueError):
        return None, ""
    title = root.findtext(".//title") or root.findtext(".//h1")
    etree.strip_elements(root, *_INVISIBLE, with_tail=False)
    text = " ".join(root.text_content().split())
    return (" ".join(title.split()) or None) if title else None, text


def read_document(path: Path) -> Document:
    """A :class:`Document` for one file; its URL is the file URI."""
    raw = path.read_text(encoding="utf-8", errors="replace")
    suffix = path.suffix.lower()
    title: str | None
    if suffix in {".html", ".htm"}:
        title, text = html_title_and_text(raw)
    else:
        text = raw
        heading = _HEADING.search(raw) if suffix in {".md", ".markdown"} else None
        title = heading["title"] if heading else None
    return Document(url=path.resolve().as_uri(), title=title or path.stem, text=text)
