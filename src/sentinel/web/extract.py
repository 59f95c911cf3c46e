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
from sentinel.web.links import PageLink, page_links
from sentinel.web.metadata import page_metadata
from sentinel.web.page_text import page_text
from sentinel.web.structured import (
    EventInfo,
    Offer,
    SoftwareInfo,
    jsonld_blocks,
    schema_types,
    structured_items,
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
    software: list[SoftwareInfo] = Field(default_factory=list)
    page_text: str = Field(
        default="",
        description="Every visible block of the main region (sentinel.web.page_text): what "
        "a monitor reads, where trafilatura keeps only what reads like an article.",
    )
    links: list[PageLink] = Field(
        default_factory=list, description="The page's links (sentinel.web.links)."
    )


# Class names that mark a price no longer asked: "was £449.99", a compare-at price, an RRP,
# a list price ("old-price", "price--compare", "compare-at-price", "list-price", "price-was",
# "price--non-sale"). Whole class names, not words: Shopware's "with-list-price" is the
# price now, beside its list price.
_OLD_PRICE_CLASS = re.compile(
    r"^(?!with[-_]|has[-_])(?:[a-z]+[-_]{1,2})?(?:old|was|compare(?:[-_]at)?|before|previous|list"
    r"|original|regular|rrp|msrp"
    r"|uvp|strike|struck|strikethrough|crossed|barre|tachado|anterior|streich|non[-_]sale)"
    r"[-_]{0,2}price(?:[-_]{1,2}[a-z]+)?$"
    r"|^price[-_]{1,2}(?:old|was|compare(?:[-_]at)?|before|previous|strike|struck|crossed|list"
    r"|original|rrp|msrp|non[-_]sale)$"
    r"|^(?:was|rrp|msrp|uvp|streichpreis|prix[-_]barre|precio[-_]anterior|line[-_]through"
    r"|strikethrough|strike[-_]?price|compare[-_]at)$",
    re.IGNORECASE,
)
_STRUCK_TAGS = frozenset({"del", "s", "strike"})


def mark_struck_prices(root: etree._Element) -> int:
    """Wrap struck-through text (``<del>``, ``<s>``, ``<strike>``) and prices whose class says
    they are no longer asked ("old-price", "was", "compare-at", "rrp") in ``~~`` as Markdown
    writes strikethrough: the main text then still shows them, marked, and a reader of the
    price can tell the current one from the old. Returns how many elements were marked."""
    marked = 0
    for element in root.iter():
        if not isinstance(element.tag, str):
            continue
        names = (element.get("class") or "").split()
        struck = element.tag in _STRUCK_TAGS
        old_price = any(_OLD_PRICE_CLASS.match(name) for name in names)
        if not (struck or old_price) or any(
            a.get("data-sentinel-struck") for a in element.iterancestors()
        ):
            continue
        text = " ".join("".join(element.itertext()).split())
        if not text or len(text) > 80:
            continue
        for child in list(element):
            element.remove(child)
        element.text = f"~~{text}~~"
        element.set("data-sentinel-struck", "1")
        marked += 1
    return marked


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


_FURNITURE = ("nav", "header", "footer", "aside", "form")


def visible_text(root: etree._Element) -> str:
    """The page's visible text, one block per line (the fallback when trafilatura gives up):
    headings written as Markdown headings (so a reader still sees the page's sections), and
    navigation, header, footer and forms left out when anything else remains."""
    body = root.find("body")
    scope = body if body is not None else root
    etree.strip_elements(scope, *_INVISIBLE, with_tail=False)
    for element in scope.iter("h1", "h2", "h3", "h4", "h5", "h6"):
        words = " ".join("".join(element.itertext()).split())
        for child in list(element):
            element.remove(child)
        element.text = f"{'#' * int(str(element.tag)[1])} {words}" if words else ""
    lines = _lines(scope, skip=_FURNITURE)
    return "\n".join(lines or _lines(scope, skip=()))


def _lines(scope: etree._Element, *, skip: tuple[str, ...]) -> list[str]:
    chunks: list[str] = []

    def walk(element: etree._Element) -> None:
        if isinstance(element.tag, str) and element.tag in skip:
            if element.tail:
                chunks.append(element.tail)
            return
        if element.text:
            chunks.append(element.text)
        for child in element:
            walk(child)
        if element is not scope and element.tail:
            chunks.append(element.tail)

    walk(scope)
    lines = (" ".join(chunk.split()) for chunk in chunks)
    return [line for line in lines if line]


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
    mark_struck_prices(content)
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
    if text:
        # trafilatura escapes the tildes mark_struck_prices wrote; they are markup here.
        text = text.replace("\\~", "~")
    return text


KEPT_WORDS = 0.7
"""Share of the one-line text's words the precise extraction must keep to replace it (it
drops bylines and timestamps, never the paragraphs)."""


def _keeps_words(text: str, precise: str) -> bool:
    words = set(_WORD_SPLIT.split(text.casefold())) - {""}
    kept = set(_WORD_SPLIT.split(precise.casefold()))
    return not words or len(words & kept) >= KEPT_WORDS * len(words)


def extract_html(
    markup: str, url: str | None = None, *, keep_blocks: bool = False, article: bool = True
) -> Extraction:
    """Title, published date, main content as Markdown, JSON-LD, offers and events of a page.

    The published date prefers the page's own structured claims (JSON-LD ``datePublished``,
    then ``article:published_time``-style meta tags and ``<time datetime>``) over trafilatura's
    date-only guess. With ``keep_blocks`` a page trafilatura ran into one line is read again
    in its precise mode (research quotes sentences; monitors keep the text they fingerprint).

    Without ``article`` (a monitor's reader, which reads every visible block: ``page_text``)
    trafilatura's main content is not extracted when the page has visible text: ``text`` is
    then that visible text. trafilatura's pass is most of an extraction's cost, and a monitor
    that looks at a page every few minutes would pay it at every look whose page is not a 304.
    """
    root = parse_html(markup)
    if root is None:
        return Extraction()
    nodes = jsonld_blocks(root)
    links = page_links(root, url)
    items = structured_items(nodes, "json-ld") + page_metadata(root, url)
    metadata = trafilatura.extract_metadata(root, default_url=url, extensive=False)
    title = _title(root, metadata.title if metadata else None)
    published = _jsonld_date(nodes) or _meta_date(root)
    if published is None and metadata is not None:
        published = parse_datetime(metadata.date)

    content = parse_html(markup)
    assert content is not None  # it parsed once already
    prune_noise(content)
    mark_struck_prices(content)
    visible = page_text(content)
    text = _main_text(markup, url) if article or not visible.strip() else visible
    if article and keep_blocks and text and "\n" not in text.strip():
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
        mark_struck_prices(fallback)
        text = visible_text(fallback)
    return Extraction(
        title=title,
        text=text.strip(),
        published=published,
        jsonld=nodes,
        offers=items.offers,
        events=items.events,
        software=items.software,
        page_text=visible,
        links=links,
    )
