"""The cheap run: a look at a monitor's named pages that finds every one unchanged.

Most runs of a monitor that names its pages (``urls``) find nothing new. Such a run need not
build the sensor agent, its store and app, or any model request: :func:`take_look` asks each
named page with the validators stored with the last snapshot (a conditional GET). When every
page answers 304, or comes back with the same content fingerprint, the run is what the full
path would have recorded — ``skipped-no-change``, backed off by the cadence — and
:func:`record_look` writes it in one short transaction: the run record, compactly
(:class:`sentinel.storage.LookEnding`: its decision says how each page answered; no trace),
and the next run.

A look that sees anything else — a changed or new page, a failed fetch, a page the snapshot
does not know, a state still waiting for a decision, a monitor that also searches — gives the
run back to the full path (:func:`sentinel.monitor.run.execute_run`), which reads the pages
again (the fetcher's cache answers the repeat) and judges.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from sentinel.llm import UsageTracker
from sentinel.monitor.failures import EXPECTED_ERRORS
from sentinel.monitor.outcome import RunOutcome
from sentinel.monitor.recording import PeekedRun, record_look_ending, summarize_usage
from sentinel.monitor.scheduling.bounds import ScheduledRun
from sentinel.monitor.scheduling.cadence import after_skip
from sentinel.monitor.sensing.prefilter import SourceSnapshot
from sentinel.monitor.sensing.stored_snapshot import snapshot_from_json
from sentinel.monitor.trace import RunTrace
from sentinel.monitor.workspace import PageFetcher
from sentinel.storage import GovernorKind, LookEnding, RunEnding, RunStatus
from sentinel.web.fetch import Validators

if TYPE_CHECKING:
    from sentinel.monitor.run import RunServices

NO_CHANGE = "no change: every named page unchanged (looked at without sensing)"


@dataclass(frozen=True)
class Look:
    """What the look saw: how each named page answered (``304`` or ``same fingerprint``)."""

    answers: dict[str, str]
    previous: SourceSnapshot


def can_look(services: RunServices, peeked: PeekedRun) -> tuple[PageFetcher, SourceSnapshot] | None:
    """The fetcher to look with and the snapshot to compare with, when this run may be a
    look: the monitor reads named pages only (its own sources do not come through search),
    its last state was governed, and the stored snapshot knows exactly its pages."""
    monitor = peeked.monitor
    if not monitor.urls or peeked.history.decision_pending or peeked.latest is None:
        return None
    fetcher: PageFetcher = services.fetcher
    if services.extra_sources is not None:
        search, fetcher = services.extra_sources(monitor, services.search, services.fetcher)
        if search is not services.search:
            return None
    previous = snapshot_from_json(peeked.latest.fingerprints)
    if previous is None or set(previous.fingerprints) != set(monitor.urls):
        return None
    return fetcher, previous


async def take_look(services: RunServices, peeked: PeekedRun) -> Look | None:
    """Ask each named page conditionally; the :class:`Look` when every one is unchanged,
    None when the run needs the full path (see the module documentation)."""
    allowed = can_look(services, peeked)
    if allowed is None:
        return None
    fetcher, previous = allowed
    answers: dict[str, str] = {}
    for url in peeked.monitor.urls:
        entry = previous.sources.get(url)
        validators = Validators(entry.etag, entry.last_modified) if entry else None
        try:
            result = await fetcher.fetch(url, validators=validators if validators else None)
        except EXPECTED_ERRORS:
            return None
        if not result.has_content:
            answers[url] = "304"
        elif result.fingerprint == previous.fingerprints[url]:
            answers[url] = "same fingerprint"
        else:
            return None
    return Look(answers, previous)


async def record_look(services: RunServices, peeked: PeekedRun, look: Look) -> RunOutcome:
    """Record the look as a ``skipped-no-change`` run with its next time, in one
    transaction."""
    monitor, history, now = peeked.monitor, peeked.history, peeked.now
    pages = [line for url in monitor.urls for line in look.previous.lines.get(url, ())]
    scheduled = after_skip(
        now=now,
        monitor=monitor,
        rng=services.rng,
        last_interval=history.last_interval,
        consecutive_skips=history.consecutive_skips + 1,
        pages=pages,
        held=history.held,
        hint=history.volatility_hint,
    )
    saved = 1 + (monitor.governor_kind is GovernorKind.LLM)
    if services.full_look_records:
        run_id, written = await _write_full(services, peeked, look, scheduled, saved)
    else:
        # The compact record (storage.LookEnding): no trace, each page's answer in order.
        ending = LookEnding(tuple(look.answers[url] for url in monitor.urls), calls_saved=saved)
        run_id, written = await record_look_ending(
            services.db, peeked, ending, owner=services.lease_owner, next_run_at=scheduled.at
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


async def _write_full(
    services: RunServices, peeked: PeekedRun, look: Look, scheduled: ScheduledRun, saved: int
) -> tuple[int, bool]:
    """The look as a whole run record (started and finished now: its trace, usage) and the
    schedule, in one transaction: how looks were recorded before the compact record, kept as
    the engine benchmark's baseline (``RunServices.full_look_records``)."""
    now, monitor = peeked.now, peeked.monitor
    trace = RunTrace(services.clock.now)
    state_version = peeked.latest.version if peeked.latest else None
    trace.add("load", f"look at {monitor.name!r}", state_version=state_version)
    trace.add("look", NO_CHANGE, pages=look.answers)
    trace.add("schedule", scheduled.explanation, next_run_at=scheduled.at.isoformat())
    ending = RunEnding(
        RunStatus.SKIPPED_NO_CHANGE,
        decision={"skipped": NO_CHANGE, "next_run_at": scheduled.at.isoformat()},
        trace=trace.to_json(),
        usage=summarize_usage(UsageTracker(), calls_saved=saved),
    )
    next_run_at, owner = scheduled.at, services.lease_owner
    async with services.db.transaction() as tx:
        if peeked.run_id is not None:
            run_id = peeked.run_id
        else:
            started = await tx.runs.start(
                monitor.id,
                scheduled_at=monitor.next_run_at or now,
                started_at=now,
                retry_count=peeked.history.attempt,
            )
            run_id = started.id
        await tx.runs.finish(run_id, ending, finished_at=now, started_at=now)
        written = await tx.monitors.record_run(
            monitor.id, owner, ran_at=now, next_run_at=next_run_at, failed=False
        )
    return run_id, written
