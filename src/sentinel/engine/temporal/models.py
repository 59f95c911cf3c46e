"""What the monitor workflow and its activities pass each other (plain, serializable data).

Times travel as ISO 8601 strings: the workflow turns them back into datetimes itself, so the
payloads stay plain JSON whatever the data converter.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime


def workflow_id(task_queue: str, monitor_id: int, created_at: datetime) -> str:
    """The workflow id of a monitor: one workflow per monitor, found by its id and creation
    time. The task queue names the deployment, so two Sentinels (say, staging and
    production) can share a namespace without their monitor 1 being one workflow; the
    creation time (to the microsecond) keeps a monitor from ever meeting the workflow of
    another that had its id — in a database made anew, or restored from a backup."""
    stamp = created_at.astimezone(UTC).strftime("%Y%m%dT%H%M%S%fZ")
    return f"{task_queue}/monitor-{monitor_id}-{stamp}"


def lease_owner(monitor_id: int) -> str:
    """The lease owner a monitor's workflow runs it under.

    The same for every attempt of every run of that monitor, so an activity retried after its
    worker died takes over the lease its first attempt left behind instead of waiting it out.
    """
    return f"temporal:monitor-{monitor_id}"


@dataclass(frozen=True)
class MonitorWorkflowInput:
    """How a monitor's workflow starts (and restarts after continue-as-new).

    ``max_iterations`` bounds the loop passes of one workflow run; then it continues as new
    with an empty history. ``heartbeat_timeout_s``: a run whose worker stops heartbeating for
    this long is retried on another worker.
    """

    monitor_id: int
    max_iterations: int = 200
    heartbeat_timeout_s: float = 10.0


@dataclass(frozen=True)
class RunSummary:
    """What the run activity did and found.

    ``ran`` False: the monitor was not due (or not active, or gone) and nothing ran; else the
    run's id and status, and whether it queued notifications. Then the monitor's schedule as
    stored after the run: ``exists`` (False once deleted), ``state``, and ``due_in_s``, how
    many seconds from now (the worker's clock) the next run is due — the workflow sleeps that
    long, so a skew between clocks (or a simulated clock) never makes it spin.
    """

    ran: bool
    run_id: int | None = None
    status: str | None = None
    notified: bool = False
    exists: bool = True
    state: str | None = None
    due_in_s: float | None = None
