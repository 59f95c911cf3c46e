"""One durable workflow per monitor: wait until it is due, run it, deliver, repeat.

The database is the source of truth for a monitor's state and schedule; the workflow is its
durable loop. Each pass is one activity, ``run_monitor``: it runs one iteration if the monitor
is due (the same pipeline the embedded engine runs) and reports the schedule as stored after
it; the workflow delivers what the run queued, then sleeps on a durable timer until the next
run is due, or until a signal wakes it. Signals (``pause``, ``resume``, ``run_now``,
``delete``) are sent after the change is committed, so a woken workflow simply asks again: a
paused, completed or failed monitor waits for the next signal, a deleted one ends the
workflow. After ``max_iterations`` passes (or when the
server suggests it) the workflow continues as new, so its history stays bounded.

Workflow code is deterministic: no I/O, no wall clock (``workflow.now()`` is the history's
time), no randomness; everything else happens in activities.
"""

from __future__ import annotations

import contextlib
from datetime import timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy

with workflow.unsafe.imports_passed_through():
    from sentinel.engine.temporal.models import MonitorWorkflowInput, RunSummary

WORKFLOW_NAME = "sentinel-monitor"
MAX_SLEEP = timedelta(hours=6)
"""The longest timer: a schedule changed without a signal is read again at least this often."""
NOT_CLAIMED_PAUSE = timedelta(seconds=5)
RUN_TIMEOUT = timedelta(minutes=30)
DELIVER_TIMEOUT = timedelta(minutes=5)
ACTIVITY_RETRIES = RetryPolicy(
    initial_interval=timedelta(seconds=1),
    backoff_coefficient=2.0,
    maximum_interval=timedelta(minutes=1),
)


@workflow.defn(name=WORKFLOW_NAME)
class MonitorWorkflow:
    """The loop of one monitor (see the module documentation)."""

    def __init__(self) -> None:
        self._wakeups = 0
        self._deleted = False
        self._runs = 0
        self._last_status: str | None = None

    @workflow.signal
    def pause(self) -> None:
        """The monitor was paused: read the schedule again (it will wait for ``resume``)."""
        self._wakeups += 1

    @workflow.signal
    def resume(self) -> None:
        """The monitor was resumed (or re-activated): read the schedule again."""
        self._wakeups += 1

    @workflow.signal
    def run_now(self) -> None:
        """The monitor was made due now: read the schedule again and run it."""
        self._wakeups += 1

    @workflow.signal
    def delete(self) -> None:
        """The monitor was deleted: end the workflow."""
        self._deleted = True

    @workflow.query
    def status(self) -> dict[str, object]:
        """Runs started by this workflow run and the last run's status."""
        return {"runs": self._runs, "last_status": self._last_status, "deleted": self._deleted}

    @workflow.run
    async def run(self, params: MonitorWorkflowInput) -> str:
        """Loop until the monitor is deleted; continue as new every ``max_iterations``."""
        for _ in range(params.max_iterations):
            if self._deleted:
                return "deleted"
            seen = self._wakeups  # a signal during the activity cuts the next sleep short
            summary = await workflow.execute_activity(
                "run_monitor",
                params.monitor_id,
                result_type=RunSummary,
                start_to_close_timeout=RUN_TIMEOUT,
                heartbeat_timeout=timedelta(seconds=params.heartbeat_timeout_s),
                retry_policy=ACTIVITY_RETRIES,
            )
            if not summary.exists:
                return "deleted"
            if summary.ran:
                self._runs += 1
                self._last_status = summary.status
            if summary.notified:
                await workflow.execute_activity(
                    "deliver_notifications",
                    start_to_close_timeout=DELIVER_TIMEOUT,
                    retry_policy=ACTIVITY_RETRIES,
                )
            if summary.state != "active" or summary.due_in_s is None:
                await self._sleep(None, seen)  # paused, completed or failed: until a signal
            elif summary.due_in_s > 0:
                await self._sleep(min(timedelta(seconds=summary.due_in_s), MAX_SLEEP), seen)
            elif not summary.ran:
                # Due but held by a lease that is not ours (another engine on the same
                # database?): look again a little later rather than spin.
                await self._sleep(NOT_CLAIMED_PAUSE, seen)
            if workflow.info().is_continue_as_new_suggested():
                break
        if self._deleted:
            return "deleted"
        workflow.continue_as_new(params)

    async def _sleep(self, span: timedelta | None, seen: int) -> None:
        """Wait for ``span`` (a durable timer; None: forever) or until a signal arrives
        (``seen``: the signals counted before; one that came since ends the wait at once)."""
        with contextlib.suppress(TimeoutError):
            await workflow.wait_condition(
                lambda: self._wakeups != seen or self._deleted, timeout=span
            )
