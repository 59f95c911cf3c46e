"""The embedded engine: a durable scheduler for monitor runs in one asyncio process.

It sleeps until the earliest ``next_run_at`` (or a wake-up), claims due monitors with a lease,
runs at most ``concurrency`` of them at once through an injected runner, retries failures by
error category, reaps the runs of workers that vanished, drains the outbox alongside, and
shuts down gracefully. Its clock is injectable: on a virtual clock months pass in seconds.

Division of labour with the runner (``runner(monitor_id, run_id) -> RunResult``): the engine
creates the run record (``pending``) in the claim's transaction and holds the monitor's lease
throughout, extending it while the runner works. The runner does the work. A full runner such
as ``sentinel.monitor.run.execute_run`` marks the run running, finishes its record and writes
the schedule itself (``record_run`` with the engine's owner, which releases the lease), taking
its retry delays from :class:`RunnerRetries`; the engine then only moves the monitor to
``failed`` after too many permanent failures in a row. A simpler runner may leave either to
the engine: a record left open is finished with the engine's verdict, and a lease still held
after the run means the engine writes the schedule (a retry backoff or the next run).
"""

from typing import TYPE_CHECKING

from sentinel.lazy import lazy_exports

if TYPE_CHECKING:
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
        RunnerRetries,
        RunRetryPolicy,
    )
    from sentinel.engine.runner import Runner, RunnerResult, RunResult
    from sentinel.pacing import CategoryBudget

# Exported lazily (module __getattr__): importing one submodule, e.g. for the CLI's start,
# does not load the whole package.
_EXPORTS: dict[str, str] = {
    "Engine": "sentinel.engine.engine",
    "engine_owner": "sentinel.engine.engine",
    "EngineError": "sentinel.engine.errors",
    "MonitorBusy": "sentinel.engine.errors",
    "MonitorNotActive": "sentinel.engine.errors",
    "EngineStats": "sentinel.engine.report",
    "RunReport": "sentinel.engine.report",
    "TickReport": "sentinel.engine.report",
    "ABANDONED": "sentinel.engine.retry",
    "DEFAULT_BUDGETS": "sentinel.engine.retry",
    "INTERNAL": "sentinel.engine.retry",
    "INTERRUPTED": "sentinel.engine.retry",
    "MODEL": "sentinel.engine.retry",
    "NETWORK": "sentinel.engine.retry",
    "PROVIDER": "sentinel.engine.retry",
    "RATE_LIMIT": "sentinel.engine.retry",
    "USER": "sentinel.engine.retry",
    "RunnerRetries": "sentinel.engine.retry",
    "RunRetryPolicy": "sentinel.engine.retry",
    "Runner": "sentinel.engine.runner",
    "RunnerResult": "sentinel.engine.runner",
    "RunResult": "sentinel.engine.runner",
    "CategoryBudget": "sentinel.pacing",
}


__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)


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
    "RunnerRetries",
    "TickReport",
    "engine_owner",
]
