"""Growing a watch set by following links from pages already read.

A search finds the page that talks about the thing; the state often sits one link away: a
product listing links to the product, a venue's page to "View availability", a consulate's
page to its appointment booking, a status page to its index of notices. A full run that read
pages follows a few of their links (:func:`links_to_follow`, at most :data:`FOLLOW_PER_RUN`)
whose anchor text or address names the monitor's subject or criteria words, or says it leads
to the watched kind of state (:data:`STATE_WORDS`: availability, booking, tickets, stock,
notices…). The addresses a host's sitemap lists (:mod:`sentinel.monitor.watch_sitemaps`)
are candidates too, scored the same way on their path's words (a link without anchor text):
links and sitemap addresses share the run's :data:`FOLLOW_PER_RUN` fetches, best first, a link
before a sitemap address of the same score. The pages reached are scored like any page read
(:func:`sentinel.monitor.watch_set.choose_watched`) and join the watch set when they name the
criteria's words.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal
from urllib.parse import unquote, urlsplit

from sentinel.monitor.failures import EXPECTED_ERRORS
from sentinel.monitor.sensing.sources import PageRecord
from sentinel.monitor.watch_set import stem_words
from sentinel.monitor.workspace import PageFetcher
from sentinel.web.links import PageLink
from sentinel.web.sitemap import SitemapEntry, newest_first

FOLLOW_PER_RUN = 2
"""The most links one full run follows, sitemap addresses included (each is a page fetch)."""
STATE_WORDS = frozenset(
    stem_words(
        "availability available book booking reserve reservation appointment appointments "
        "slot slots ticket tickets stock restock inventory notice notices advisory advisories "
        "alert alerts status incident incidents release releases schedule timetable listing "
        "listings product products catalog catalogue"
    )
)
"""Words of an anchor or address that lead to where a watched state is stated."""
_SKIP_PATH = re.compile(
    r"(?:^|/)(?:login|signin|sign-in|logout|cart|basket|checkout|account|privacy|terms|cookies?)"
    r"(?:/|$|\.)",
    re.IGNORECASE,
)


def link_score(link: PageLink, terms: Collection[str]) -> int:
    """How strongly ``link`` leads to the watched state: the monitor's ``terms`` its anchor
    text or address names, and one more when it names a :data:`STATE_WORDS` word; 0 for a
    link that names neither or leads to furniture (sign in, cart, privacy…)."""
    path = unquote(urlsplit(link.url).path)
    if _SKIP_PATH.search(path):
        return 0
    words = stem_words(link.text) | stem_words(re.sub(r"[/_.-]+", " ", path))
    named = len(words & set(terms))
    return named + bool(words & STATE_WORDS) if named or words & STATE_WORDS else 0


FollowedVia = Literal["link", "sitemap"]
"""How a page followed was found: a link of a page read, or its host's sitemap."""


@dataclass(frozen=True)
class Followed:
    """The pages one run reached beyond those it read: by a link, or from a sitemap."""

    linked: dict[str, PageRecord] = field(default_factory=dict)
    sitemap: dict[str, PageRecord] = field(default_factory=dict)


def scored_links(
    pages: Iterable[PageRecord], terms: Collection[str], *, known: Collection[str]
) -> dict[str, int]:
    """The links of ``pages`` that score (:func:`link_score`), each with its best score, in
    reading order, leaving out the pages already read or watched (``known``)."""
    scored: dict[str, int] = {}
    for page in pages:
        for link in page.links:
            if link.url in known or link.url == page.url or link.url == page.final_url:
                continue
            score = link_score(link, terms)
            if score > scored.get(link.url, 0):
                scored[link.url] = score
    return scored


def scored_sitemap(
    entries: Sequence[SitemapEntry], terms: Collection[str], *, known: Collection[str]
) -> dict[str, int]:
    """The sitemap ``entries`` that score, as a link without anchor text does (the words of
    the address's path), newest ``lastmod`` first, leaving out the pages ``known``."""
    scored: dict[str, int] = {}
    for entry in newest_first(tuple(entries)):
        if entry.url in known:
            continue
        score = link_score(PageLink(url=entry.url), terms)
        if score > 0:
            scored.setdefault(entry.url, score)
    return scored


def links_to_follow(
    pages: Iterable[PageRecord],
    terms: Collection[str],
    *,
    known: Collection[str],
    limit: int = FOLLOW_PER_RUN,
) -> list[str]:
    """The addresses of at most ``limit`` links of ``pages`` worth following (best
    :func:`link_score` first, then in reading order), leaving out the pages already read or
    watched (``known``)."""
    return [url for url, _ in to_follow(scored_links(pages, terms, known=known), {}, limit)]


def to_follow(
    links: Mapping[str, int], listed: Mapping[str, int], limit: int = FOLLOW_PER_RUN
) -> list[tuple[str, FollowedVia]]:
    """At most ``limit`` of the scored ``links`` and sitemap addresses (``listed``), best
    first; at the same score a link comes before a sitemap address, then their own order."""
    ranked: list[tuple[int, int, int, str, FollowedVia]] = [
        (-score, 0, index, url, "link") for index, (url, score) in enumerate(links.items())
    ]
    ranked += [
        (-score, 1, index, url, "sitemap")
        for index, (url, score) in enumerate(listed.items())
        if url not in links
    ]
    return [(url, via) for *_, url, via in sorted(ranked)[:limit]]


async def follow_links(
    fetcher: PageFetcher,
    pages: Mapping[str, PageRecord],
    terms: Collection[str],
    *,
    watched: Collection[str],
    limit: int = FOLLOW_PER_RUN,
    sitemap: Sequence[SitemapEntry] = (),
) -> Followed:
    """Fetch the links of ``pages`` and the ``sitemap`` addresses worth following
    (:func:`to_follow`, ``limit`` in all); one that cannot be fetched is left out (it is a
    candidate, not a source)."""
    known = {*pages, *watched, *(page.final_url for page in pages.values())}
    chosen = to_follow(
        scored_links(pages.values(), terms, known=known),
        scored_sitemap(sitemap, terms, known=known),
        limit,
    )
    followed = Followed()
    for url, via in chosen:
        try:
            result = await fetcher.fetch(url)
        except EXPECTED_ERRORS:
            continue
        if result.has_content:
            reached = followed.linked if via == "link" else followed.sitemap
            reached[url] = PageRecord.of(result)
    return followed
