"""A worker process for the crash test: the embedded engine with the crash runner of
:mod:`tests.engine.crashes` (``block``: blocks mid-run, to be killed; ``deliver``: notifies).

    python -m tests.engine.crash_worker DATABASE_URL block|deliver MARKER_FILE [GO_FILE]

It stops on SIGTERM/SIGINT through ``sentinel worker``'s signal handling.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from sentinel.cli.worker import serve
from sentinel.clock import SystemClock
from sentinel.engine import Engine
from sentinel.notify import DeliveryWorker
from sentinel.notify.channels import WebhookChannel
from sentinel.storage import open_database
from tests.engine.crashes import crash_runner, wait_for_go

LEASE_S = 2.0
POLL_S = 0.2


async def main(url: str, mode: str, marker: Path) -> None:
    clock = SystemClock()
    db = await open_database(url, migrate=False)
    webhook = WebhookChannel(clock)
    runner = crash_runner(db, clock, mode, marker)
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
