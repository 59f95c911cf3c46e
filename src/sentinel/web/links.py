"""The links a page offers: where each ``<a href>`` leads and what its anchor says.

A monitor's watch set grows by following links from pages it already read ("View
availability", a product listing, an index of notices; :mod:`sentinel.monitor.watch_links`):
it needs each link's absolute address and its words, not the page's markup.
"""

from __future__ import annotations

from urllib.parse import urldefrag, urljoin, urlsplit

from lxml import etree
from pydantic import BaseModel, ConfigDict

MAX_LINKS = 100
"""The most links kept of one page (the first in document order): a listing's first hundred
entries are plenty to choose a few from, and a page of ten thousand links is not stored."""
MAX_ANCHOR_CHARS = 120


class PageLink(BaseModel):
    """One link: its absolute http(s) address (without fragment) and its anchor text."""

    model_config = ConfigDict(frozen=True)

    url: str
    text: str = ""


def page_links(root: etree._Element, base_url: str | None) -> list[PageLink]:
    """The page's distinct http(s) links in document order, at most :data:`MAX_LINKS`,
    resolved against ``base_url`` (the page's final address); the anchor text is the link's
    words, else its ``title`` or ``aria-label``."""
    links: dict[str, PageLink] = {}
    for anchor in root.iter("a"):
        href = (anchor.get("href") or "").strip()
        if not href or href.startswith(("#", "javascript:", "mailto:", "tel:")):
            continue
        url = urldefrag(urljoin(base_url or "", href))[0]
        if urlsplit(url).scheme not in ("http", "https") or url in links:
            continue
        words = " ".join(" ".join(anchor.itertext()).split())
        words = words or anchor.get("title") or anchor.get("aria-label") or ""
        links[url] = PageLink(url=url, text=words[:MAX_ANCHOR_CHARS])
        if len(links) >= MAX_LINKS:
            break
    return list(links.values())
