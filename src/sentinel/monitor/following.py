"""The follow step of a full run: from the pages read towards the watched state.

A monitor that keeps a watch set (:mod:`sentinel.monitor.watch_set`) and read pages this run
follows the links of those pages and the addresses their hosts' sitemaps list that lead
towards the watched state (:mod:`sentinel.monitor.watch_links`,
:mod:`sentinel.monitor.watch_sitemaps`); the pages reached are candidates of its watch set.
A sitemap that cannot be read is noted in the trace and skipped: it is not an error of the run.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from sentinel.monitor.recording import LoadedRun
from sentinel.monitor.sensing.result import SensorResult
from sentinel.monitor.sensing.sources import PageRecord
from sentinel.monitor.services import RunServices
from sentinel.monitor.trace import RunTrace
from sentinel.monitor.watch_links import follow_links
from sentinel.monitor.watch_set import WatchSet, monitor_terms
from sentinel.monitor.watch_sitemaps import SitemapsRead, read_sitemaps
from sentinel.monitor.workspace import PageFetcher


@dataclass(frozen=True)
class Reached:
    """The pages a run reached: by a link (``linked``) and by a sitemap's address
    (``sitemapped``), and the sitemaps it read (None when it read none)."""

    linked: dict[str, PageRecord] = field(default_factory=dict)
    sitemapped: dict[str, PageRecord] = field(default_factory=dict)
    sitemaps: SitemapsRead | None = None

    @property
    def pages(self) -> dict[str, PageRecord]:
        """Every page reached."""
        return {**self.linked, **self.sitemapped}


async def follow(
    services: RunServices,
    fetcher: PageFetcher,
    loaded: LoadedRun,
    sensed: SensorResult,
    before: WatchSet | None,
    trace: RunTrace,
    *,
    now: datetime,
) -> Reached:
    """Follow the links and sitemap addresses of the pages ``sensed`` read (see the module
    documentation); ``before``: the watch set before the run; ``fetcher``: the run's."""
    monitor = loaded.monitor
    terms, _ = monitor_terms(monitor.original_query, monitor.action_criteria)
    watched = before.urls if before is not None else ()
    sitemaps = await read_sitemaps(services.fetcher, sensed.pages, before, now=now)
    _trace_sitemaps(trace, sitemaps)
    found = await follow_links(
        fetcher, sensed.pages, terms, watched=watched, sitemap=sitemaps.entries
    )
    if found.linked:
        trace.add(
            "follow",
            f"followed {len(found.linked)} link(s) towards the watched state",
            pages=list(found.linked),
        )
    if found.sitemap:
        trace.add(
            "follow",
            f"followed {len(found.sitemap)} address(es) a sitemap lists",
            pages=list(found.sitemap),
            via="sitemap",
        )
    return Reached(found.linked, found.sitemap, sitemaps)


def _trace_sitemaps(trace: RunTrace, read: SitemapsRead) -> None:
    """Note the sitemaps read and those that could not be (not an error of the run)."""
    if read.hosts:
        trace.add(
            "sitemap",
            f"read the sitemap of {', '.join(read.hosts)}: {len(read.entries)} address(es)",
            hosts=list(read.hosts),
        )
    for failure in read.failed:
        trace.add(
            "sitemap",
            f"could not read the sitemap {failure.url}: skipped",
            error=failure.reason,
            retryable=failure.retryable,
        )
