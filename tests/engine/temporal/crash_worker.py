"""A Temporal worker process for the crash test, running the crash runner of
:mod:`tests.engine.crashes` (``block``: blocks mid-run, to be killed; ``deliver``: notifies).

    python -m tests.engine.temporal.crash_worker ADDRESS TASK_QUEUE DATABASE_URL \\
        block|deliver MARKER_FILE [GO_FILE]

It prints ``worker ready`` once polling and ``worker stopped`` at the end; it stops on SIGTERM.
"""

from __future__ import annotations

import asyncio
import signal
import sys
from pathlib import Path

from temporalio.client import Client

from sentinel.clock import SystemClock
from sentinel.engine import Runner
from sentinel.engine.temporal.activities import MonitorActivities
from sentinel.engine.temporal.worker import WorkerOptions, serve_temporal
from sentinel.notify import DeliveryWorker
from sentinel.notify.channels import WebhookChannel
from sentinel.storage import open_database
from tests.engine.crashes import crash_runner, wait_for_go


async def main(address: str, queue: str, url: str, mode: str, marker: Path) -> None:
    clock = SystemClock()
    client = await Client.connect(address)
    db = await open_database(url, migrate=False)
    webhook = WebhookChannel(clock)

    def runner_for(owner: str) -> Runner:
        return crash_runner(db, clock, mode, marker)

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
