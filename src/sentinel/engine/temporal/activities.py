"""The monitor workflow's activities: read the schedule, run one iteration, deliver.

``run_monitor`` is one iteration of the same pipeline the embedded engine runs (the runner is
``sentinel.monitor.run.execute_run`` in production), through the embedded engine's own
:class:`~sentinel.engine.execution.RunExecutor`: the run record, the abandoned-run and
crash-loop accounting, the lease heartbeat, the retry policy and the move to ``failed`` are
the embedded engine's, unchanged. Inside the run the pipeline's steps are its transactions —
sense, save state (committed before governing), govern, then the run record, the outbox rows
and the schedule in one transaction — so a retried activity either finds the monitor no longer
due (the iteration committed: nothing runs twice) or finds its own run left open (abandoned
and run again, nothing was queued). ``deliver_notifications`` drains the outbox with leases
and idempotency keys, so it too may run any number of times.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from datetime import datetime

from temporalio import activity

from sentinel.clock import Clock
from sentinel.engine.execution import ExecutionSettings, RunExecutor
from sentinel.engine.report import RunReport
from sentinel.engine.retry import RunRetryPolicy
from sentinel.engine.runner import Runner
from sentinel.engine.temporal.claim import claim_if_due
from sentinel.engine.temporal.models import RunSummary, lease_owner
from sentinel.notify import DeliveryWorker
from sentinel.storage import Database, RecordNotFound, Transaction

RunnerFactory = Callable[[str], Runner]
"""``runner_for(owner)``: the runner of a monitor whose lease is held by ``owner``."""

HEARTBEAT_S = 2.0
"""Seconds between Temporal heartbeats of a run in progress (the workflow's heartbeat
timeout is a few of these: a dead worker's run is retried that soon)."""


class MonitorActivities:
    """The activities, bound to a worker's database, clock, runners and delivery worker."""

    def __init__(
        self,
        db: Database,
        clock: Clock,
        runner_for: RunnerFactory,
        *,
        delivery: DeliveryWorker | None = None,
        lease_s: float = 120.0,
        policy: RunRetryPolicy | None = None,
        failure_threshold: int = 5,
        run_timeout_s: float | None = 900.0,
        rng: random.Random | None = None,
    ) -> None:
        self.db = db
        self.clock = clock
        self.runner_for = runner_for
        self.delivery = delivery
        self.lease_s = lease_s
        self.policy = policy or RunRetryPolicy()
        self.failure_threshold = failure_threshold
        self.run_timeout_s = run_timeout_s
        self.rng = rng or random.Random()

    @activity.defn(name="run_monitor")
    async def run_monitor(self, monitor_id: int) -> RunSummary:
        """Run one iteration of the monitor if it is due now, then read its schedule (see
        the module documentation); a monitor not due is only read."""
        owner = lease_owner(monitor_id)
        executor = self._executor(owner)
        now = self.clock.now()
        async with self.db.transaction() as tx:
            claimed = await claim_if_due(tx, monitor_id, owner, now=now, lease_s=self.lease_s)
            started = await executor.start(tx, claimed, now) if claimed is not None else None
            if started is None:
                return await _summary(tx, monitor_id, self.clock.now(), None)
        beating = asyncio.ensure_future(_heartbeat())
        try:
            report = await executor.execute(started)
        finally:
            beating.cancel()
            await asyncio.gather(beating, return_exceptions=True)
        async with self.db.transaction() as tx:
            return await _summary(tx, monitor_id, self.clock.now(), report)

    @activity.defn(name="deliver_notifications")
    async def deliver_notifications(self) -> int:
        """Deliver the notifications due now; how many were delivered."""
        if self.delivery is None:
            return 0
        report = await self.delivery.drain()
        return report.delivered

    def _executor(self, owner: str) -> RunExecutor:
        settings = ExecutionSettings(
            owner=owner,
            lease_s=self.lease_s,
            policy=self.policy,
            failure_threshold=self.failure_threshold,
            run_timeout_s=self.run_timeout_s,
        )
        return RunExecutor(self.db, self.runner_for(owner), self.clock, settings, self.rng)

    def all(self) -> list[Callable[..., object]]:
        """The activity functions, for a worker's registration."""
        return [self.run_monitor, self.deliver_notifications]


async def _summary(
    tx: Transaction, monitor_id: int, now: datetime, report: RunReport | None
) -> RunSummary:
    """The run's outcome (None: nothing ran) and the monitor's schedule as stored now."""
    try:
        monitor = await tx.monitors.get(monitor_id)
    except RecordNotFound:
        monitor = None
    due = monitor.next_run_at if monitor is not None else None
    return RunSummary(
        ran=report is not None,
        run_id=report.run_id if report is not None else None,
        status=report.status.value if report is not None else None,
        notified=bool(report.notified) if report is not None else False,
        exists=monitor is not None,
        state=monitor.state.value if monitor is not None else None,
        due_in_s=(due - now).total_seconds() if due is not None else None,
    )


async def _heartbeat() -> None:
    """Tell Temporal the run is alive until cancelled (a dead worker stops telling it)."""
    while True:
        activity.heartbeat()
        await asyncio.sleep(HEARTBEAT_S)
