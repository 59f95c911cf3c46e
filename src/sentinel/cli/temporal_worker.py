"""``sentinel worker --engine temporal``: a Temporal worker running the configured pipeline.

Each monitor is a workflow on the cluster at ``SENTINEL_TEMPORAL_ADDRESS`` (namespace
``SENTINEL_TEMPORAL_NAMESPACE``, task queue ``SENTINEL_TEMPORAL_TASK_QUEUE``); the worker
runs their activities with the same models, search, fetcher and channels as the embedded
engine, and gives every stored monitor its workflow when it starts. SIGINT/SIGTERM stops it:
runs in progress get the grace period, then are retried by another worker.
"""

from __future__ import annotations

import asyncio
import signal
from dataclasses import replace

from sentinel.cli import common
from sentinel.cli.common import monitor_runner, stdout
from sentinel.engine import Runner, RunRetryPolicy
from sentinel.errors import ConfigError


async def temporal_worker(*, concurrency: int, grace_s: float) -> None:
    """Serve monitor workflows until SIGINT/SIGTERM."""
    try:
        from sentinel.engine.temporal.activities import MonitorActivities
        from sentinel.engine.temporal.client import connect
        from sentinel.engine.temporal.settings import engine_settings
        from sentinel.engine.temporal.worker import WorkerOptions, serve_temporal
    except ImportError as error:
        raise ConfigError(
            f"the Temporal engine needs the 'temporal' extra (pip install 'sentinel[temporal]'): "
            f"{error}"
        ) from None
    from sentinel.notify import DeliveryWorker, default_channels

    settings = engine_settings()
    clock = common.cli_clock()
    policy = RunRetryPolicy()
    client = await connect(settings)
    # The worker's own database carries no lifecycle listener: the changes its runs make
    # (a monitor completed, failed) happen inside the workflows already.
    async with common.database(listen=False) as db:
        # Through cli.common: the tests put a simulated world's services in its place.
        services = common.build_run_services(db, clock, "temporal", policy)
        channels = default_channels(clock)

        def runner_for(owner: str) -> Runner:
            return monitor_runner(replace(services, lease_owner=owner))

        delivery = DeliveryWorker(db, channels, clock)
        activities = MonitorActivities(db, clock, runner_for, delivery=delivery, policy=policy)
        options = WorkerOptions(settings.temporal_task_queue, concurrency, grace_s)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, stop.set)

        def ready(ensured: int) -> None:
            stdout.print(
                f"Temporal worker on {settings.temporal_address} "
                f"(namespace {settings.temporal_namespace}, task queue "
                f"{settings.temporal_task_queue}, concurrency {concurrency}); "
                f"{ensured} monitor workflow(s) ensured; Ctrl-C to stop."
            )

        try:
            await serve_temporal(client, activities, options, stop, on_ready=ready)
        finally:
            for resource in (*channels.values(), services.search):
                closer = getattr(resource, "aclose", None)
                if closer is not None:
                    await closer()
            await services.fetcher.aclose()
    stdout.print("Temporal worker stopped.")
