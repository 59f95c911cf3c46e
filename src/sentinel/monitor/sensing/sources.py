"""A run's sources: which pages to read, what of them the model sees, and their snapshot.

A small model reads ~90 prompt tokens a second, so the sensor reads few pages and little of
each. Choosing the pages (:func:`choose_sources`) favours, in order: the best page of a site the
mission names, pages the last state cited as evidence (known to matter), pages search returned
for the first time or dates later than it did at the last reading (news: the engine saw them
change, whether or not this monitor ever read them), pages read last run (so an unchanged world
yields the same set and the pre-filter can skip), then the rest by rank, one page per site
before a second from the same site. Of each page the model sees an excerpt (:func:`excerpt`):
the paragraphs that mention the query's terms, in page order, within a character budget — cut on
paragraph boundaries so quotes stay verbatim.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from urllib.parse import urlsplit

from sentinel.monitor.sensing.prefilter import SourceEntry, SourceSnapshot
from sentinel.web.fetch_result import FetchResult
from sentinel.web.links import PageLink
from sentinel.web.search.base import SearchHit
from sentinel.web.structured import EventInfo, Offer, SoftwareInfo

_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9.$%'-]*")
_PARAGRAPH_BREAK = re.compile(r"\n\s*\n")
# Words too common to say whether a paragraph is about the mission.
_COMMON_WORDS = """a an and are as at be by can do for from has have how i if in is it its me my no
not of on or our so than that the their then there these this to was we what when where which
who why will with would you your tell notify know let once soon whenever please"""
_COMMON = frozenset(_COMMON_WORDS.split())


@dataclass(frozen=True)
class PageRecord:
    """One page read this run: where, its text (full; excerpts are cut from it), when it was
    published, its content fingerprint, its structured offers/events as one line, and the
    validators its response carried."""

    url: str
    final_url: str
    title: str | None
    text: str
    fingerprint: str
    published: datetime | None = None
    structured: str = ""
    not_modified: bool = False
    etag: str | None = None
    last_modified: str | None = None
    offers: tuple[Offer, ...] = ()
    events: tuple[EventInfo, ...] = ()
    software: tuple[SoftwareInfo, ...] = ()
    links: tuple[PageLink, ...] = ()

    @classmethod
    def of(cls, result: FetchResult) -> PageRecord:
        """The record of a fetch."""
        return cls(
            url=result.url,
            final_url=result.final_url,
            title=result.title,
            # Monitors read every visible block (sentinel.web.page_text), not the article.
            text=result.page_text or result.text,
            fingerprint=result.fingerprint,
            published=result.published,
            structured=_structured_line(result),
            not_modified=result.not_modified,
            etag=result.etag,
            last_modified=result.last_modified,
            offers=tuple(result.offers),
            events=tuple(result.events),
            software=tuple(result.software),
            links=tuple(result.links),
        )

    @property
    def readable_text(self) -> str:
        """Title, structured data and text: everything a quote may be copied from.

        The structured line (the page's own JSON-LD offers and events, as the sensor reads
        it) counts: a quote of "Sonora QC Ultra, 279.99 USD, InStock" is the shop's
        machine-readable statement, as much the page's as its prose."""
        parts = [self.title or "", self.structured, self.text]
        return "\n".join(part for part in parts if part)


@dataclass(frozen=True)
class ConfirmedPage:
    """A named page the server confirmed unchanged: it answered 304 to the validators stored
    with the last snapshot, so no content was downloaded. Its fingerprint and dated lines are
    the stored ones; ``etag`` and ``last_modified`` are the validators now in force."""

    url: str
    fingerprint: str
    etag: str | None = None
    last_modified: str | None = None
    lines: tuple[str, ...] = ()


MAX_STRUCTURED_ITEMS = 8


def offer_statement(offer: Offer) -> str:
    """An offer as one line of the page's structured data: ``offer: <product> <variant>,
    399.99 GBP, InStock``. It is what a reading of the offer quotes (see
    :attr:`PageRecord.readable_text`)."""
    names = [offer.product or "", offer.name or ""]
    if names[1] and names[0] and names[1].casefold() in names[0].casefold():
        names[1] = ""
    label = " ".join(n for n in names if n).strip()
    fields = [label, _price(offer.price, offer.currency)]
    if offer.availability:
        fields.append(offer.availability.rsplit("/", 1)[-1])
    return "offer: " + ", ".join(f for f in fields if f)


