"""Reading pages, not only snippets: the readers, the choice of pages and the excerpts.

A reader turns a URL into a page's text: ``FetcherReader`` over the web layer's ``Fetcher``
(SSRF guard, robots.txt, politeness, extraction), ``IndexReader`` over a local index (its
``file://`` documents are not fetched, they are already stored). The searcher reads the best
new hits of each search, preferring domains it has not read yet, and keeps of each page only
the paragraphs most related to the question, so the evidence fits a small model's context.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from sentinel.errors import InvalidInput
from sentinel.research.schemas import SearchHit
from sentinel.research.state import domain_of
from sentinel.web.fetch import Fetcher
from sentinel.web.search.local import LocalIndex

_WORD = re.compile(r"\w+", re.UNICODE)
_HEADING = re.compile(r"^#{1,6}\s+")
# Words that say nothing about what a page is about (relevance ignores them).
_STOPWORDS_TEXT = """
a an and are as at be been by can could did do does for from had has have how i in into
is it its of on or our should than that the their them there these they this to was
were what when where which who whom why will with would you your about after before
between during over under until up down out off again further then once all any both
each few more most other some such no nor not only own same so too very just now tell
me please know
"""
STOPWORDS = frozenset(_STOPWORDS_TEXT.split())


@dataclass(frozen=True)
class Page:
    """A page's readable text and where it ended up after redirects."""

    url: str
    final_url: str
    title: str
    text: str


@runtime_checkable
class PageReader(Protocol):
    """Turns a URL into its text; raises ``SentinelError`` subclasses when it cannot."""

    async def read(self, url: str) -> Page:
        """Read one page."""
        ...


class FetcherReader:
    """Reads web pages through a ``Fetcher`` (its own guard, robots, politeness and caps)."""

    def __init__(self, fetcher: Fetcher) -> None:
        self.fetcher = fetcher

    async def read(self, url: str) -> Page:
        """Fetch and extract ``url``; raises ``FetchError`` naming what failed."""
        result = await self.fetcher.fetch(url)
        return Page(url, result.final_url, result.title or "", result.text)


class IndexReader:
    """Reads the documents of a local index by their URL."""

    def __init__(self, index: LocalIndex) -> None:
        self.index = index

    async def read(self, url: str) -> Page:
        """The stored document; ``InvalidInput`` when the index has no such URL."""
        document = self.index.get(url)
        if document is None:
            raise InvalidInput("url", url, "is not a document of the local index")
        return Page(url, url, document.title, document.text)


def terms(text: str) -> set[str]:
    """The content words of ``text``, casefolded (what relevance is measured on)."""
    return {w for w in (m.casefold() for m in _WORD.findall(text)) if w not in STOPWORDS}


def excerpt(text: str, focus: Iterable[str], budget: int) -> str:
    """At most ``budget`` characters of ``text``: its most relevant paragraphs, in order.

    Paragraphs are scored by how many ``focus`` terms they contain; the lede gets a bonus
    because pages put their main facts first. A paragraph longer than the whole budget is cut.
    """
    # Lines are the units: extracted Markdown puts each paragraph, item and heading on one.
    paragraphs = [" ".join(_HEADING.sub("", line).split()) for line in text.splitlines()]
    paragraphs = [p for p in paragraphs if p]
    if not paragraphs:
        return ""
    wanted = set(focus)
    scored = sorted(
        range(len(paragraphs)),
        key=lambda i: (-(len(terms(paragraphs[i]) & wanted) + (1.5 if i == 0 else 0)), i),
    )
    chosen: list[int] = []
    used = 0
    for i in scored:
        size = len(paragraphs[i]) + (1 if chosen else 0)
        if used + size > budget:
            continue
        chosen.append(i)
        used += size
    if not chosen:
        return _cut(paragraphs[scored[0]], budget)
    return "\n".join(paragraphs[i] for i in sorted(chosen))


def without_title(text: str, title: str) -> str:
    """``text`` without a first line that only repeats the page title (extracted pages often
    start with it; the title is shown anyway)."""
    first, _, rest = text.lstrip().partition("\n")
    if title and _HEADING.sub("", first).strip().casefold() == title.strip().casefold():
        return rest
    return text


def _cut(text: str, budget: int) -> str:
    if len(text) <= budget:
        return text
    cut = text[: budget - 1].rsplit(" ", 1)[0]
    return cut + "…"


def choose_pages(
    hits: Sequence[SearchHit], already_read: Iterable[str], limit: int
) -> list[SearchHit]:
    """Up to ``limit`` hits worth reading, best ranked first, unread domains before others."""
    if limit <= 0:
        return []
    read_domains = {domain_of(url) for url in already_read}
    fresh = [hit for hit in hits if domain_of(hit.url) not in read_domains]
    seen_domains: set[str] = set()
    first: list[SearchHit] = []
    for hit in fresh:
        if domain_of(hit.url) not in seen_domains:
            seen_domains.add(domain_of(hit.url))
            first.append(hit)
    rest = [hit for hit in hits if hit not in first]
    return [*first, *rest][:limit]
