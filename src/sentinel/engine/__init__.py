"""The embedded engine: a durable scheduler for monitor runs in one asyncio process.

It sleeps until the earliest ``next_run_at`` (or a wake-up), claims due monitors with a lease,
runs at most ``concurrency`` of them at once through an injected runner, retries failures by
error category, reaps the runs of workers that vanished, drains the outbox alongside, and
shuts down gracefully. Its clock is injectable: on a virtual clock months pass in seconds.

Division of labour with the runner (``runner(monitor_id, run_id) -> RunResult``): the engine
creates the run record (``running``) and holds the monitor's lease throughout; the runner does
the work and may finish the run record itself (with its state version and outbox rows, in one
transaction); the engine writes the schedule (``record_run``), finishes a record the runner
left open, schedules retries and moves a monitor to ``failed``. The runner must not call
``record_run`` or release the lease.
"""

from sentinel.engine.engine import Engine, engine_owner
from sentinel.engine.errors import EngineError, MonitorBusy, MonitorNotActive
from sentinel.engine.report import EngineStats, RunReport, TickReport
from sentinel.engine.retry import (
    ABANDONED,
    DEFAULT_BUDGETS,
    INTERNAL,
    INTERRUPTED,
    MODEL,
    NETWORK,
    PROVIDER,
    RATE_LIMIT,
    USER,
    CategoryBudget,
    RunRetryPolicy,
)
from sentinel.engine.runner import Runner, RunnerResult, RunResult

__all__ = [
    "ABANDONED",
    "DEFAULT_BUDGETS",
    "INTERNAL",
    "INTERRUPTED",
    "MODEL",
    "NETWORK",
    "PROVIDER",
    "RATE_LIMIT",
    "USER",
    "CategoryBudget",
    "Engine",
    "EngineError",
    "EngineStats",
    "MonitorBusy",
    "MonitorNotActive",
    "RunReport",
    "RunResult",
    "RunRetryPolicy",
    "Runner",
    "RunnerResult",
    "TickReport",
    "engine_owner",
]
