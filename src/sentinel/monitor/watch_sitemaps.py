"""Growing a watch set from the sitemaps of the hosts a run read.

The page a state sits on is not always linked from the pages a search finds: a shop's product
page may be reachable only through its category pages, a consulate's booking page only from a
menu the extraction drops. The site's own list of its pages, its sitemap
(:mod:`sentinel.web.sitemap`), names it. A full run that read pages on a host, for a monitor
whose watch set has room (fewer than :data:`~sentinel.monitor.watch_set.MAX_WATCHED` pages, or
none: stale), reads that host's sitemap — at most once per host per
:data:`~sentinel.monitor.scheduling.looks.SEARCH_EVERY`, remembered in the watch set
(``sitemaps_read``) — and its addresses on that host become candidates like links
(:mod:`sentinel.monitor.watch_links`: scored on their path's words, furniture skipped, within
the run's :data:`~sentinel.monitor.watch_links.FOLLOW_PER_RUN`). A sitemap that cannot be read
(a 404, a malformed document) is noted in the run's trace, not an error of the run; one that
failed for a while (a timeout, a 503) is tried again at the next full run.

Between searches, a page that did not exist at the last search — the ruling published on the
court's site, the new notice, the product page added to the shop — is listed in its site's
sitemap the day it appears. A look (:mod:`sentinel.monitor.look`) also reads the sitemaps of
the watched hosts once per :data:`~sentinel.monitor.scheduling.looks.SITEMAP_EVERY`
(:func:`hosts_to_look`, :func:`look_at_sitemaps`): an address new since the last read whose
path names the monitor's words turns the look into a read of the watch set with that page,
without a search.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, time
from urllib.parse import urlsplit

from sentinel.monitor.failures import EXPECTED_ERRORS
from sentinel.monitor.scheduling.looks import SEARCH_EVERY, SITEMAP_EVERY
from sentinel.monitor.sensing.sources import PageRecord
from sentinel.monitor.watch_links import FOLLOW_PER_RUN, scored_sitemap
from sentinel.monitor.watch_set import MAX_WATCHED, WatchSet
from sentinel.web.sitemap import SitemapEntry, SitemapFailure, SitemapFetcher, read_host_sitemap

SITEMAP_HOSTS_PER_RUN = 2
"""The most hosts whose sitemaps one run reads (the hosts of its first pages read)."""


@dataclass(frozen=True)
class SitemapsRead:
    """What a run's sitemap step found: the addresses listed on the hosts it read (candidates
    to follow), the hosts read, the sitemaps that could not be, and the watch set's
    ``sitemaps_read`` after the run."""

    entries: tuple[SitemapEntry, ...] = ()
    hosts: tuple[str, ...] = ()
    failed: tuple[SitemapFailure, ...] = ()
    read_at: Mapping[str, str] = field(default_factory=dict)


def sitemap_hosts_due(
    pages: Mapping[str, PageRecord], watch: WatchSet | None, *, now: datetime
) -> list[str]:
    """The hosts of ``pages`` (in reading order, at most :data:`SITEMAP_HOSTS_PER_RUN`)
    whose sitemaps this run reads: none when the watch set is full, else those not read in
    the last :data:`SEARCH_EVERY`."""
    if watch is not None and len(watch.pages) >= MAX_WATCHED:
        return []
    hosts: list[str] = []
    for page in pages.values():
        host = _host(page.final_url or page.url)
        if host is None or host in hosts:
            continue
        last = watch.sitemap_read_at(host) if watch is not None else None
        if last is None or now - last >= SEARCH_EVERY:
            hosts.append(host)
    return hosts[:SITEMAP_HOSTS_PER_RUN]


async def read_sitemaps(
    fetcher: SitemapFetcher,
    pages: Mapping[str, PageRecord],
    watch: WatchSet | None,
    *,
    now: datetime,
) -> SitemapsRead:
    """Read the sitemaps of the hosts due (:func:`sitemap_hosts_due`): the addresses they
    list on the host itself, and the watch set's ``sitemaps_read`` with those hosts stamped
    ``now`` (a host whose every sitemap failed for a while, a timeout or a 503, is not: the
    next full run tries again) and the stamps older than :data:`SEARCH_EVERY` dropped."""
    read_at = {
        host: when
        for host, when in (watch.sitemaps_read.items() if watch is not None else ())
        if now - datetime.fromisoformat(when) < SEARCH_EVERY
    }
    entries: dict[str, SitemapEntry] = {}
    hosts: list[str] = []
    failed: list[SitemapFailure] = []
    for host in sitemap_hosts_due(pages, watch, now=now):
        page = next(p for p in pages.values() if _host(p.final_url or p.url) == host)
        address = page.final_url or page.url
        try:
            found = await read_host_sitemap(fetcher, address)
        except EXPECTED_ERRORS as exc:  # the robots.txt lookup, vetted like any fetch
            failed.append(SitemapFailure(address, str(exc), retryable=True))
            continue
        failed += found.failed
        if found.read or any(not failure.retryable for failure in found.failed):
            read_at[host] = now.isoformat()
        if found.read:
            hosts.append(host)
        for entry in found.entries:
            if _host(entry.url) == host:
                entries.setdefault(entry.url, entry)
    return SitemapsRead(tuple(entries.values()), tuple(hosts), tuple(failed), read_at)


def _host(url: str) -> str | None:
    """The host of an http(s) address, lower case; None for any other."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https"):
        return None
    return parts.hostname or None


