"""One claimed monitor, from run record to schedule: start, heartbeat, call the runner, settle.

The engine holds the monitor's lease for the whole run and extends it while the runner works
(a heartbeat every third of the lease), so a live run is never reaped. Settling writes, in one
transaction, whatever the runner left unwritten: the run's final status if its record is still
open; the next run if the lease is still ours (the runner's choice after a success, a backoff
after a retryable failure, the normal schedule after a permanent one); and the move to
``failed`` after too many permanent failures in a row. A run cancelled by a shutdown is closed
as ``interrupted`` and its lease given back, so the next worker runs it again at once.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from sentinel.clock import Clock
from sentinel.engine.attempts import (
    OPEN,
    SUCCESS,
    Attempt,
    consecutive_permanent_failures,
    history_window,
    next_attempt,
)
from sentinel.engine.claims import ABANDONED_MESSAGE
from sentinel.engine.report import RunReport
from sentinel.engine.retry import ABANDONED, INTERNAL, INTERRUPTED, NETWORK, RunRetryPolicy
from sentinel.engine.runner import (
    FAILED,
    FAILURE_STATUSES,
    SUCCESS_STATUSES,
    Runner,
    RunnerResult,
    RunResult,
)
from sentinel.errors import InvalidInput
from sentinel.storage import (
    Database,
    InvalidTransition,
    MonitorRecord,
    MonitorState,
    RecordNotFound,
    RunEnding,
    RunRecord,
    RunStatus,
    Transaction,
    TransitionConflict,
)

log = logging.getLogger(__name__)

# When a run says nothing about the next one (a failure, a runner without an opinion): the
# seed's default check interval, within the monitor's bounds.
FALLBACK_INTERVAL = timedelta(hours=24)
# A run that kept killing its worker is given up with this category (it counts as permanent).
CRASH_LOOP = "crash_loop"
INTERRUPTED_MESSAGE = "the worker shut down during this run; it runs again at the next claim"


@dataclass(frozen=True, slots=True)
class ExecutionSettings:
    """How runs are held and retried.

    ``failure_threshold`` permanent failures in a row move a monitor to ``failed``;
    ``run_timeout_s`` (real seconds) bounds a runner that hangs; None trusts it.
    """

    owner: str
    lease_s: float
    policy: RunRetryPolicy
    failure_threshold: int = 5
    run_timeout_s: float | None = 900.0

    def __post_init__(self) -> None:
        if self.lease_s <= 0:
            raise InvalidInput("lease_s", self.lease_s, "must be positive")
        if self.failure_threshold < 1:
            raise InvalidInput("failure_threshold", self.failure_threshold, "must be at least 1")
        if self.run_timeout_s is not None and self.run_timeout_s <= 0:
            raise InvalidInput("run_timeout_s", self.run_timeout_s, "must be positive or None")


@dataclass(frozen=True, slots=True)
class StartedRun:
    """A claimed monitor with its run record open: what ``RunExecutor.execute`` carries out.

    ``crash_loop`` says the monitor's last attempts all died with their workers: the run is
    given up without calling the runner.
    """

    monitor: MonitorRecord
    run: RunRecord
    attempt: Attempt
    crash_loop: bool


class RunExecutor:
    """Executes claimed monitors with ``runner`` on ``db``, timed by ``clock``."""

    def __init__(
        self,
        db: Database,
        runner: Runner,
        clock: Clock,
        settings: ExecutionSettings,
        rng: random.Random,
    ) -> None:
        self.db = db
        self.runner = runner
        self.clock = clock
        self.settings = settings
        self._rng = rng
        budgets = [budget.retries for budget in settings.policy.budgets.values()]
        self._window = history_window(settings.failure_threshold, budgets)

    async def start(self, tx: Transaction, monitor: MonitorRecord, now: datetime) -> StartedRun:
        """Open the run record of one claimed monitor (see :meth:`start_many`)."""
        [started] = await self.start_many(tx, [monitor], now)
        return started

    async def start_many(
        self, tx: Transaction, monitors: Sequence[MonitorRecord], now: datetime
    ) -> list[StartedRun]:
        """Open the run records of ``monitors`` (whose leases we hold) in the claim's
        transaction: two statements for the whole batch in the common case.

        A run's place in a retry chain comes from the monitor's newest run, so retries
        scheduled by a worker that has since died are counted all the same. A monitor has at
        most one open run, its newest (runs are opened only under its lease, after this): one
        still open belongs to a worker that lost the lease, and is closed as abandoned first.
        """
        if not monitors:
            return []
        ids = [monitor.id for monitor in monitors]
        latest = await tx.runs.latest_tails(ids)
        orphaned = [monitor_id for monitor_id, run in latest.items() if run.status in OPEN]
        if orphaned:
            await tx.runs.abandon_running(orphaned, now=now, message=ABANDONED_MESSAGE)
            latest |= await tx.runs.latest_tails(orphaned)
        attempts = [next_attempt(latest.get(monitor.id)) for monitor in monitors]
        # Pending: the runner marks it running when it starts (sentinel.monitor.run does).
        runs = await tx.runs.create_pending_many(
            [
                (monitor.id, _scheduled_at(monitor, now), attempt.retry_count)
                for monitor, attempt in zip(monitors, attempts, strict=True)
            ]
        )
        budget = self.settings.policy.budget(ABANDONED).retries
        started = [
            StartedRun(
                monitor,
                run,
                attempt,
                crash_loop=attempt.after == ABANDONED and attempt.retry_count > budget,
            )
            for monitor, run, attempt in zip(monitors, runs, attempts, strict=True)
        ]
        prepare = getattr(self.runner, "prepare", None)
        if prepare is not None:  # a PreparingRunner: its runs' reads, batched in this claim
            claimed = [(run.monitor, run.run.id) for run in started if not run.crash_loop]
            if claimed:
                await prepare(tx, claimed, now)
        return started

    async def execute(self, started: StartedRun) -> RunReport:
        """Call the runner for a started run and record the outcome.

        Cancellation (a shutdown) closes the run as interrupted, gives the lease back and
        re-raises, so the monitor is due again for the next worker.
        """
        if started.crash_loop:
            budget = self.settings.policy.budget(ABANDONED).retries
            result: RunResult = RunnerResult(
                FAILED,
                CRASH_LOOP,
                f"not run: its last {budget + 1} attempts were abandoned by their workers",
            )
        else:
            try:
                result = await self._call_runner(started.monitor.id, started.run.id)
            except asyncio.CancelledError:
                await self._interrupt(started)
                raise
        settling = asyncio.ensure_future(self._settle(started, result))
        try:
            return await asyncio.shield(settling)
        except asyncio.CancelledError:
            # The outcome is known: write it rather than run the monitor a second time.
            await settling
            raise

    async def _call_runner(self, monitor_id: int, run_id: int) -> RunResult:
        heartbeat = asyncio.ensure_future(self._heartbeat(monitor_id))
        timeout = self.settings.run_timeout_s
        try:
            async with asyncio.timeout(timeout):
                return await self.runner(monitor_id, run_id)
        except TimeoutError:
            return RunnerResult(FAILED, NETWORK, f"the run did not finish within {timeout:g} s")
        except Exception as exc:
            # A runner promises outcomes, not exceptions: this is a bug, kept on the run record.
            log.exception("runner raised on monitor %s, run %s", monitor_id, run_id)
            return RunnerResult(FAILED, INTERNAL, f"the runner raised {exc!r}")
        finally:
            heartbeat.cancel()
            await asyncio.gather(heartbeat, return_exceptions=True)

    async def _heartbeat(self, monitor_id: int) -> None:
        interval = self.settings.lease_s / 3
        while True:
            await self.clock.sleep(interval)
            try:
                async with self.db.transaction() as tx:
                    held = await tx.monitors.extend_lease(
                        monitor_id,
                        self.settings.owner,
                        now=self.clock.now(),
                        lease_s=self.settings.lease_s,
                    )
            except Exception:
                # A busy database must not kill the run; the next beat tries again.
                log.warning("could not extend the lease of monitor %s", monitor_id, exc_info=True)
                continue
            if not held:
                # Released by the runner as it finished, or taken by a pause or a reaper.
                log.info("monitor %s no longer leased to this run; heartbeat stops", monitor_id)
                return

    async def _settle(self, started: StartedRun, result: RunResult) -> RunReport:
        """Write what the runner left unwritten: the run's outcome if its record is still
        open, the schedule if the lease is still ours, and the move to ``failed``."""
        monitor = started.monitor
        now = self.clock.now()
        status, category, error, delay = self._judge(result, started.attempt)
        if status in SUCCESS and getattr(result, "recorded", False):
            # The runner wrote its record and schedule (and released the lease) itself: a
            # success leaves nothing to write, so no transaction.
            return self._report(started, status, None, None, result.next_run_at, result)
        async with self.db.transaction() as tx:
            try:
                run = await tx.runs.get(started.run.id)
            except RecordNotFound:  # deleted while running
                return self._report(started, status, category, error, None, result)
            runner_finished = run.status not in OPEN
            # The monitor is read only when the runner finished its own record: an open
            # record means the schedule is ours to write (record_run checks the lease).
            ours = not runner_finished
            if runner_finished:
                # The runner recorded its own verdict (and retry decision): the record is the
                # truth that retries chain from.
                status, category, error = run.status, run.error_category, run.error_message
                if status is RunStatus.RETRYING:
                    delay = self.settings.policy.retry_delay_s(
                        category or INTERNAL, started.attempt.retry_count, self._rng
                    )
                try:
                    current = await tx.monitors.get(monitor.id)
                except RecordNotFound:
                    return self._report(started, status, category, error, None, result)
                ours = current.lease_owner == self.settings.owner
            else:
                outcome = RunEnding(status=status, error_category=category, error_message=error)
                await tx.runs.finish(run.id, outcome, finished_at=now)
            next_run_at: datetime | None = None
            if ours:
                # The runner left the schedule to us (a runner that records it, like
                # sentinel.monitor.run, releases the lease in the same transaction).
                if status is RunStatus.RETRYING and delay is not None:
                    next_run_at = now + timedelta(seconds=delay)
                else:
                    next_run_at = self._normal_next_run(monitor, result, now)
                held = await tx.monitors.record_run(
                    monitor.id,
                    self.settings.owner,
                    ran_at=now,
                    next_run_at=next_run_at,
                    failed=status not in SUCCESS,
                )
                if not held:  # paused, completed or reaped meanwhile: not ours to schedule
                    next_run_at = None
            else:
                next_run_at = result.next_run_at
            failed_now = False
            if status is RunStatus.FAILED:
                failed_now = await self._give_up(tx, monitor, now)
        return self._report(
            started,
            status,
            category,
            error,
            None if failed_now else next_run_at,
            result,
            monitor_failed=failed_now,
        )

    def _judge(
        self, result: RunResult, attempt: Attempt
    ) -> tuple[RunStatus, str | None, str | None, float | None]:
        """Final status, category, error and retry delay for the runner's result."""
        if result.status in SUCCESS_STATUSES:
            return RunStatus(result.status), None, None, None
        if result.status in FAILURE_STATUSES:
            category = result.error_category or INTERNAL
            error = result.error or f"the run ended as {result.status!r} without an error message"
        else:
            category, error = INTERNAL, f"the runner returned an unknown status {result.status!r}"
        delay = self.settings.policy.retry_delay_s(category, attempt.retry_count, self._rng)
        status = RunStatus.RETRYING if delay is not None else RunStatus.FAILED
        return status, category, error, delay

    def _normal_next_run(
        self, monitor: MonitorRecord, result: RunResult, now: datetime
    ) -> datetime:
        """The runner's next run if it is in the future, else a bounded fallback."""
        wanted = result.next_run_at
        if wanted is not None and wanted > now:
            return wanted
        if wanted is not None:
            # "Now or earlier" would make the monitor due again at once: a loop, not a schedule.
            return now + timedelta(seconds=monitor.min_interval_s)
        fallback = FALLBACK_INTERVAL.total_seconds()
        bounded = min(max(fallback, monitor.min_interval_s), monitor.max_interval_s)
        return now + timedelta(seconds=bounded)

    async def _give_up(self, tx: Transaction, monitor: MonitorRecord, now: datetime) -> bool:
        """Move the monitor to ``failed`` after enough permanent failures in a row."""
        if (await tx.monitors.get(monitor.id)).state is not MonitorState.ACTIVE:
            return False
        recent = await tx.runs.for_monitor(monitor.id, limit=self._window)
        if consecutive_permanent_failures(recent) < self.settings.failure_threshold:
            return False
        try:
            await tx.monitors.transition(
                monitor.id, MonitorState.FAILED, now=now, expected=MonitorState.ACTIVE
            )
        except (InvalidTransition, TransitionConflict) as exc:
            log.info("monitor %s not moved to failed: %s", monitor.id, exc)
            return False
        return True

    async def _interrupt(self, started: StartedRun) -> None:
        """Close a cancelled run as interrupted and give the lease back (it stays due)."""
        monitor = started.monitor
        now = self.clock.now()
        async with self.db.transaction() as tx:
            try:
                run = await tx.runs.get(started.run.id)
            except RecordNotFound:
                return
            if run.status in OPEN:
                outcome = RunEnding(
                    status=RunStatus.RETRYING,
                    error_category=INTERRUPTED,
                    error_message=INTERRUPTED_MESSAGE,
                )
                await tx.runs.finish(run.id, outcome, finished_at=now)
                await tx.monitors.release_lease(monitor.id, self.settings.owner)
                return
        # The runner finished its record before the cancel reached us: settle, do not re-run.
        finished = RunnerResult(run.status.value, run.error_category, run.error_message)
        await self._settle(started, finished)

    @staticmethod
    def _report(
        started: StartedRun,
        status: RunStatus,
        category: str | None,
        error: str | None,
        next_run_at: datetime | None,
        result: RunResult,
        *,
        monitor_failed: bool = False,
    ) -> RunReport:
        return RunReport(
            monitor_id=started.monitor.id,
            run_id=started.run.id,
            retry_count=started.attempt.retry_count,
            status=status,
            error_category=category,
            error=error,
            next_run_at=next_run_at,
            notified=bool(result.notified),
            monitor_failed=monitor_failed,
        )


def _scheduled_at(monitor: MonitorRecord, now: datetime) -> datetime:
    """When the run was due: the monitor's due time, or now if it was not due (run now)."""
    due = monitor.next_run_at
    return due if due is not None and due <= now else now
