"""The look at a monitor's known pages between its searches.

A monitor whose miss is costly (a brief state, or ``notify=always``; see
:mod:`sentinel.monitor.scheduling.looks`) and whose searches have found the pages carrying
its state (:mod:`sentinel.monitor.known_pages`) searches about daily; in between, each run is
a *look*: every known page is asked with the validators of its last response (a conditional
GET) and, when it comes back with content, compared by the fingerprint of its relevant
content only.

- Every page unchanged (304, the same relevant content, or a failed fetch — an outage is not
  a change): :func:`record_known_look` writes a ``skipped-no-change`` run, the pages' history
  and the next look in one transaction; no search, no sensor agent, no model.
- A page's relevant content changed: the run goes on as a full run that reads the known pages
  instead of searching (:class:`KnownLook` is handed to
  :class:`sentinel.monitor.iteration.RunIteration`): the page that carries the state is read,
  sensed and governed, for one model call and no search.

A monitor with named pages (``urls``) has its own look (:mod:`sentinel.monitor.look`); a
monitor whose own sources come through search, whose last state waits for a decision, or
whose search is due, runs in full.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import timedelta
from typing import TYPE_CHECKING

from sentinel.llm import UsageTracker
from sentinel.monitor.failures import EXPECTED_ERRORS
from sentinel.monitor.known_pages import (
    KNOWN_PAGES,
    KnownPages,
    known_from_context,
    known_to_json,
    monitor_terms,
    relevant_fingerprint,
)
from sentinel.monitor.outcome import RunOutcome
from sentinel.monitor.recording import PeekedRun, summarize_usage
from sentinel.monitor.scheduling.cadence import after_skip
from sentinel.monitor.scheduling.looks import look_wait, prior_life, search_due, with_look
from sentinel.monitor.sensing.sources import PageRecord
from sentinel.monitor.sensing.stored_snapshot import snapshot_from_json
from sentinel.monitor.trace import RunTrace
from sentinel.monitor.workspace import PageFetcher
from sentinel.storage import GovernorKind, MonitorRecord, RunEnding, RunStatus
from sentinel.web.fetch import Validators

if TYPE_CHECKING:
    from sentinel.monitor.run import RunServices

NO_CHANGE = "no change: the relevant content of every known page is unchanged (looked at)"


@dataclass(frozen=True)
class KnownLook:
    """What a look saw: how each known page answered, the pages whose relevant content
    changed, the pages' history after the look, and the state's prior life."""

    answers: dict[str, str]
    changed: tuple[str, ...]
    known: KnownPages
    prior: timedelta


def watch_prior(monitor: MonitorRecord) -> timedelta | None:
    """The prior life of the state ``monitor`` watches when it should look at known pages
    between searches (see :mod:`sentinel.monitor.scheduling.looks`), else None: a monitor
    with named pages has its own look."""
    if monitor.urls:
        return None
    return prior_life(
        monitor.original_query,
        monitor.action_criteria,
        notify_always=monitor.notify_behavior.value == "always",
    )


async def take_known_look(services: RunServices, peeked: PeekedRun) -> KnownLook | None:
    """Look at the known pages (see the module documentation); None when this run is a
    full run (no look applies, or the search is due)."""
    monitor, now = peeked.monitor, peeked.now
    prior = watch_prior(monitor)
    known = known_from_context(monitor.context)
    if prior is None or known is None or not known.pages:
        return None
    if peeked.history.decision_pending or peeked.latest is None or search_due(known, now=now):
        return None
    fetcher: PageFetcher = services.fetcher
    if services.extra_sources is not None:
        search, fetcher = services.extra_sources(monitor, services.search, services.fetcher)
        if search is not services.search:
            return None  # its own sources (A2A agents) answer through search: run in full
    terms, _ = monitor_terms(monitor.original_query, monitor.action_criteria)
    answers: dict[str, str] = {}
    changed: list[str] = []
    pages = []
    for page in known.pages:
        validators = Validators(page.etag, page.last_modified)
        try:
            result = await fetcher.fetch(page.url, validators=validators if validators else None)
        except EXPECTED_ERRORS as error:
            answers[page.url] = f"failed: {error}"
            pages.append(replace(page, looks=page.looks + 1))
            continue
        seen = replace(
            page, looks=page.looks + 1, etag=result.etag, last_modified=result.last_modified
        )
        if not result.has_content:
            answers[page.url] = "304"
        elif relevant_fingerprint(PageRecord.of(result), terms) == page.relevant:
            answers[page.url] = "same relevant content"
        else:
            answers[page.url] = "relevant content changed"
            changed.append(page.url)
        pages.append(seen)
    return KnownLook(answers, tuple(changed), replace(known, pages=tuple(pages)), prior)


async def record_known_look(
    services: RunServices, peeked: PeekedRun, look: KnownLook
) -> RunOutcome:
    """Record a look that saw no change as a ``skipped-no-change`` run, with the pages'
    history and the next look, in one transaction."""
    monitor, history, now = peeked.monitor, peeked.history, peeked.now
    held = (*history.held, *filter(None, [look.known.shortest_held()]))
    # The dated lines of the last full read: a moment they name ("on sale Friday at 10:00")
    # still sets a run, which then searches and reads in full.
    stored = snapshot_from_json(peeked.latest.fingerprints if peeked.latest else None)
    lines = [line for found in (stored.lines.values() if stored else ()) for line in found]
    scheduled = after_skip(
        now=now,
        monitor=monitor,
        rng=services.rng,
        last_interval=history.last_interval,
        consecutive_skips=history.consecutive_skips + 1,
        pages=lines,
        held=held,
        hint=history.volatility_hint,
    )
    wait = look_wait(look.prior, look.known, now=now)
    scheduled, known = with_look(scheduled, wait, look.known, now=now, rng=services.rng)
    trace = RunTrace(services.clock.now)
    state_version = peeked.latest.version if peeked.latest else None
    trace.add("load", f"look at {monitor.name!r}", state_version=state_version)
    trace.add("look", NO_CHANGE, pages=look.answers)
    trace.add("schedule", scheduled.explanation, next_run_at=scheduled.at.isoformat())
    saved = 1 + (monitor.governor_kind is GovernorKind.LLM)
    ending = RunEnding(
        RunStatus.SKIPPED_NO_CHANGE,
        decision={"skipped": NO_CHANGE, "next_run_at": scheduled.at.isoformat()},
        trace=trace.to_json(),
        usage=summarize_usage(UsageTracker(), calls_saved=saved),
    )
    async with services.db.transaction() as tx:
        if peeked.run_id is not None:
            run_id = peeked.run_id
        else:
            started = await tx.runs.start(
                monitor.id,
                scheduled_at=monitor.next_run_at or now,
                started_at=now,
                retry_count=history.attempt,
            )
            run_id = started.id
        await tx.runs.finish(run_id, ending, finished_at=now, started_at=now)
        current = await tx.monitors.get(monitor.id)
        context = {**current.context, KNOWN_PAGES: known_to_json(known)}
        await tx.monitors.update(monitor.id, now=now, context=context)
        written = await tx.monitors.record_run(
            monitor.id, services.lease_owner, ran_at=now, next_run_at=scheduled.at, failed=False
        )
    return RunOutcome(
        run_id=run_id,
        monitor_id=monitor.id,
        status="skipped-no-change",
        reason=NO_CHANGE,
        next_run_at=scheduled.at if written else None,
        calls_saved=saved,
        recorded=True,
    )
