"""A Temporal worker killed with SIGKILL in the middle of a run: Temporal retries the run
activity on another worker once the heartbeats stop, the abandoned run is closed, the retried
one notifies, and exactly one notification reaches the receiver — none lost, none doubled.
Real worker processes, a real Temporal dev server, PostgreSQL, a receiver on 127.0.0.1."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Coroutine, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

import pytest
from temporalio.client import Client

from sentinel.engine.temporal.client import TemporalMonitors
from sentinel.engine.temporal.models import MonitorWorkflowInput, workflow_id
from sentinel.storage import Database, DeliveryStatus, NewMonitor, open_database
from tests.notify.receiver import LoopbackReceiver

T = TypeVar("T")
ROOT = Path(__file__).resolve().parents[3]
STARTUP_S = 60.0  # importing the stack on a loaded 2-core machine takes a while


@contextmanager
def worker(args: list[str], log: Path) -> Iterator[subprocess.Popen[bytes]]:
    """A crash-test worker process, killed at the end."""
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "tests.engine.temporal.crash_worker", *args],
            cwd=ROOT,
            stdout=out,
            stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        try:
            yield process
        finally:
            if process.poll() is None:
                process.kill()
            process.wait(timeout=10)


def wait_until(condition: Callable[[], bool], what: str, log: Path) -> None:
    deadline = time.monotonic() + STARTUP_S
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}; worker log:\n{log.read_text()}")
        time.sleep(0.05)


def on_db(url: str, work: Callable[[Database], Coroutine[Any, Any, T]]) -> T:
    async def main() -> T:
        db = await open_database(url, migrate=False)
        try:
            return await work(db)
        finally:
            await db.close()

    return asyncio.run(main())


async def create(db: Database, hook: str, address: str, queue: str) -> int:
    """The monitor, its workflow started by the commit (as a front end would)."""
    client = await Client.connect(address)
    # Short heartbeat timeout: the dead worker's run is retried within seconds.
    db.listener = TemporalMonitors(client, queue, MonitorWorkflowInput(0, heartbeat_timeout_s=2))
    async with db.transaction() as tx:
        monitor = await tx.monitors.create(
            NewMonitor(
                name="crash",
                original_query="Tell me when it happens",
                action_criteria="it happened",
                channels=[{"kind": "webhook", "url": hook, "timeout_s": 5.0}],
            ),
            now=datetime.now(UTC),
        )
    return monitor.id


def snapshot(monitor_id: int) -> Callable[[Database], Coroutine[Any, Any, Any]]:
    async def read(db: Database) -> tuple[list[tuple[str, str | None, int]], list[str]]:
        async with db.transaction() as tx:
            runs = list(reversed(await tx.runs.for_monitor(monitor_id)))
            deliveries = await tx.outbox.find(monitor_id=monitor_id)
        return (
            [(r.status.value, r.error_category, r.retry_count) for r in runs],
            [d.status.value for d in deliveries],
        )

    return read


async def workflow_status(address: str, queue: str, monitor_id: int) -> Any:
    client = await Client.connect(address)
    return await client.get_workflow_handle(workflow_id(queue, monitor_id)).query("status")


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
            worker([*common, "block", str(marker)], first_log) as first,
            worker([*common, "deliver", str(marker), str(go)], second_log) as second,
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
            runs, deliveries = on_db(url, snapshot(monitor_id))
            assert runs == [("pending", None, 0)], "killed mid-run: the run is left open"
            assert deliveries == []

            go.touch()
            wait_until(
                lambda: len(receiver.requests) >= 1,
                "the notification of the retried run",
                second_log,
            )
            time.sleep(1.0)  # a doubled run or delivery would show up here
            status = asyncio.run(workflow_status(temporal_address, task_queue, monitor_id))
            second.send_signal(signal.SIGTERM)
            assert second.wait(timeout=30) == 0, second_log.read_text()

    assert [r.verdict for r in receiver.requests] == ["processed"]
    started = [line.rsplit(" ", 1)[0] for line in marker.read_text().splitlines()]
    assert started == ["block started", "deliver started"]
    runs, deliveries = on_db(url, snapshot(monitor_id))
    assert runs == [("failed", "abandoned", 0), ("succeeded", None, 1)]
    assert deliveries == [DeliveryStatus.DELIVERED.value]
    assert status == {"runs": 1, "last_status": "succeeded", "deleted": False}
    assert "worker stopped" in second_log.read_text()
