"""The steps of one full monitor run: start, sense, follow, skip or fail, persist, govern,
conclude.

:func:`sentinel.monitor.run.execute_run` calls them in order (it reads as the pipeline) after
the run's read plan (:mod:`sentinel.monitor.read_plan`) and, when planned, its look
(:mod:`sentinel.monitor.look`); each step appends to the run's trace, calls into its stage
(:mod:`~sentinel.monitor.run_sensing`, :mod:`~sentinel.monitor.following`,
:mod:`~sentinel.monitor.deciding`, ``notifying``, ``scheduling``) and the last one writes the
run's outcome, the monitor's watch set and its schedule.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sentinel.llm import UsageTracker
from sentinel.monitor import deciding, following
from sentinel.monitor.failures import RunFailure
from sentinel.monitor.following import Reached
from sentinel.monitor.governing.governor import Governor
from sentinel.monitor.look import Look
from sentinel.monitor.models import GovernorDecision
from sentinel.monitor.notifying.actuator import notification_for, payload_for
from sentinel.monitor.notifying.dedupe import decision_key
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
from sentinel.monitor.run_sensing import sense_run
from sentinel.monitor.scheduling.bounds import ScheduledRun
from sentinel.monitor.scheduling.cadence import after_decision, after_failure, after_skip
from sentinel.monitor.sensing.result import SensorResult
from sentinel.monitor.sensing.sources import PageRecord
from sentinel.monitor.services import RunServices
from sentinel.monitor.trace import RunTrace
from sentinel.monitor.watch_learning import (
    held_spans,
    learn_watch,
    next_with_look,
    watch_context,
)
from sentinel.monitor.watch_set import WatchSet
from sentinel.storage import RunEnding, RunStatus, StateVersionRecord


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
    reached: Reached = field(default_factory=Reached)

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
        """Read and sense (:func:`~sentinel.monitor.run_sensing.sense_run`)."""
        self.sensed = await sense_run(self.services, self.loaded, self.plan, self.look, self.trace)
        return self.sensed

    async def follow(self, sensed: SensorResult) -> dict[str, PageRecord]:
        """Follow the pages read towards the watched state (:mod:`sentinel.monitor.following`),
        for a monitor that keeps a watch set and read pages this run; the pages reached are
        candidates of its watch set."""
        if self.loaded.monitor.urls or not sensed.pages:
            return {}
        self.reached = await following.follow(
            self.services,
            self.plan.fetcher,
            self.loaded,
            sensed,
            self._watch_before(),
            self.trace,
            now=self.now,
        )
        return self.reached.pages

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
        """Decide, then guard the decision (:mod:`sentinel.monitor.deciding`)."""
        decided = await deciding.govern(governor, sensed, self.loaded, self.trace)
        self.decision, self.forget_sent = decided.record, decided.forget_sent
        return decided.decision

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
        if self.loaded.monitor.urls:
            return None
        return learn_watch(
            self.loaded,
            sensed,
            self._watch_before(),
            linked=self.reached.linked,
            sitemap=self.reached.sitemapped,
            entered=dict.fromkeys(self.look.found, "sitemap") if self.look else None,
            sitemaps_read=self.reached.sitemaps.read_at if self.reached.sitemaps else None,
        )

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


def _page_texts(sensed: SensorResult) -> list[str]:
    """What the run knows the pages say — the pages it read, its search hits' titles and
    snippets, and the dated lines its baseline carries for known pages it did not read (a
    probe's, a failed fetch's) — for the schedule, which looks closer around days they name."""
    texts = [page.readable_text for page in sensed.pages.values()]
    texts += [f"{hit.title}\n{hit.snippet}" for hit in sensed.hits]
    carried = sensed.baseline.lines.items()
    return texts + [line for url, lines in carried if url not in sensed.pages for line in lines]
