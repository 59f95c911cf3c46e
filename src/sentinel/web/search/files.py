"""Reading local files (.md, .txt, .html) into searchable documents."""

from __future__ import annotations

import re
from pathlib import Path

from sentinel.web.extract import extract_html
from sentinel.web.search.local import Document

_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(?P<title>.+?)\s*#*\s*$", re.MULTILINE)


def read_document(path: Path) -> Document:
    """A :class:`Document` for one file; its URL is the file URI.

    HTML goes through the same extraction as fetched pages (main content, title, date);
    Markdown takes its first heading as the title; anything else is titled by its file name.
    """
    raw = path.read_text(encoding="utf-8", errors="replace")
    suffix = path.suffix.lower()
    url = path.resolve().as_uri()
    if suffix in {".html", ".htm"}:
        page = extract_html(raw, url=url)
        return Document(url, page.title or path.stem, page.text, page.published)
    heading = _HEADING.search(raw) if suffix in {".md", ".markdown"} else None
    return Document(url, heading["title"] if heading else path.stem, raw)
