"""Growing a watch set by following links from pages already read.

A search finds the page that talks about the thing; the state often sits one link away: a
product listing links to the product, a venue's page to "View availability", a consulate's
page to its appointment booking, a status page to its index of notices. A full run that read
pages follows a few of their links (:func:`links_to_follow`, at most :data:`FOLLOW_PER_RUN`)
whose anchor text or address names the monitor's subject or criteria words, or says it leads
to the watched kind of state (:data:`STATE_WORDS`: availability, booking, tickets, stock,
notices…). The pages reached are scored like any page read
(:func:`sentinel.monitor.watch_set.choose_watched`) and join the watch set when they name the
criteria's words.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping
from urllib.parse import unquote, urlsplit

from sentinel.monitor.failures import EXPECTED_ERRORS
from sentinel.monitor.sensing.sources import PageRecord
from sentinel.monitor.watch_set import stem_words
from sentinel.monitor.workspace import PageFetcher
from sentinel.web.links import PageLink

FOLLOW_PER_RUN = 2
"""The most links one full run follows (each is a page fetch)."""
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
    scored: dict[str, int] = {}
    for page in pages:
        for link in page.links:
            if link.url in known or link.url == page.url or link.url == page.final_url:
                continue
            score = link_score(link, terms)
            if score > scored.get(link.url, 0):
                scored[link.url] = score
    order = list(scored)
    ranked = sorted(scored, key=lambda url: (-scored[url], order.index(url)))
    return ranked[:limit]


async def follow_links(
    fetcher: PageFetcher,
    pages: Mapping[str, PageRecord],
    terms: Collection[str],
    *,
    watched: Collection[str],
    limit: int = FOLLOW_PER_RUN,
) -> dict[str, PageRecord]:
    """Fetch the links of ``pages`` worth following (:func:`links_to_follow`); a link that
    cannot be fetched is left out (it is a candidate, not a source)."""
    known = {*pages, *watched}
    followed: dict[str, PageRecord] = {}
    for url in links_to_follow(pages.values(), terms, known=known, limit=limit):
        try:
            result = await fetcher.fetch(url)
        except EXPECTED_ERRORS:
            continue
        if result.has_content:
            followed[url] = PageRecord.of(result)
    return followed
