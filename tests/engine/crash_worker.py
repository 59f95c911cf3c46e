"""A worker process for the crash test: the embedded engine with a runner that either blocks
forever mid-run (``block``: to be killed with SIGKILL) or does what a real run does at its end
(``deliver``: queue the notification and finish the run record in one transaction).

    python -m tests.engine.crash_worker DATABASE_URL block|deliver MARKER_FILE [GO_FILE]

Each run appends ``<mode> started <run_id>`` to MARKER_FILE first, so the test can see where
the worker is. With GO_FILE the worker imports everything, then waits for that file to exist
before its engine starts: the test starts the next worker while the first one is still alive
(imports are slow) and lets it begin only after the kill. It stops on SIGTERM/SIGINT through
``sentinel worker``'s signal handling.
"""

from __future__ import annotations

import asyncio
import sys
import time
from datetime import timedelta
from pathlib import Path

from sentinel.cli.worker import serve
from sentinel.clock import SystemClock
from sentinel.engine import Engine, RunnerResult
from sentinel.notify import DeliveryWorker, NotificationPayload, enqueue_notification
from sentinel.notify.channels import WebhookChannel
from sentinel.storage import RunEnding, RunStatus, open_database

LEASE_S = 2.0
POLL_S = 0.2
GO_TIMEOUT_S = 120.0


def wait_for_go(go: Path) -> None:
    """Block until ``go`` exists (bounded)."""
    deadline = time.monotonic() + GO_TIMEOUT_S
    while not go.exists():
        if time.monotonic() > deadline:
            raise SystemExit(f"{go} never appeared")
        time.sleep(0.05)


async def main(url: str, mode: str, marker: Path) -> None:
    clock = SystemClock()
    db = await open_database(url, migrate=False)
    webhook = WebhookChannel(clock)

    async def runner(monitor_id: int, run_id: int) -> RunnerResult:
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

    delivery = DeliveryWorker(db, {"webhook": webhook}, clock, poll_s=POLL_S)
    engine = Engine(db, runner, clock, lease_s=LEASE_S, poll_s=POLL_S, delivery=delivery, grace_s=5)
    try:
        await serve(engine)
    finally:
        await webhook.aclose()
        await db.close()


if __name__ == "__main__":
    if len(sys.argv) > 4:
        wait_for_go(Path(sys.argv[4]))
    asyncio.run(main(sys.argv[1], sys.argv[2], Path(sys.argv[3])))
