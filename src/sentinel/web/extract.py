"""Turning an HTML page into what an agent reads: title, date, main content as Markdown, and
the structured data (offers, events) the page declares.

Main content comes from trafilatura, after removing the page furniture it sometimes keeps
(cookie banners, ads, "trending" and "related" boxes). Pages too short or odd for trafilatura
fall back to their visible text.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

import lxml.html
import trafilatura
from lxml import etree
from pydantic import BaseModel, Field

from sentinel.web.dates import parse_datetime
from sentinel.web.structured import (
    EventInfo,
    Offer,
    jsonld_blocks,
    offers_and_events,
    schema_types,
)

# Words in class/id attributes that mark page furniture rather than content.
NOISE_WORDS = frozenset(
    {
        "ad",
        "ads",
        "adslot",
        "advert",
        "advertisement",
        "consent",
        "cookie",
        "cookies",
        "gdpr",
        "newsletter",
        "outbrain",
        "popular",
        "promo",
        "recommendations",
        "recommended",
        "related",
        "sponsor",
        "sponsored",
        "taboola",
        "trending",
    }
)
_WORD_SPLIT = re.compile(r"[^a-z0-9]+")
_STRUCTURAL = frozenset({"html", "body", "main", "article"})
_INVISIBLE = ("script", "style", "noscript", "template", "svg", "head")
# A furniture element holding most of the page is more likely a mislabelled wrapper.
_MAX_NOISE_SHARE = 0.5
_DATE_META = (
    "article:published_time",
    "og:article:published_time",
    "datepublished",
    "date",
    "dc.date",
    "dc.date.issued",
    "pubdate",
    "publish-date",
)
_ARTICLE_TYPES = ("Article", "BlogPosting", "Report", "WebPage", "LiveBlogPosting")


class Extraction(BaseModel):
    """What extraction found in one page."""

    title: str | None = None
    text: str = ""
    published: datetime | None = None
    jsonld: list[dict[str, Any]] = Field(default_factory=list)
    offers: list[Offer] = Field(default_factory=list)
    events: list[EventInfo] = Field(default_factory=list)


def parse_html(markup: str) -> etree._Element | None:
    """An lxml tree of the page, or None when there is nothing to parse."""
    if not markup.strip():
        return None
    # lxml refuses str input that declares its own encoding; the text is already decoded.
    markup = re.sub(r"^\s*<\?xml[^>]*\?>", "", markup)
    try:
        return lxml.html.document_fromstring(markup)
    except (etree.ParserError, ValueError):
        return None


def _is_noise(element: etree._Element) -> bool:
    words = set(_WORD_SPLIT.split(f"{element.get('class', '')} {element.get('id', '')}".lower()))
    return bool(words & NOISE_WORDS)


def prune_noise(root: etree._Element) -> int:
    """Remove page furniture (by class/id words) from the tree; returns how many elements."""
    total = len(" ".join(root.itertext()).split()) or 1
    doomed = []
    for element in root.iter():
        if not isinstance(element.tag, str) or element.tag in _STRUCTURAL:
            continue
        if _is_noise(element):
            share = len(" ".join(element.itertext()).split()) / total
            if share <= _MAX_NOISE_SHARE:
                doomed.append(element)
    for element in doomed:
        parent = element.getparent()
        if parent is not None:
            # Keep the tail: it is text of the parent that merely follows the element.
            tail = element.tail
            previous = element.getprevious()
            parent.remove(element)
            if tail:
                if previous is not None:
                    previous.tail = (previous.tail or "") + tail
                else:
                    parent.text = (parent.text or "") + tail
    return len(doomed)


def visible_text(root: etree._Element) -> str:
    """The page's visible text, one block per line (the fallback when trafilatura gives up)."""
    body = root.find("body")
    scope = body if body is not None else root
    etree.strip_elements(scope, *_INVISIBLE, with_tail=False)
    lines = (" ".join(chunk.split()) for chunk in scope.itertext())
    return "\n".join(line for line in lines if line)


def _meta_date(root: etree._Element) -> datetime | None:
    for meta in root.iter("meta"):
        key = (meta.get("property") or meta.get("name") or meta.get("itemprop") or "").lower()
        if key in _DATE_META:
            moment = parse_datetime(meta.get("content"))
            if moment is not None:
                return moment
    for time in root.iter("time"):
        moment = parse_datetime(time.get("datetime"))
        if moment is not None:
            return moment
    return None


def _jsonld_date(nodes: list[dict[str, Any]]) -> datetime | None:
    for node in nodes:
        if any(kind.endswith(_ARTICLE_TYPES) for kind in schema_types(node)):
            moment = parse_datetime(node.get("datePublished"))
            if moment is not None:
                return moment
    return None


def _title(root: etree._Element, metadata_title: str | None) -> str | None:
    for candidate in (metadata_title, root.findtext(".//title"), root.findtext(".//h1")):
        if candidate and candidate.strip():
            return " ".join(candidate.split())
    return None


def _main_text(markup: str, url: str | None, *, favor_precision: bool = False) -> str | None:
    """trafilatura's main content of ``markup`` as Markdown (tables included)."""
    content = parse_html(markup)
    assert content is not None  # the caller parsed it once already
    prune_noise(content)
    text: str | None = trafilatura.extract(
        content,
        url=url,
        output_format="markdown",
        include_comments=False,
        include_tables=True,
        include_links=False,
        include_images=False,
        deduplicate=False,
        favor_precision=favor_precision,
    )
    return text


KEPT_WORDS = 0.7
"""Share of the one-line text's words the precise extraction must keep to replace it (it
drops bylines and timestamps, never the paragraphs)."""


def _keeps_words(text: str, precise: str) -> bool:
    words = set(_WORD_SPLIT.split(text.casefold())) - {""}
    kept = set(_WORD_SPLIT.split(precise.casefold()))
    return not words or len(words & kept) >= KEPT_WORDS * len(words)


def extract_html(markup: str, url: str | None = None, *, keep_blocks: bool = False) -> Extraction:
    """Title, published date, main content as Markdown, JSON-LD, offers and events of a page.

    The published date prefers the page's own structured claims (JSON-LD ``datePublished``,
    then ``article:published_time``-style meta tags and ``<time datetime>``) over trafilatura's
    date-only guess. With ``keep_blocks`` a page trafilatura ran into one line is read again
    in its precise mode (research quotes sentences; monitors keep the text they fingerprint).
    """
    root = parse_html(markup)
    if root is None:
        return Extraction()
    nodes = jsonld_blocks(root)
    offers, events = offers_and_events(nodes)
    metadata = trafilatura.extract_metadata(root, default_url=url, extensive=False)
    title = _title(root, metadata.title if metadata else None)
    published = _jsonld_date(nodes) or _meta_date(root)
    if published is None and metadata is not None:
        published = parse_datetime(metadata.date)

    text = _main_text(markup, url)
    if keep_blocks and text and "\n" not in text.strip():
        # On a short page trafilatura may fall back to a baseline that runs every block into
        # one line: the headline, the byline, a table's cells, the first paragraph. Its
        # precise mode keeps the blocks apart; it is used when it keeps the words too.
        precise = _main_text(markup, url, favor_precision=True)
        if precise and "\n" in precise.strip() and _keeps_words(text, precise):
            text = precise
    if not text or not text.strip():
        # trafilatura prunes the tree it is given, so the fallback reads a fresh copy.
        fallback = parse_html(markup)
        assert fallback is not None
        prune_noise(fallback)
        text = visible_text(fallback)
    return Extraction(
        title=title,
        text=text.strip(),
        published=published,
        jsonld=nodes,
        offers=offers,
        events=events,
    )
