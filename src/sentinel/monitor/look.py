"""A look: the read of a run whose pages' answers were "unchanged".

A run planned as a look (:mod:`sentinel.monitor.read_plan`) asks each target page with the
validators of the copy the monitor keeps (a conditional GET). A page answering 304, or coming
back with the same fingerprint (of its content for a named page, of its relevant content for a
watched page, :func:`sentinel.monitor.watch_set.relevant_fingerprint`), is unchanged.

- Every page unchanged (for a watch set, a page that could not be fetched counts as unchanged:
  an outage is not a change; its host asking to be left alone with 429/503 rests it for its
  ``Retry-After`` or a backoff): :func:`record_look` writes the run — ``skipped-no-change`` —
  and the next run in one transaction; no search, no sensor agent, no model. A look that
  leaves the watch set as it was (every page found as kept: its validators, no failure, no
  rest, no full run to set) — every look at named pages, nearly every look at a watch set — is
  recorded compactly (:class:`sentinel.storage.LookEnding`: each page's answer, no trace), with
  the looks that end together (group commit); a look that changed what the set keeps (new
  validators, a failure, a host's rest, a moment for a full run) writes the set with a trace.
- A watched page's relevant content changed, or a watched host's sitemap (read once per
  :data:`~sentinel.monitor.scheduling.looks.SITEMAP_EVERY`,
  :func:`sentinel.monitor.watch_sitemaps.look_at_sitemaps`) lists a page new since the last
  read that names the monitor's words: the run goes on as a full read of the watch set, with
  the new pages, instead of a search (:class:`Look` is handed to the full path); a named
  page that changed or could not be fetched gives the run to the full path, which reads it
  again.
- The process's request budget (:mod:`sentinel.monitor.budget`) has no room for the look:
  nothing is asked, and the run is recorded as ``skipped-nothing-read`` with the time the
  budget has room as its next run.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from sentinel.llm import UsageTracker
from sentinel.monitor.failures import EXPECTED_ERRORS
from sentinel.monitor.outcome import RunOutcome
from sentinel.monitor.read_plan import LookTarget, ReadPlan
from sentinel.monitor.recording import PeekedRun, record_look_ending, summarize_usage
from sentinel.monitor.scheduling.bounds import ScheduledRun
from sentinel.monitor.scheduling.cadence import after_skip
from sentinel.monitor.scheduling.durations import format_duration
from sentinel.monitor.sensing.sources import PageRecord
from sentinel.monitor.services import RunServices
from sentinel.monitor.trace import RunTrace
from sentinel.monitor.watch_learning import look_held, next_with_look
from sentinel.monitor.watch_set import (
    WatchedPage,
    WatchSet,
    monitor_terms,
    relevant_fingerprint,
    watch_set_context,
)
from sentinel.monitor.watch_sitemaps import look_at_sitemaps
from sentinel.pacing import Backoff
from sentinel.storage import GovernorKind, LookEnding, RunEnding, RunStatus
from sentinel.web.errors import FetchError
from sentinel.web.polite_client import REFUSAL_STATUSES

NO_CHANGE = "no change: every page looked at is unchanged"
BUDGET_SPENT = "not looked at: the request budget is spent"
PAGE_REST = Backoff(base_s=300.0, cap_s=6 * 3600.0)
"""How long a watched page whose host answered 429/503 without a ``Retry-After`` rests: five
minutes, doubling with each refusal in a row, up to six hours."""


@dataclass(frozen=True)
class Look:
    """What a look saw: how each page answered, the watched pages whose relevant content
    changed (a named page's change is not a look: :func:`take_look` returns None), the watch
    set after the look (None for named pages), when the request budget had no room, when it
    will, and the pages new in the watched hosts' sitemaps (``found``: read with the watch
    set)."""

    answers: dict[str, str]
    changed: tuple[str, ...]
    watch: WatchSet | None
    deferred_until: datetime | None = None
    found: tuple[str, ...] = ()

    @property
    def read_in_full(self) -> bool:
        """Whether the run goes on as a full read of the watch set."""
        return bool(self.changed or self.found)


async def take_look(services: RunServices, peeked: PeekedRun, plan: ReadPlan) -> Look | None:
    """Ask the plan's targets conditionally (see the module documentation); None when a
    named page changed or failed (the run reads in full)."""
    now = peeked.now
    budget = services.request_budget
    if budget is not None and plan.targets:
        free = budget.take(len(plan.targets) + len(plan.sitemaps), now)
        if free is not None:
            unasked = {target.url: "not asked: request budget spent" for target in plan.targets}
            return Look(unasked, (), plan.watch, deferred_until=free)
    terms, _ = monitor_terms(peeked.monitor.original_query, peeked.monitor.action_criteria)
    answers: dict[str, str] = {}
    changed: list[str] = []
    seen: dict[str, WatchedPage] = {}
    for target in plan.targets:
        watched = plan.watch.page(target.url) if plan.watch is not None else None
        try:
            result = await plan.fetcher.fetch(
                target.url, validators=target.validators if target.validators else None
            )
        except EXPECTED_ERRORS as error:
            if watched is None:
                return None
            answers[target.url] = f"failed: {error}"
            seen[target.url] = _failed(watched, error, now)
            continue
        if not result.has_content:
            answer = "304"
        elif _fingerprint(target, PageRecord.of(result), terms) == target.fingerprint:
            answer = "same relevant content" if target.relevant else "same fingerprint"
        elif watched is None:
            return None
        else:
            answer = "relevant content changed"
            changed.append(target.url)
        answers[target.url] = answer
        if watched is not None:
            # A page found as kept (its validators, no failure, no rest) leaves the set as it
            # was, so the look is recorded compactly; anything new is counted as a look.
            kept = replace(
                watched,
                etag=result.etag,
                last_modified=result.last_modified,
                failures=0,
                resume_at=None,
            )
            seen[target.url] = kept if kept == watched else replace(kept, looks=kept.looks + 1)
    watch = plan.watch
    found: tuple[str, ...] = ()
    if watch is not None:
        pages = tuple(seen.get(page.url, page) for page in watch.pages)
        watch = replace(watch, pages=pages).without_failing()
        for page in plan.watch.pages if plan.watch else ():
            if page.url not in answers:
                answers[page.url] = f"resting until {page.resume_at}"
        if plan.sitemaps:
            sitemaps = await look_at_sitemaps(
                services.fetcher, watch, plan.sitemaps, terms, now=now
            )
            answers.update(sitemaps.answers)
            watch, found = replace(watch, sitemaps_read=dict(sitemaps.read_at)), sitemaps.found
    return Look(answers, tuple(changed), watch, found=found)


def _fingerprint(target: LookTarget, page: PageRecord, terms: frozenset[str]) -> str:
    return relevant_fingerprint(page, terms) if target.relevant else page.fingerprint


def _failed(page: WatchedPage, error: BaseException, now: datetime) -> WatchedPage:
    """``page`` after a look that could not fetch it: one more failure in a row, and rested
    when its host refused (429/503) for its ``Retry-After`` or :data:`PAGE_REST`."""
    failures = page.failures + 1
    resume_at = page.resume_at
    if isinstance(error, FetchError) and (
        error.status in REFUSAL_STATUSES or error.category == "backoff"
    ):
        wait = error.retry_after if error.retry_after is not None else PAGE_REST.window(failures)
        resume_at = (now + timedelta(seconds=wait)).isoformat()
        failures = page.failures  # a host saying "not now" does not make the page fail
    return replace(page, looks=page.looks + 1, failures=failures, resume_at=resume_at)


async def record_look(
    services: RunServices, peeked: PeekedRun, plan: ReadPlan, look: Look
) -> RunOutcome:
    """Record a look that saw no change (or was deferred by the request budget) as a run
    that asked no model, with the watch set's history and the next run, in one transaction.
    The one place a look's skip is written."""
    monitor, history, now = peeked.monitor, peeked.history, peeked.now
    deferred = look.deferred_until is not None
    if look.deferred_until is not None:
        at = max(look.deferred_until, now + timedelta(seconds=1))
        scheduled = ScheduledRun(at, f"{BUDGET_SPENT} → in {format_duration(at - now)}")
        watch, reason, status = look.watch, BUDGET_SPENT, RunStatus.SKIPPED_NOTHING_READ
    else:
        held = look_held(history.held, look.watch)
        stored = plan.previous
        named = set(monitor.urls)
        # The dated lines of the last full read: a moment they name ("on sale Friday at
        # 10:00") still sets a run, which then reads in full.
        lines = [
            line
            for url, found in (stored.lines.items() if stored else ())
            if not named or url in named
            for line in found
        ]
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
        scheduled, watch = next_with_look(
            scheduled, look.watch, plan.lifetime, services=services, monitor=monitor, now=now
        )
        reason, status = NO_CHANGE, RunStatus.SKIPPED_NO_CHANGE
    saved = 1 + (monitor.governor_kind is GovernorKind.LLM)
    if watch == plan.watch and not deferred and not services.full_look_records:
        # The compact record (storage.LookEnding): no trace, each page's answer in order; the
        # engine writes the looks that end together in one transaction (group commit).
        compact = LookEnding(tuple(look.answers.values()), calls_saved=saved)
        run_id, written = await record_look_ending(
            services.db, peeked, compact, owner=services.lease_owner, next_run_at=scheduled.at
        )
        return RunOutcome(
            run_id=run_id,
            monitor_id=monitor.id,
            status="skipped-no-change",
            reason=reason,
            next_run_at=scheduled.at if written else None,
            calls_saved=saved,
            recorded=True,
        )
    trace = RunTrace(services.clock.now)
    state_version = peeked.latest.version if peeked.latest else None
    trace.add("load", f"look at {monitor.name!r}", state_version=state_version)
    trace.add("look", reason, pages=look.answers)
    trace.add("schedule", scheduled.explanation, next_run_at=scheduled.at.isoformat())
    ending = RunEnding(
        status,
        decision={"skipped": reason, "next_run_at": scheduled.at.isoformat()},
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
        if watch is not None:
            current = await tx.monitors.get(monitor.id)
            context = {**current.context, **watch_set_context(watch, current.context)}
            await tx.monitors.update(monitor.id, now=now, context=context)
        written = await tx.monitors.record_run(
            monitor.id, services.lease_owner, ran_at=now, next_run_at=scheduled.at, failed=False
        )
    return RunOutcome(
        run_id=run_id,
        monitor_id=monitor.id,
        status="skipped-nothing-read" if deferred else "skipped-no-change",
        reason=reason,
        next_run_at=scheduled.at if written else None,
        calls_saved=saved,
        recorded=True,
    )