@dataclass(frozen=True)
class SitemapLook:
    """What a look's sitemap step found: the addresses new on the watched hosts (best first,
    at most :data:`~sentinel.monitor.watch_links.FOLLOW_PER_RUN`), each host's answer, and
    the watch set's ``sitemaps_read`` after it."""

    found: tuple[str, ...] = ()
    answers: Mapping[str, str] = field(default_factory=dict)
    read_at: Mapping[str, str] = field(default_factory=dict)


def hosts_to_look(watch: WatchSet, *, now: datetime) -> tuple[str, ...]:
    """The hosts of the watch set's pages (not resting after a 429/503) whose sitemap a look
    reads: those not read in the last :data:`SITEMAP_EVERY`."""
    hosts: list[str] = []
    for page in watch.pages:
        host = _host(page.url)
        if host is None or host in hosts or page.resting(now):
            continue
        last = watch.sitemap_read_at(host)
        if last is None or now - last >= SITEMAP_EVERY:
            hosts.append(host)
    return tuple(hosts)


async def look_at_sitemaps(
    fetcher: SitemapFetcher,
    watch: WatchSet,
    hosts: tuple[str, ...],
    terms: frozenset[str],
    *,
    now: datetime,
) -> SitemapLook:
    """Read the sitemaps of ``hosts`` for a look: the addresses on each host that are new
    since the monitor last looked there — ``lastmod`` on or after the day its sitemap was last
    read (else the day the monitor last searched: what existed then, the search could find),
    not watched, and whose path names the monitor's ``terms`` or the watched kind of state
    (:func:`~sentinel.monitor.watch_links.scored_sitemap`). Every host asked is stamped
    ``now``, read or not (a failed sitemap is asked again after :data:`SITEMAP_EVERY`)."""
    read_at = {
        host: when
        for host, when in watch.sitemaps_read.items()
        if now - datetime.fromisoformat(when) < SEARCH_EVERY
    }
    answers: dict[str, str] = {}
    new: list[SitemapEntry] = []
    for host in hosts:
        since = watch.sitemap_read_at(host) or watch.last_search()
        read_at[host] = now.isoformat()
        address = next(page.url for page in watch.pages if _host(page.url) == host)
        try:
            found = await read_host_sitemap(fetcher, address)
        except EXPECTED_ERRORS as exc:  # the robots.txt lookup, vetted like any fetch
            answers[f"sitemap of {host}"] = f"failed: {exc}"
            continue
        if not found.read:
            answers[f"sitemap of {host}"] = "not read"
            continue
        floor = datetime.combine(since.date(), time(), since.tzinfo) if since else None
        fresh = [
            entry
            for entry in found.entries
            if _host(entry.url) == host
            and entry.lastmod is not None
            and (floor is None or entry.lastmod >= floor)
        ]
        answers[f"sitemap of {host}"] = f"{len(fresh)} address(es) new since it was last read"
        new += fresh
    scored = scored_sitemap(new, terms, known=watch.urls)
    best = sorted(scored, key=lambda url: -scored[url])[:FOLLOW_PER_RUN]
    return SitemapLook(tuple(best), answers, read_at)
