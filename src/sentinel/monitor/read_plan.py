"""What a run reads: the first stage of a run.

:func:`plan_read` decides, from the monitor, its stored state and its watch set, whether this
run is a **look** — conditional requests to pages whose copy the monitor keeps, compared by
fingerprint (:mod:`sentinel.monitor.look`) — or a **full read** (search and/or read the pages,
then sense). A look is planned for

- a monitor that reads only its named pages (``urls``), when the stored snapshot knows exactly
  those pages (each compared by its content fingerprint);
- a monitor with a watch set (:mod:`sentinel.monitor.watch_set`: every monitor that finds
  its pages by search; its kind of state sets the pace,
  :func:`sentinel.monitor.scheduling.looks.watch_lifetime`), between its searches (each page
  compared by the fingerprint of its relevant content; a page whose host asked to be left
  alone is not asked), with the sitemaps of its hosts once per
  :data:`~sentinel.monitor.scheduling.looks.SITEMAP_EVERY`
  (:func:`sentinel.monitor.watch_sitemaps.hosts_to_look`);

and never when its last state waits for a decision, when its own sources answer through search
(A2A agents), or, for a watch set, when the set is stale or the search is due.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from sentinel.monitor.contract.model import Lifetime, contract_of
from sentinel.monitor.recording import PeekedRun
from sentinel.monitor.scheduling.looks import search_due, watch_lifetime
from sentinel.monitor.sensing.prefilter import SourceSnapshot
from sentinel.monitor.sensing.stored_snapshot import snapshot_from_json
from sentinel.monitor.services import RunServices
from sentinel.monitor.watch_set import WatchSet, watch_set_from_context
from sentinel.monitor.watch_sitemaps import hosts_to_look
from sentinel.monitor.workspace import PageFetcher
from sentinel.storage import MonitorRecord
from sentinel.web.fetch_result import Validators

ReadKind = Literal["look", "full"]


@dataclass(frozen=True)
class LookTarget:
    """One page a look asks: its address, the validators of the copy kept, and the
    fingerprint an unchanged page has (``relevant``: of its relevant content, a watched
    page's; else of its content, a named page's)."""

    url: str
    validators: Validators
    fingerprint: str
    relevant: bool


@dataclass(frozen=True)
class ReadPlan:
    """What this run reads (see the module documentation): ``look`` with its ``targets``, or
    ``full``; the monitor's lifetime and watch set (None: it keeps none), the fetcher its
    pages are read with, whether it also searches for its own sources, the stored snapshot,
    and why; ``sitemaps``: the hosts whose sitemaps a look at a watch set reads too."""

    kind: ReadKind
    why: str
    lifetime: Lifetime
    watch: WatchSet | None
    fetcher: PageFetcher
    search_too: bool
    previous: SourceSnapshot | None
    targets: tuple[LookTarget, ...] = ()
    sitemaps: tuple[str, ...] = ()


def monitor_lifetime(monitor: MonitorRecord) -> Lifetime:
    """How long the state ``monitor`` watches lasts (see
    :func:`sentinel.monitor.scheduling.looks.watch_lifetime`)."""
    contract = contract_of(monitor)
    return watch_lifetime(
        contract.lifetime if contract is not None else None,
        monitor.original_query,
        monitor.action_criteria,
        notify_always=monitor.notify_behavior.value == "always",
    )


def keeps_watch_set(monitor: MonitorRecord) -> bool:
    """Whether ``monitor`` keeps a watch set: it finds its pages by search (no named
    pages)."""
    return not monitor.urls


def plan_read(services: RunServices, peeked: PeekedRun) -> ReadPlan:
    """This run's :class:`ReadPlan` (see the module documentation)."""
    monitor, now = peeked.monitor, peeked.now
    lifetime = monitor_lifetime(monitor)
    search, fetcher = services.sources(monitor)
    # Sources of its own reached through search (A2A agents) make every run search.
    own_search = search is not services.search
    previous = snapshot_from_json(peeked.latest.fingerprints if peeked.latest else None)
    watch = watch_set_from_context(monitor.context) if keeps_watch_set(monitor) else None

    def full(why: str) -> ReadPlan:
        return ReadPlan("full", why, lifetime, watch, fetcher, own_search, previous)

    if own_search:
        return full("its own sources answer through search")
    if peeked.history.decision_pending or peeked.latest is None:
        return full("no governed state to compare with")
    if monitor.urls:
        if previous is None or set(previous.fingerprints) != set(monitor.urls):
            return full("the stored snapshot does not know its pages")
        targets = tuple(_named_target(url, previous) for url in monitor.urls)
        return ReadPlan("look", "named pages", lifetime, None, fetcher, False, previous, targets)
    if watch is None:
        return full("it keeps no watch set yet")
    if search_due(watch, now=now):
        return full("its search is due" if not watch.stale else "its watch set is stale")
    found = (_watched_target(url, watch, now) for url in watch.urls)
    asked = tuple(target for target in found if target is not None)
    hosts = hosts_to_look(watch, now=now)
    return ReadPlan("look", "watch set", lifetime, watch, fetcher, False, previous, asked, hosts)


def _named_target(url: str, previous: SourceSnapshot) -> LookTarget:
    entry = previous.sources.get(url)
    validators = Validators(entry.etag, entry.last_modified) if entry else Validators()
    return LookTarget(url, validators, previous.fingerprints[url], relevant=False)


def _watched_target(url: str, watch: WatchSet, now: datetime) -> LookTarget | None:
    page = watch.page(url)
    if page is None or page.resting(now):
        return None
    return LookTarget(url, Validators(page.etag, page.last_modified), page.relevant, relevant=True)
