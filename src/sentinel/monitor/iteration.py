"""The steps of one full monitor run: start, sense, follow, skip or fail, persist, govern,
conclude.

:func:`sentinel.monitor.run.execute_run` calls them in order (it reads as the pipeline) after
the run's read plan (:mod:`sentinel.monitor.read_plan`) and, when planned, its look
(:mod:`sentinel.monitor.look`); each step appends to the run's trace, calls into its stage
(``sensing``, ``governing``, ``notifying``, ``scheduling``) and the last one writes the run's
outcome, the monitor's watch set and its schedule.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sentinel.llm import UsageTracker
from sentinel.monitor.contract.model import contract_of
from sentinel.monitor.failures import RunFailure
from sentinel.monitor.governing.checks import CheckInput, run_checks
from sentinel.monitor.governing.governor import Governor
from sentinel.monitor.look import Look
from sentinel.monitor.models import GovernorContext, GovernorDecision, SensorContext
from sentinel.monitor.notifying.actuator import notification_for, payload_for, sent_keys
from sentinel.monitor.notifying.dedupe import decision_key, forgets_memory, suppress_duplicate
from sentinel.monitor.outcome import RunOutcome, RunStatusName
from sentinel.monitor.read_plan import ReadPlan
from sentinel.monitor.recording import (
    LoadedRun,
    QueuedNotification,
    finish_run,
    save_state,
    sensor_document,
    summarize_usage,
)
from sentinel.monitor.scheduling.bounds import ScheduledRun
from sentinel.monitor.scheduling.cadence import after_decision, after_failure, after_skip
from sentinel.monitor.sensing.schema import schema_for
from sentinel.monitor.sensing.sensor import Sensor, SensorResult
from sentinel.monitor.sensing.sources import PageRecord
from sentinel.monitor.services import RunServices
from sentinel.monitor.trace import RunTrace
from sentinel.monitor.watch_learning import (
    held_spans,
    learn_watch,
    next_with_look,
    watch_context,
)
from sentinel.monitor.watch_links import follow_links
from sentinel.monitor.watch_set import WatchSet, monitor_terms
from sentinel.storage import RunEnding, RunStatus, StateVersionRecord
from sentinel.storage.enums import NotifyBehavior

FULL_READ_EVERY = 3
"""In a quiet stretch, every this-many-th run reads all its pages; the others probe."""


@dataclass
class RunIteration:
    """One full run in progress: its services, what it loaded, its read plan and the look
    that led to it (a watched page changed), its trace and its model usage.

    :func:`sentinel.monitor.run.execute_run` runs the steps; ``fail`` records an expected
    failure at any point.
    """

    services: RunServices
    loaded: LoadedRun
    trace: RunTrace
    plan: ReadPlan
    usage: UsageTracker = field(default_factory=UsageTracker)
    sensed: SensorResult | None = None
    version: StateVersionRecord | None = None
    decision: dict[str, Any] | None = None
    forget_sent: bool = False
    look: Look | None = None
    linked: dict[str, PageRecord] = field(default_factory=dict)

    @property
    def now(self) -> datetime:
        return self.loaded.now

    def start(self) -> None:
        """Open the run's trace with what was loaded."""
        monitor = self.loaded.monitor
        self.trace.add(
            "load",
            f"run {self.loaded.run.id} of {monitor.name!r} (attempt {self.loaded.attempt})",
            state_version=self.loaded.latest.version if self.loaded.latest else None,
        )

    async def sense(self) -> SensorResult:
        services, loaded, plan = self.services, self.loaded, self.plan
        monitor = loaded.monitor
        search, fetcher = services.sources(monitor)
        # Sources of its own reached through search (A2A agents) make a monitor with named
        # pages search too; otherwise it reads just its pages.
        search_too = plan.search_too
        named: Sequence[str] = monitor.urls
        keep_unread = False
        if self.look is not None and self.look.watch is not None:
            # A look saw a watched page's relevant content change: read the watch set
            # instead of searching; the pages it does not cover keep their fingerprints.
            named, keep_unread, search_too = self.look.watch.urls, True, False
            self.trace.add(
                "look",
                f"relevant content changed on {len(self.look.changed)} watched page(s): "
                "reading the watch set instead of searching",
                pages=self.look.answers,
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
        ctx = SensorContext(
            original_query=monitor.original_query,
            current_query=monitor.current_query,
            previous_state=loaded.previous_state,
            run_count=monitor.run_count,
            now=self.now,
            state_schema=schema_for(monitor.governor_rules, monitor.fields),
            contract=contract.model_dump(mode="json") if contract else None,
        )
        evidence = loaded.latest.evidence if loaded.latest else []
        cited = tuple(dict.fromkeys(str(e["url"]) for e in evidence if e.get("url")))
        previous = plan.previous
        force = loaded.history.decision_pending
        # A monitor that looks at a watch set between searches counts its looks as skips;
        # its rare search reads in full rather than probing.
        watching = plan.watch is not None
        probe = probe_run(loaded.history.consecutive_skips) and not watching
        self.sensed = await sensor.sense(
            ctx,
            previous=previous,
            cited=cited,
            force=force,
            probe=probe,
            named=named,
            search_too=search_too,
            keep_unread=keep_unread,
        )
        self.trace.add_sensor(self.sensed.trace, self.sensed.store.state.workspace)
        decision = self.sensed.prefilter
        self.trace.add(
            "prefilter",
            self.sensed.reason,
            skip=self.sensed.status in ("skipped", "empty"),
            changed=list(decision.changed_urls) if decision else None,
            new_hits=list(decision.new_hits) if decision else None,
            notes=list(decision.notes) if decision and decision.notes else None,
        )
        return self.sensed

    async def follow(self, sensed: SensorResult) -> dict[str, PageRecord]:
        """Follow the links of the pages read that lead towards the watched state
        (:mod:`sentinel.monitor.watch_links`), for a monitor that keeps a watch set and read
        pages this run; the pages reached are candidates of its watch set."""
        if self.plan.lifetime is None or self.loaded.monitor.urls or not sensed.pages:
            return {}
        monitor = self.loaded.monitor
        terms, _ = monitor_terms(monitor.original_query, monitor.action_criteria)
        before = self._watch_before()
        watched = before.urls if before is not None else ()
        self.linked = await follow_links(self.plan.fetcher, sensed.pages, terms, watched=watched)
        if self.linked:
            self.trace.add(
                "follow",
                f"followed {len(self.linked)} link(s) towards the watched state",
                pages=list(self.linked),
            )
        return self.linked

    async def skip(self, sensed: SensorResult, *, calls_saved: int) -> RunOutcome:
        history = self.loaded.history
        scheduled = after_skip(
            now=self.now,
            monitor=self.loaded.monitor,
            rng=self.services.rng,
            last_interval=history.last_interval,
            consecutive_skips=history.consecutive_skips + 1,
            pages=_page_texts(sensed),
            source_failed=bool(sensed.baseline.failed),
            held=held_spans(self.loaded),
            hint=history.volatility_hint,
        )
        scheduled, watch = self._with_look(scheduled, self._learned(sensed))
        self.trace.add("schedule", scheduled.explanation, next_run_at=scheduled.at.isoformat())
        summary = {"skipped": sensed.reason, "next_run_at": scheduled.at.isoformat()}
        # A run that found nothing to read says so: "no change" would hide a monitor that
        # cannot see anything (no page named, no search provider, an empty local index).
        nothing_read = sensed.status == "empty"
        status = RunStatus.SKIPPED_NOTHING_READ if nothing_read else RunStatus.SKIPPED_NO_CHANGE
        stored = RunEnding(
            status,
            decision=summary,
            trace=self.trace.to_json(),
            usage=summarize_usage(self.usage, calls_saved=calls_saved),
        )
        finished = await finish_run(
            self.services.db,
            self.loaded,
            stored,
            owner=self.services.lease_owner,
            next_run_at=scheduled.at,
            now=self.now,
            finished_at=self.services.clock.now(),
            context_update=watch_context(watch, self.loaded.monitor.context),
        )
        return self._outcome(
            "skipped-nothing-read" if nothing_read else "skipped-no-change",
            reason=sensed.reason,
            next_run_at=scheduled.at if finished.scheduled else None,
            calls_saved=calls_saved,
        )

    async def fail(self, failure: RunFailure) -> RunOutcome:
        history = self.loaded.history
        delay = self.services.retry_policy(failure, self.loaded.attempt)
        scheduled = after_failure(
            now=self.now,
            monitor=self.loaded.monitor,
            rng=self.services.rng,
            retry_delay=delay,
            last_interval=history.last_interval,
        )
        self.trace.add("error", failure.describe(), retryable=failure.retryable)
        self.trace.add("schedule", scheduled.explanation, next_run_at=scheduled.at.isoformat())
        status = RunStatus.RETRYING if delay is not None else RunStatus.FAILED
        output = self.sensed.output if self.sensed else None
        stored = RunEnding(
            status,
            sensor_output=output.model_dump(mode="json") if output else None,
            decision=self.decision,
            state_version=self.version.version if self.version else None,
            error_category=failure.category,
            error_message=failure.message,
            trace=self.trace.to_json(),
            usage=summarize_usage(self.usage),
            raw_model_output=failure.raw_output,
        )
        finished = await finish_run(
            self.services.db,
            self.loaded,
            stored,
            owner=self.services.lease_owner,
            next_run_at=scheduled.at,
            now=self.now,
            finished_at=self.services.clock.now(),
        )
        return self._outcome(
            "retrying" if delay is not None else "failed",
            reason=failure.describe(),
            error_category=failure.category,
            error=failure.message,
            retryable=failure.retryable,
            next_run_at=scheduled.at if finished.scheduled else None,
        )

    async def persist(self, sensed: SensorResult) -> StateVersionRecord:
        assert sensed.report is not None
        with self.trace.timed("persist") as note:
            version = await save_state(
                self.services.db,
                self.loaded,
                sensed.report.output,
                sensed.baseline,
                trace=self.trace.to_json(),
                now=self.now,
            )
            report = sensed.report
            note.summary = (
                f"saved state version {version.version}"
                if version.run_id == self.loaded.run.id
                else f"state unchanged: still version {version.version}"
            )
            note.detail.update(
                dropped_evidence=list(report.dropped_evidence) or None,
                reattributed=list(report.reattributed) or None,
                query_update=report.query_verdict.reason if report.query_verdict else None,
            )
        self.version = version
        return version

    async def govern(self, governor: Governor, sensed: SensorResult) -> GovernorDecision:
        assert sensed.output is not None
        monitor = self.loaded.monitor
        ctx = GovernorContext(
            original_query=monitor.original_query,
            action_criteria=monitor.action_criteria,
            previous_state=self.loaded.previous_state,
            current_state=sensed.output.updated_state,
            volatility_hint=sensed.output.volatility_hint,
            run_count=monitor.run_count,
            notify=NotifyBehavior(monitor.notify_behavior.value),
            evidence=sensed.output.evidence,
            now=self.now,
            readings=sensed.output.readings,
        )
        with self.trace.timed("govern") as note:
            proposed = await governor.govern(ctx)
            proposal = "act" if proposed.should_act else "do not act"
            note.summary = (
                f"{governor.kind} governor: {proposal}; next check {proposed.next_check!r}"
            )
            note.detail["reasoning"] = proposed.reasoning
        if governor.kind == "contract":
            # The contract's readings were verified against the pages before the condition
            # saw them (sentinel.monitor.reading.verify): nothing is left to argue with.
            return self._deduplicated(proposed, proposed, governor.kind)
        given = CheckInput(
            {url: page.readable_text for url, page in sensed.pages.items()},
            criteria=monitor.action_criteria,
            mission=monitor.original_query,
            previous_state=ctx.previous_state,
            current_state=ctx.current_state,
            governor=governor.kind,
            rule=monitor.governor_rules,
        )
        decision, verdict = run_checks(proposed, given)
        if proposed.should_act:
            grounded = verdict.result.grounded
            self.trace.add(
                "checks",
                f"suppressed by {verdict.failed}: {verdict.reason}"
                if verdict.failed
                else f"passed {', '.join(verdict.ran)}; {len(grounded)} grounded quote(s)",
                failed=verdict.failed,
                rejected=[f"{r.evidence.url}: {r.reason}" for r in verdict.result.rejected] or None,
            )
        return self._deduplicated(proposed, decision, governor.kind)

    def _deduplicated(
        self, proposed: GovernorDecision, decision: GovernorDecision, kind: str
    ) -> GovernorDecision:
        """``decision`` unless notify=always already sent its facts; recorded for the run."""
        monitor = self.loaded.monitor
        behaviour = NotifyBehavior(monitor.notify_behavior.value)
        self.forget_sent = forgets_memory(proposed, behaviour)
        decision, duplicate = suppress_duplicate(decision, behaviour, sent_keys(monitor.context))
        if duplicate is not None:
            self.trace.add("dedupe", f"suppressed: {duplicate}")
        self.decision = {
            "governor": kind,
            **decision.model_dump(mode="json"),
            "proposed_should_act": proposed.should_act,
        }
        return decision

    async def conclude(self, sensed: SensorResult, decision: GovernorDecision) -> RunOutcome:
        assert sensed.output is not None
        assert self.version is not None
        assert self.decision is not None
        services, monitor = self.services, self.loaded.monitor
        delivery: QueuedNotification | None = None
        if decision.should_act:
            state = sensed.output.updated_state
            notification = notification_for(monitor, decision, state)
            sensed.store.dispatch("notify", title=notification.title, message=notification.message)
            payload = payload_for(
                monitor,
                notification,
                decision,
                run_id=self.loaded.run.id,
                state_version=self.version.version,
                now=self.now,
                readings=sensed.output.readings,
            )
            delivery = QueuedNotification(payload, monitor.channels, decision_key(decision))
            self.decision["dedupe_key"] = delivery.dedupe_key
            self.trace.add(
                "notify",
                f"{notification.message.splitlines()[0]} → {len(monitor.channels)} channel(s)",
                title=notification.title,
            )
        complete = decision.should_act and monitor.notify_behavior.value == "once"
        history = self.loaded.history
        scheduled = after_decision(
            decision.next_check,
            now=self.now,
            monitor=monitor,
            rng=services.rng,
            pages=_page_texts(sensed),
            held=held_spans(self.loaded),
            hint=sensed.output.volatility_hint or history.volatility_hint,
        )
        scheduled, watch = self._with_look(scheduled, self._learned(sensed))
        if complete:
            self.trace.add("schedule", "notify=once and acted: the monitor completes")
        else:
            self.trace.add("schedule", scheduled.explanation, next_run_at=scheduled.at.isoformat())
        self.decision.update(
            notified=decision.should_act,
            next_run_at=None if complete else scheduled.at.isoformat(),
            interval_s=round((scheduled.at - self.now).total_seconds()),
            schedule=scheduled.explanation,
        )
        stored = RunEnding(
            RunStatus.SUCCEEDED,
            sensor_output=sensor_document(sensed),
            decision=self.decision,
            state_version=self.version.version,
            trace=self.trace.to_json(),
            usage=summarize_usage(self.usage),
        )
        finished = await finish_run(
            services.db,
            self.loaded,
            stored,
            owner=services.lease_owner,
            next_run_at=scheduled.at,
            now=self.now,
            finished_at=self.services.clock.now(),
            delivery=delivery,
            complete=complete,
            forget_sent=self.forget_sent,
            context_update=watch_context(watch, monitor.context),
        )
        return self._outcome(
            "succeeded",
            reason=decision.reasoning or "",
            notified=decision.should_act,
            deliveries=finished.deliveries,
            completed=finished.completed,
            next_run_at=scheduled.at if finished.scheduled else None,
        )

    def _watch_before(self) -> WatchSet | None:
        """The watch set before this run: the look's (its history is the newest), else the
        stored one."""
        if self.look is not None and self.look.watch is not None:
            return self.look.watch
        return self.plan.watch

    def _learned(self, sensed: SensorResult) -> WatchSet | None:
        """The watch set after this run, None when the monitor keeps none."""
        if self.plan.lifetime is None or self.loaded.monitor.urls:
            return None
        return learn_watch(self.loaded, sensed, self._watch_before(), linked=self.linked)

    def _with_look(
        self, scheduled: ScheduledRun, watch: WatchSet | None
    ) -> tuple[ScheduledRun, WatchSet | None]:
        return next_with_look(
            scheduled,
            watch,
            self.plan.lifetime,
            services=self.services,
            monitor=self.loaded.monitor,
            now=self.now,
        )

    def _outcome(self, status: RunStatusName, *, reason: str, **fields: Any) -> RunOutcome:
        return RunOutcome(
            run_id=self.loaded.run.id,
            monitor_id=self.loaded.monitor.id,
            status=status,
            state_version=self.version.version if self.version else None,
            model_calls=self.usage.total.requests,
            reason=reason,
            recorded=True,
            **fields,
        )


def probe_run(consecutive_skips: int) -> bool:
    """Whether this run may probe (re-read only the pages that matter most; see
    :class:`~sentinel.monitor.sensing.sensor.SensorPolicy`): in a quiet stretch, except every
    :data:`FULL_READ_EVERY`-th run of it, which reads in full — a change on a page the probe
    does not re-read (and search does not reveal) is seen at that run at the latest."""
    return consecutive_skips > 0 and consecutive_skips % FULL_READ_EVERY != 0


def _page_texts(sensed: SensorResult) -> list[str]:
    """What the run knows the pages say — the pages it read, its search hits' titles and
    snippets, and the dated lines its baseline carries for known pages it did not read (a
    probe's, a failed fetch's) — for the schedule, which looks closer around days they name."""
    texts = [page.readable_text for page in sensed.pages.values()]
    texts += [f"{hit.title}\n{hit.snippet}" for hit in sensed.hits]
    carried = sensed.baseline.lines.items()
    return texts + [line for url, lines in carried if url not in sensed.pages for line in lines]
