"""What the engine did, for callers, tests and the CLI: one report per run, one per tick."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from sentinel.notify import DrainReport
from sentinel.storage import RunStatus


@dataclass(frozen=True, slots=True)
class RunReport:
    """One run as the engine recorded it.

    ``status`` is the run's final status (``retrying`` when the engine scheduled a retry);
    ``next_run_at`` is what the engine scheduled, None when the schedule was not the engine's
    to write (the monitor was paused, completed or deleted meanwhile, or lost its lease).
    ``monitor_failed`` says this run moved the monitor to ``failed``.
    """

    monitor_id: int
    run_id: int
    retry_count: int
    status: RunStatus
    error_category: str | None = None
    error: str | None = None
    next_run_at: datetime | None = None
    notified: bool = False
    monitor_failed: bool = False


@dataclass(slots=True)
class TickReport:
    """What ``Engine.tick`` or ``Engine.run_until`` did: runs in finishing order, the monitors
    whose expired leases were reaped, and the outbox drain (when a delivery worker is set)."""

    runs: list[RunReport] = field(default_factory=list)
    reaped: list[int] = field(default_factory=list)
    deliveries: DrainReport | None = None

    def by_status(self) -> dict[str, int]:
        """How many runs ended in each status."""
        counts: dict[str, int] = {}
        for run in self.runs:
            counts[run.status.value] = counts.get(run.status.value, 0) + 1
        return counts


@dataclass(slots=True)
class EngineStats:
    """Counters that show what the engine's loop is doing (a busy loop shows up in ``wakeups``).

    ``wakeups`` counts the times the loop woke from sleep; ``claim_rounds`` the claim
    transactions; ``max_in_flight`` the most runs that were in progress at once.
    """

    wakeups: int = 0
    claim_rounds: int = 0
    started: int = 0
    finished: int = 0
    reaped: int = 0
    interrupted: int = 0
    max_in_flight: int = 0
