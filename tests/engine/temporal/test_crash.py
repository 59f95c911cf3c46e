"""A Temporal worker killed with SIGKILL in the middle of a run: Temporal retries the run
activity on another worker once the heartbeats stop, the abandoned run is closed, the retried
one notifies, and exactly one notification reaches the receiver — none lost, none doubled.
Real worker processes, a real Temporal dev server, PostgreSQL, a receiver on 127.0.0.1."""

from __future__ import annotations

import signal
import time
from pathlib import Path
from typing import Any

import pytest
from temporalio.client import Client

from sentinel.engine.temporal.client import TemporalMonitors
from sentinel.engine.temporal.models import MonitorWorkflowInput, workflow_id
from sentinel.storage import Database, DeliveryStatus
from tests.engine.crashes import create_monitor, on_db, outcomes, wait_until, worker
from tests.notify.receiver import LoopbackReceiver

WORKER = "tests.engine.temporal.crash_worker"


async def create(db: Database, hook: str, address: str, queue: str) -> int:
    """The monitor, its workflow started by the commit (as a front end would)."""
    client = await Client.connect(address)
    # Short heartbeat timeout: the dead worker's run is retried within seconds.
    db.listener = TemporalMonitors(client, queue, MonitorWorkflowInput(0, heartbeat_timeout_s=2))
    return await create_monitor(db, hook)


async def workflow_status(address: str, queue: str, db: Database, monitor_id: int) -> Any:
    async with db.transaction() as tx:
        created_at = (await tx.monitors.get(monitor_id)).created_at
    client = await Client.connect(address)
    handle = client.get_workflow_handle(workflow_id(queue, monitor_id, created_at))
    return await handle.query("status")


@pytest.mark.network
def test_a_worker_killed_mid_run_loses_no_notification_and_doubles_none(
    tmp_path: Path, pg_url: str, temporal_address: str, task_queue: str
) -> None:
    url = pg_url
    marker = tmp_path / "marker.txt"
    marker.touch()
    with LoopbackReceiver() as receiver:
        go = tmp_path / "go"
        first_log, second_log = tmp_path / "first.log", tmp_path / "second.log"
        common = [temporal_address, task_queue, url]
        with (
            worker(WORKER, [*common, "block", str(marker)], first_log) as first,
            worker(WORKER, [*common, "deliver", str(marker), str(go)], second_log) as second,
        ):
            wait_until(lambda: "worker ready" in first_log.read_text(), "worker 1", first_log)
            monitor_id = on_db(
                url, lambda db: create(db, f"{receiver.url}/hook", temporal_address, task_queue)
            )
            wait_until(
                lambda: "block started" in marker.read_text(),
                "the first worker to start the run",
                first_log,
            )
            first.send_signal(signal.SIGKILL)
            first.wait(timeout=10)
            runs, deliveries = on_db(url, outcomes(monitor_id))
            assert runs == [("pending", None, 0)], "killed mid-run: the run is left open"
            assert deliveries == []

            go.touch()
            wait_until(
                lambda: len(receiver.requests) >= 1,
                "the notification of the retried run",
                second_log,
            )
            time.sleep(1.0)  # a doubled run or delivery would show up here
            status = on_db(
                url, lambda db: workflow_status(temporal_address, task_queue, db, monitor_id)
            )
            second.send_signal(signal.SIGTERM)
            assert second.wait(timeout=30) == 0, second_log.read_text()

    assert [r.verdict for r in receiver.requests] == ["processed"]
    started = [line.rsplit(" ", 1)[0] for line in marker.read_text().splitlines()]
    assert started == ["block started", "deliver started"]
    runs, deliveries = on_db(url, outcomes(monitor_id))
    assert runs == [("failed", "abandoned", 0), ("succeeded", None, 1)]
    assert deliveries == [DeliveryStatus.DELIVERED.value]
    assert status == {"runs": 1, "last_status": "succeeded", "deleted": False}
    assert "worker stopped" in second_log.read_text()