def event_statement(event: EventInfo) -> str:
    """An event as one line of structured data: ``event: <name>, 2026-06-14, <place>, <status>``."""
    when = f"{event.start_date:%Y-%m-%d}" if event.start_date else None
    fields = [event.name, when, event.location, event.status]
    return "event: " + ", ".join(f for f in fields if f)


def software_statement(software: SoftwareInfo) -> str:
    """Software as one line of structured data: ``software: Tidewater, version 3.0.0``."""
    fields = [software.name, f"version {software.version}" if software.version else None]
    return "software: " + ", ".join(f for f in fields if f)


def _structured_line(result: FetchResult) -> str:
    # The page's own offers first: those of products it only relates to come last, if at all.
    offers = sorted(result.offers, key=lambda offer: offer.related)
    parts = [offer_statement(offer) for offer in offers[:MAX_STRUCTURED_ITEMS]]
    parts += [event_statement(event) for event in result.events[:MAX_STRUCTURED_ITEMS]]
    parts += [software_statement(item) for item in result.software[:MAX_STRUCTURED_ITEMS]]
    return "; ".join(parts)


def _price(price: float | None, currency: str | None) -> str | None:
    if price is None:
        return None
    return f"{price:.2f} {currency}" if currency else f"{price:.2f}"


def query_terms(*queries: str) -> frozenset[str]:
    """The content words of the queries, lowercased (``"iphone"``, ``"17"``, ``"release"``)."""
    words = set()
    for query in queries:
        for match in _WORD.finditer(query):
            word = match.group().strip(".'-").casefold()
            if word and word not in _COMMON:
                words.add(word)
    return frozenset(words)


def excerpt(text: str, terms: frozenset[str], budget: int) -> str:
    """The paragraphs of ``text`` most about ``terms``, in page order, within ``budget`` chars.

    The first paragraph (usually the headline) always counts as relevant. Paragraphs are kept
    whole, so any sentence the model quotes from the excerpt is verbatim page text; only a
    single paragraph longer than the budget is cut, at a word boundary.
    """
    paragraphs = [p.strip() for p in _PARAGRAPH_BREAK.split(text) if p.strip()]
    if not paragraphs or budget <= 0:
        return ""
    if sum(len(p) + 2 for p in paragraphs) <= budget:
        return "\n\n".join(paragraphs)
    scores = [_score(p, terms) + (1 if i == 0 else 0) for i, p in enumerate(paragraphs)]
    ranked = sorted(range(len(paragraphs)), key=lambda i: (-scores[i], i))
    chosen: list[int] = []
    used = 0
    for index in ranked:
        size = len(paragraphs[index]) + 2
        if used + size <= budget:
            chosen.append(index)
            used += size
    if not chosen:
        cut = paragraphs[ranked[0]][:budget]
        return cut[: cut.rfind(" ")] if " " in cut else cut
    return "\n\n".join(paragraphs[i] for i in sorted(chosen))


def _score(paragraph: str, terms: frozenset[str]) -> int:
    words = {m.group().strip(".'-").casefold() for m in _WORD.finditer(paragraph)}
    return len(words & terms)


def choose_sources(
    hits: Sequence[SearchHit],
    *,
    cited: Sequence[str] = (),
    previous: SourceSnapshot | None = None,
    limit: int,
    named: frozenset[str] = frozenset(),
) -> list[str]:
    """The URLs to fetch this run, at most ``limit``, most important first (see module doc).

    ``previous`` is the last sensed run's snapshot: its hits, the dates search gave them, the
    pages it read. ``cited`` are URLs the previous state quoted; they are kept even when
    search no longer returns them. ``named`` are the mission's words (:func:`query_terms`):
    the best-ranked hit on a site the mission names ("… at Voltmart" → voltmart.example)
    comes first, even before cited pages — the site the user named is the authority, and a
    small model reads page 1 most carefully. Without hits (search failed), the previous
    run's pages are read again.
    """
    previous_hits = set(previous.search_hits) if previous else set()
    previously_read = list(previous.fingerprints) if previous else []
    ranked = list(dict.fromkeys(hit.url for hit in hits))
    authority = _named_site_pages(ranked, named)
    updated = {hit.url for hit in hits if previous is not None and _updated(hit, previous)}

    def tier(url: str) -> int:
        if url in authority:
            return 0
        if url in cited:
            return 1
        if previous is not None and (url not in previous_hits or url in updated):
            return 2
        if url in previously_read:
            return 3
        return 4

    candidates = list(dict.fromkeys([*cited, *ranked, *(previously_read if not hits else [])]))
    order = {url: i for i, url in enumerate(candidates)}
    chosen: list[str] = []
    hosts: dict[str, int] = {}
    remaining = set(candidates)
    while remaining and len(chosen) < limit:
        best = min(remaining, key=lambda url: (tier(url), hosts.get(_host(url), 0), order[url]))
        remaining.discard(best)
        chosen.append(best)
        hosts[_host(best)] = hosts.get(_host(best), 0) + 1
    return chosen


