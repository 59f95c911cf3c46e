"""``sentinel worker``: the embedded engine with the configured models, search and channels.

It runs due monitors (at most ``--concurrency`` at a time) and delivers their notifications,
sleeping until the next monitor is due; ``--once`` runs what is due now and exits. SIGINT or
SIGTERM stops claiming and lets runs in progress finish within the grace period (cancelled
runs are retried by the next worker); a second signal cancels them at once.

``--lease`` (``SENTINEL_LEASE_SECONDS``, 120 s) is how long this worker's claim on a monitor
lasts without a heartbeat: if the worker is killed, its monitors run elsewhere after that.
``--delivery-lease`` (``SENTINEL_DELIVERY_LEASE_SECONDS``, 90 s) is the same for a batch of
notifications being sent.

``--engine temporal`` (or ``SENTINEL_ENGINE=temporal``) runs a Temporal worker instead: each
monitor is a durable workflow on the cluster at ``SENTINEL_TEMPORAL_ADDRESS`` (see
``sentinel.engine.temporal``), running the same monitor pipeline.
"""

from __future__ import annotations

import asyncio
import signal

import typer

from sentinel.cli import common
from sentinel.cli.common import database, run, stdout, worker_engine
from sentinel.engine import Engine, TickReport
from sentinel.engine.engine import DEFAULT_GRACE_S, DEFAULT_POLL_S
from sentinel.engine.temporal.settings import check_engine, engine_settings
from sentinel.errors import ConfigError


def worker(
    concurrency: int = typer.Option(2, min=1, max=64, help="Runs in progress at most."),
    once: bool = typer.Option(False, "--once", help="Run what is due now, then exit."),
    poll: float = typer.Option(
        DEFAULT_POLL_S, min=0.1, help="Seconds between checks for work added elsewhere."
    ),
    grace: float = typer.Option(
        DEFAULT_GRACE_S, min=0, help="Seconds a shutdown waits for runs in progress."
    ),
    lease: float | None = typer.Option(
        None,
        "--lease",
        min=1,
        help="Seconds a claim on a monitor lasts without a heartbeat (a killed worker's "
        "monitors wait this long); default: SENTINEL_LEASE_SECONDS (120).",
    ),
    delivery_lease: float | None = typer.Option(
        None,
        "--delivery-lease",
        min=1,
        help="The same for a batch of notifications being sent; default: "
        "SENTINEL_DELIVERY_LEASE_SECONDS (90).",
    ),
    engine_name: str | None = typer.Option(
        None,
        "--engine",
        help="embedded (one process, the default) or temporal; default: SENTINEL_ENGINE.",
    ),
) -> None:
    """Run monitors as they fall due and deliver their notifications."""
    with common.reported_errors():
        settings = engine_settings()
        chosen = check_engine(engine_name) if engine_name else settings.engine
    lease_s = lease if lease is not None else settings.lease_seconds
    delivery_lease_s = (
        delivery_lease if delivery_lease is not None else settings.delivery_lease_seconds
    )
    if chosen == "temporal":
        if once:
            raise common.fail(ConfigError("--once is for the embedded engine only"))
        from sentinel.cli.temporal_worker import temporal_worker

        run(lambda: temporal_worker(concurrency=concurrency, grace_s=grace))
        return

    async def main() -> TickReport | None:
        clock = common.cli_clock()
        async with (
            database() as db,
            worker_engine(
                db,
                clock,
                concurrency=concurrency,
                poll_s=poll,
                grace_s=grace,
                lease_s=lease_s,
                delivery_lease_s=delivery_lease_s,
            ) as engine,
        ):
            if once:
                return await engine.tick()
            await serve(engine)
            return None

    report = run(main)
    if report is not None:
        summary = ", ".join(f"{n} {status}" for status, n in sorted(report.by_status().items()))
        delivered = report.deliveries.delivered if report.deliveries else 0
        stdout.print(
            f"Ran {len(report.runs)} monitor(s){': ' + summary if summary else ''}; "
            f"reaped {len(report.reaped)}; delivered {delivered} notification(s)."
        )


async def background_pruning(engine: Engine, stop: asyncio.Event) -> None:
    """Apply the retention settings while the engine runs (``sentinel.storage.retention``)."""
    from sentinel.storage.retention import prune_forever

    await prune_forever(engine.db, engine.clock, stop)


async def serve(engine: Engine) -> None:
    """Run the engine until SIGINT/SIGTERM (a second signal cuts the grace period short)."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()

    def on_signal() -> None:
        if stop.is_set():
            engine.abort()
            return
        stdout.print("Stopping: finishing runs in progress (signal again to cancel them).")
        stop.set()

    handled = (signal.SIGINT, signal.SIGTERM)
    for signum in handled:
        loop.add_signal_handler(signum, on_signal)
    stdout.print(
        f"Worker {engine.owner} running (concurrency {engine.concurrency}); Ctrl-C to stop."
    )
    pruning = asyncio.create_task(background_pruning(engine, stop), name="sentinel-retention")
    try:
        await engine.run_forever(stop)
    finally:
        stop.set()
        await asyncio.gather(pruning, return_exceptions=True)
        for signum in handled:
            loop.remove_signal_handler(signum)
    stdout.print(
        f"Stopped after {engine.stats.finished} run(s); "
        f"{engine.stats.interrupted} interrupted and left due for the next worker."
    )
