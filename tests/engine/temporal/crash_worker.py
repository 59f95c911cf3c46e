"""A Temporal worker process for the crash test: its runner either blocks forever mid-run
(``block``: to be killed with SIGKILL) or does what a real run does at its end (``deliver``:
queue the notification and finish the run record in one transaction).

    python -m tests.engine.temporal.crash_worker ADDRESS TASK_QUEUE DATABASE_URL \\
        block|deliver MARKER_FILE [GO_FILE]

Each run appends ``<mode> started <run_id>`` to MARKER_FILE first. With GO_FILE the worker
imports and connects, then waits for that file before it polls (see tests/engine/
crash_worker.py for why). It stops on SIGTERM.
"""

from __future__ import annotations

import asyncio
import signal
import sys
from datetime import timedelta
from pathlib import Path

from temporalio.client import Client

from sentinel.clock import SystemClock
from sentinel.engine import Runner, RunnerResult
from sentinel.engine.temporal.activities import MonitorActivities
from sentinel.engine.temporal.worker import WorkerOptions, serve_temporal
from sentinel.notify import DeliveryWorker, NotificationPayload, enqueue_notification
from sentinel.notify.channels import WebhookChannel
from sentinel.storage import RunEnding, RunStatus, open_database
from tests.engine.crash_worker import wait_for_go


async def main(address: str, queue: str, url: str, mode: str, marker: Path) -> None:
    clock = SystemClock()
    client = await Client.connect(address)
    db = await open_database(url, migrate=False)
    webhook = WebhookChannel(clock)

    def runner_for(owner: str) -> Runner:
        async def run(monitor_id: int, run_id: int) -> RunnerResult:
            with marker.open("a") as out:
                out.write(f"{mode} started {run_id}\n")
            if mode == "block":
                await asyncio.Event().wait()  # killed here, mid-run, nothing queued
            now = clock.now()
            async with db.transaction() as tx:
                monitor = await tx.monitors.get(monitor_id)
                payload = NotificationPayload(
                    monitor_id=monitor_id,
                    monitor_name=monitor.name,
                    run_id=run_id,
                    title="It happened",
                    message=f"It happened (run {run_id}).",
                    created_at=now,
                )
                await enqueue_notification(tx, payload, monitor.channels, now=now)
                await tx.runs.finish(run_id, RunEnding(RunStatus.SUCCEEDED), finished_at=now)
            return RunnerResult("succeeded", next_run_at=now + timedelta(days=1), notified=True)

        return run

    delivery = DeliveryWorker(db, {"webhook": webhook}, clock, poll_s=0.2)
    activities = MonitorActivities(db, clock, runner_for, delivery=delivery, lease_s=60)
    options = WorkerOptions(queue, concurrency=2, grace_s=5, ensure_existing=False)
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    try:
        await serve_temporal(
            client, activities, options, stop, on_ready=lambda _: print("worker ready", flush=True)
        )
    finally:
        await webhook.aclose()
        await db.close()
    print("worker stopped", flush=True)


if __name__ == "__main__":
    if len(sys.argv) > 6:
        wait_for_go(Path(sys.argv[6]))
    asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], Path(sys.argv[5])))
