"""A Temporal worker for monitor workflows: polls the task queue, runs the activities, and
drains the outbox alongside (for deliveries whose retries fall due later).

``sentinel worker --engine temporal`` runs :func:`serve_temporal`; tests and the crash-test
worker run it with their own runners. Any number of workers may serve one task queue: each
monitor's workflow is one at a time on whichever worker picks it up, and a worker that dies
mid-run has its activity retried on another after the heartbeat timeout.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta

from temporalio.client import Client
from temporalio.worker import UnsandboxedWorkflowRunner, Worker
from temporalio.worker.workflow_sandbox import SandboxedWorkflowRunner, SandboxRestrictions

from sentinel.engine.temporal.activities import MonitorActivities
from sentinel.engine.temporal.client import TemporalMonitors
from sentinel.engine.temporal.workflows import MonitorWorkflow
from sentinel.errors import InvalidInput


@dataclass(frozen=True)
class WorkerOptions:
    """``concurrency``: activities (runs) in progress at most on this worker;
    ``grace_s``: how long a shutdown waits for them (then they are cancelled and retried by
    another worker); ``ensure_existing``: give every stored monitor its workflow at start;
    ``cached_workflows``: workflows kept in memory between their tasks (the SDK's default).
    ``workflow_tasks``: workflow tasks this worker takes at once. The SDK's default, 100,
    made a backlog slow: the worker took a hundred tasks at a time from the server and
    worked them off between its runs on one event loop (and the GIL), so each task's
    start-to-complete time grew past 5 s (the server's warning) and the queueing, being
    inside the worker, was invisible to the server. A few slots keep the waiting tasks on
    the server's queue, where any free worker takes them; a task itself takes milliseconds.

    ``sandboxed`` runs the workflow in the SDK's sandbox. Off by default: instantiating a
    sandboxed workflow re-imports its module (about 7 ms of CPU here), which a worker pays
    again for every workflow evicted from its cache, and the monitor workflow has nothing the
    sandbox guards against (no I/O, no clock, no randomness; it imports plain data only).
    The tests run it sandboxed and replay its recorded histories, so a change that breaks
    determinism fails there.
    """

    task_queue: str
    concurrency: int = 2
    grace_s: float = 30.0
    ensure_existing: bool = True
    sandboxed: bool = False
    cached_workflows: int = 1000
    workflow_tasks: int = 4

    def __post_init__(self) -> None:
        if self.concurrency < 1:
            raise InvalidInput("concurrency", self.concurrency, "must be at least 1")
        if self.workflow_tasks < 2:
            # The SDK's rule with a workflow cache (sticky queues): at least two slots.
            raise InvalidInput("workflow_tasks", self.workflow_tasks, "must be at least 2")


def sandbox_runner() -> SandboxedWorkflowRunner:
    """The workflow sandbox, with Sentinel's own modules passed through.

    The workflow imports only plain data (``sentinel.engine.temporal.models``) but its package
    imports the storage layer; passing ``sentinel`` through keeps the sandbox from re-importing
    all of that for every workflow while still isolating the standard library.
    """
    restrictions = SandboxRestrictions.default.with_passthrough_modules("sentinel")
    return SandboxedWorkflowRunner(restrictions=restrictions)


def build_worker(client: Client, activities: MonitorActivities, options: WorkerOptions) -> Worker:
    """A worker of ``options.task_queue`` running the monitor workflow and ``activities``."""
    return Worker(
        client,
        task_queue=options.task_queue,
        workflows=[MonitorWorkflow],
        activities=activities.all(),
        max_concurrent_activities=options.concurrency,
        max_concurrent_workflow_tasks=options.workflow_tasks,
        graceful_shutdown_timeout=timedelta(seconds=options.grace_s),
        workflow_runner=sandbox_runner() if options.sandboxed else UnsandboxedWorkflowRunner(),
        max_cached_workflows=options.cached_workflows,
    )


async def serve_temporal(
    client: Client,
    activities: MonitorActivities,
    options: WorkerOptions,
    stop: asyncio.Event,
    *,
    on_ready: Callable[[int], Awaitable[None] | None] | None = None,
) -> None:
    """Run a worker (and the outbox's delivery loop) until ``stop`` is set.

    With ``options.ensure_existing`` every stored monitor is given its workflow first (an
    idempotent start); ``on_ready(count)`` is then called with how many were ensured.
    """
    ensured = 0
    if options.ensure_existing:
        ensured = await TemporalMonitors(client, options.task_queue).ensure_all(activities.db)
    worker = build_worker(client, activities, options)
    delivery = activities.delivery
    drain = asyncio.ensure_future(delivery.run(stop)) if delivery is not None else None
    try:
        async with worker:
            if on_ready is not None:
                ready = on_ready(ensured)
                if ready is not None:
                    await ready
            await stop.wait()
    finally:
        stop.set()
        if drain is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await drain
