"""The sense step of a full run: what it reads and how.

A run reads the pages the user named, or searches; after a look that saw a watched page's
relevant content change (or a page new in a watched site's sitemap), it reads the watch set
and the new pages instead of searching. In a quiet stretch it may probe — re-read only the
pages that matter most — except every :data:`FULL_READ_EVERY`-th run, which reads in full.
The sensor (:mod:`sentinel.monitor.sensing.sensor`) does the reading and the sensing; this
module chooses its inputs and writes what it did to the run's trace.
"""

from __future__ import annotations

from collections.abc import Sequence

from sentinel.monitor.contract.model import contract_of
from sentinel.monitor.look import Look
from sentinel.monitor.models import SensorContext
from sentinel.monitor.read_plan import ReadPlan
from sentinel.monitor.recording import LoadedRun
from sentinel.monitor.search_queries import search_query
from sentinel.monitor.sensing.result import SensorResult
from sentinel.monitor.sensing.schema import schema_for
from sentinel.monitor.sensing.sensor import Sensor
from sentinel.monitor.services import RunServices
from sentinel.monitor.trace import RunTrace

FULL_READ_EVERY = 3
"""In a quiet stretch, every this-many-th run reads all its pages; the others probe."""


def probe_run(consecutive_skips: int) -> bool:
    """Whether this run may probe (re-read only the pages that matter most; see
    :class:`~sentinel.monitor.sensing.policy.SensorPolicy`): in a quiet stretch, except every
    :data:`FULL_READ_EVERY`-th run of it, which reads in full — a change on a page the probe
    does not re-read (and search does not reveal) is seen at that run at the latest."""
    return consecutive_skips > 0 and consecutive_skips % FULL_READ_EVERY != 0


async def sense_run(
    services: RunServices,
    loaded: LoadedRun,
    plan: ReadPlan,
    look: Look | None,
    trace: RunTrace,
) -> SensorResult:
    """Read the run's pages (named, found by search, or the watch set after a look) and
    sense them into the monitor's state; the trace gets the look, the sensor's steps and the
    pre-filter's verdict."""
    monitor = loaded.monitor
    search, fetcher = services.sources(monitor)
    # Sources of its own reached through search (A2A agents) make a monitor with named
    # pages search too; otherwise it reads just its pages.
    search_too = plan.search_too
    named: Sequence[str] = monitor.urls
    keep_unread = False
    if look is not None and look.watch is not None:
        # A look saw a watched page's relevant content change, or a page new in a watched
        # site's sitemap: read the watch set (and the new pages) instead of searching;
        # the pages it does not cover keep their fingerprints.
        named = (*look.found, *look.watch.urls)
        keep_unread, search_too = True, False
        why = []
        if look.changed:
            why.append(f"relevant content changed on {len(look.changed)} watched page(s)")
        if look.found:
            why.append(f"{len(look.found)} new page(s) in a watched site's sitemap")
        trace.add(
            "look",
            f"{'; '.join(why)}: reading the watch set instead of searching",
            pages=look.answers,
            found=list(look.found) or None,
        )
    contract = contract_of(monitor)
    sensor = Sensor(
        services.sensor_model,
        search,
        fetcher,
        max_pages=services.max_pages,
        page_chars=services.page_chars,
        num_results=services.num_results,
        timeout_s=services.sensor_timeout_s,
    )
    # Searches that found no page to watch make the next one word its query another way.
    query = monitor.current_query
    if plan.watch is not None:
        query = search_query(query, monitor.action_criteria, plan.watch.fruitless)
    ctx = SensorContext(
        original_query=monitor.original_query,
        current_query=query,
        previous_state=loaded.previous_state,
        run_count=monitor.run_count,
        now=loaded.now,
        state_schema=schema_for(monitor.governor_rules, monitor.fields),
        contract=contract.model_dump(mode="json") if contract else None,
    )
    evidence = loaded.latest.evidence if loaded.latest else []
    cited = tuple(dict.fromkeys(str(e["url"]) for e in evidence if e.get("url")))
    # A monitor that looks at a watch set between searches counts its looks as skips;
    # its rare search reads in full rather than probing.
    watching = plan.watch is not None
    probe = probe_run(loaded.history.consecutive_skips) and not watching
    sensed = await sensor.sense(
        ctx,
        previous=plan.previous,
        cited=cited,
        force=loaded.history.decision_pending,
        probe=probe,
        named=named,
        search_too=search_too,
        keep_unread=keep_unread,
    )
    trace.add_sensor(sensed.trace, sensed.store.state.workspace)
    decision = sensed.prefilter
    trace.add(
        "prefilter",
        sensed.reason,
        skip=sensed.status in ("skipped", "empty"),
        changed=list(decision.changed_urls) if decision else None,
        new_hits=list(decision.new_hits) if decision else None,
        notes=list(decision.notes) if decision and decision.notes else None,
    )
    return sensed
