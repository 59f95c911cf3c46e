"""A worker killed with SIGKILL in the middle of a run: the run is retried by the next worker,
not lost and not doubled — exactly one notification reaches the receiver. Real processes, a
real SQLite file, a real webhook receiver on 127.0.0.1; every wait is bounded."""

from __future__ import annotations

import asyncio
import os
import shutil
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

from sentinel.storage import Database, DeliveryStatus, NewMonitor, open_database
from sentinel.storage.settings import sqlite_url
from tests.notify.receiver import LoopbackReceiver

T = TypeVar("T")
ROOT = Path(__file__).resolve().parents[2]
STARTUP_S = 60.0  # importing the stack on a loaded 2-core machine takes a while


@contextmanager
def worker(
    url: str, mode: str, marker: Path, log: Path, go: Path | None = None
) -> Iterator[subprocess.Popen[bytes]]:
    """A crash-test worker process (started by ``go`` if given), killed at the end."""
    args = [url, mode, str(marker), *([str(go)] if go else [])]
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "tests.engine.crash_worker", *args],
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


def wait_until(condition: Callable[[], bool], timeout_s: float, what: str, log: Path) -> None:
    deadline = time.monotonic() + timeout_s
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}; worker log:\n{log.read_text()}")
        time.sleep(0.05)


def read(url: str, work: Callable[[Database], Coroutine[Any, Any, T]]) -> T:
    async def main() -> T:
        db = await open_database(url, migrate=False)
        try:
            return await work(db)
        finally:
            await db.close()

    return asyncio.run(main())


async def create(db: Database, hook: str) -> None:
    async with db.transaction() as tx:
        await tx.monitors.create(
            NewMonitor(
                name="crash",
                original_query="Tell me when it happens",
                action_criteria="it happened",
                channels=[{"kind": "webhook", "url": hook, "timeout_s": 5.0}],
            ),
            now=datetime.now(UTC),
        )


async def snapshot(db: Database) -> tuple[list[tuple[str, str | None, int]], list[str]]:
    async with db.transaction() as tx:
        runs = list(reversed(await tx.runs.for_monitor(1)))
        deliveries = await tx.outbox.find(monitor_id=1)
    return (
        [(r.status.value, r.error_category, r.retry_count) for r in runs],
        [d.status.value for d in deliveries],
    )


@pytest.mark.network
def test_a_run_killed_mid_way_is_retried_once_and_notifies_exactly_once(
    tmp_path: Path, sqlite_template: Path
) -> None:
    path = tmp_path / "sentinel.db"
    shutil.copy(sqlite_template, path)
    url = sqlite_url(path)
    marker = tmp_path / "marker.txt"
    marker.touch()
    with LoopbackReceiver() as receiver:
        read(url, lambda db: create(db, f"{receiver.url}/hook"))

        go = tmp_path / "go"
        first_log, second_log = tmp_path / "first.log", tmp_path / "second.log"
        # The second worker imports while the first runs; its engine starts after the kill.
        with (
            worker(url, "block", marker, first_log) as first,
            worker(url, "deliver", marker, second_log, go) as second,
        ):
            wait_until(
                lambda: "block started" in marker.read_text(),
                STARTUP_S,
                "the first worker to start the run",
                first_log,
            )
            first.send_signal(signal.SIGKILL)
            first.wait(timeout=10)
            runs, deliveries = read(url, snapshot)
            assert runs == [("pending", None, 0)], "killed mid-run: the run is left open"
            assert deliveries == []

            go.touch()
            wait_until(
                lambda: len(receiver.requests) >= 1,
                STARTUP_S,
                "the notification of the retried run",
                second_log,
            )
            time.sleep(0.5)  # a doubled run or delivery would show up here
            second.send_signal(signal.SIGTERM)
            assert second.wait(timeout=30) == 0, second_log.read_text()

    assert [r.verdict for r in receiver.requests] == ["processed"]
    assert marker.read_text().splitlines() == ["block started 1", "deliver started 2"]
    runs, deliveries = read(url, snapshot)
    assert runs == [("failed", "abandoned", 0), ("succeeded", None, 1)]
    assert deliveries == [DeliveryStatus.DELIVERED.value]
    log = second_log.read_text()
    assert "Stopping: finishing runs in progress" in log
    assert "Stopped after 1 run(s); 0 interrupted" in log