def probe_sources(
    hits: Sequence[SearchHit],
    *,
    cited: Sequence[str] = (),
    previous: SourceSnapshot | None,
    named: frozenset[str] = frozenset(),
) -> list[str] | None:
    """The few pages a probe re-reads, or None when this run must read in full.

    A probe is a cheap run in a quiet stretch: after the search it re-reads only the pages
    that matter most — the named site's best page and the pages the last state cited — and
    when those are unchanged and search shows no new hit, the run skips without reading the
    rest. It needs a baseline for every page it reads (a page never read before is news, and
    calls for a full read), and it cannot stand in for a full read when search failed,
    showed a new hit, or the probe would read as much as a full run.
    """
    if previous is None or not hits:
        return None
    seen = set(previous.search_hits)
    if any(hit.url not in seen for hit in hits):
        return None
    if any(_updated(hit, previous) for hit in hits):
        return None
    ranked = list(dict.fromkeys(hit.url for hit in hits))
    authority = [url for url in ranked if url in _named_site_pages(ranked, named)]
    wanted = list(dict.fromkeys([*authority, *cited]))
    if any(url not in previous.fingerprints for url in wanted):
        return None
    if not wanted or len(wanted) >= len(previous.fingerprints):
        return None
    return wanted


def _updated(hit: SearchHit, previous: SourceSnapshot) -> bool:
    """Whether search dates ``hit`` differently from when the baseline was taken: the engine
    saw the page updated, so a probe that skips it might miss the change."""
    before = previous.hit_dates.get(hit.url)
    return before is not None and hit.published is not None and before != _iso(hit.published)


def _iso(when: datetime) -> str:
    return when.isoformat()


def _host(url: str) -> str:
    return (urlsplit(url).hostname or "").removeprefix("www.")


def _named_site_pages(ranked: Sequence[str], named: frozenset[str]) -> set[str]:
    """The first URL, in rank order, of each site whose name is one of the ``named`` words."""
    first: dict[str, str] = {}
    for url in ranked:
        labels = _host(url).split(".")[:-1]  # the public suffix names nobody's site
        if any(label in named for label in labels):
            first.setdefault(_host(url), url)
    return set(first.values())


def snapshot_of(
    pages: Mapping[str, PageRecord],
    failed: Iterable[str],
    hits: Sequence[SearchHit],
    lines: Mapping[str, Sequence[str]] | None = None,
    *,
    confirmed: Mapping[str, ConfirmedPage] | None = None,
    named: Sequence[str] = (),
    now: datetime | None = None,
) -> SourceSnapshot:
    """What this run saw, for the pre-filter: fingerprints by URL, failed URLs, hit URLs, the
    dates search gave them, and the dated ``lines`` of the pages read (URL → lines; see
    :func:`sentinel.monitor.scheduling.anchors.page_lines`). Pages ``confirmed`` unchanged
    (304) count with their stored fingerprints and lines; each ``named`` source read or
    confirmed gets the entry of this reading, dated ``now`` (the pre-filter merges it with
    the stored one)."""
    confirmed = {url: page for url, page in (confirmed or {}).items() if url not in pages}
    fingerprints = {url: page.fingerprint for url, page in pages.items()}
    fingerprints |= {url: page.fingerprint for url, page in confirmed.items()}
    dated = {url: tuple(found) for url, found in (lines or {}).items() if url in pages and found}
    dated |= {url: page.lines for url, page in confirmed.items() if page.lines}
    when = now.isoformat() if now is not None else None
    sources: dict[str, SourceEntry] = {}
    for url in named:
        read: PageRecord | ConfirmedPage | None = pages.get(url) or confirmed.get(url)
        if read is not None:
            sources[url] = SourceEntry(read.etag, read.last_modified, when, when)
    return SourceSnapshot(
        fingerprints=fingerprints,
        failed=frozenset(failed),
        search_hits=tuple(dict.fromkeys(hit.url for hit in hits)),
        hit_dates={hit.url: _iso(hit.published) for hit in hits if hit.published is not None},
        lines=dated,
        sources=sources,
    )
