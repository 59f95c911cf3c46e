"""What the two crash tests (the embedded engine's and Temporal's) share: on the test's side,
the worker processes, bounded waits and reads of the database; on the worker's side, the runner
that blocks mid-run or notifies, and the wait for the go file.

Each run of a worker appends ``<mode> started <run_id>`` to the marker file first, so the test
can see where the workers are. A worker given a go file imports (and connects) everything, then
waits for that file before it starts working: the test starts the next worker while the first
is still alive (imports are slow on a loaded machine) and lets it begin only after the kill.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from collections.abc import Callable, Coroutine, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar

import pytest

from sentinel.clock import Clock
from sentinel.engine import Runner, RunnerResult
from sentinel.storage import Database, NewMonitor, RunEnding, RunStatus, open_database
from tests.engine.helpers import queue_notification

T = TypeVar("T")
ROOT = Path(__file__).resolve().parents[2]
STARTUP_S = 60.0  # importing the stack on a loaded 2-core machine takes a while
GO_TIMEOUT_S = 120.0

Runs = list[tuple[str, str | None, int]]


# The test's side.


@contextmanager
def worker(module: str, args: list[str], log: Path) -> Iterator[subprocess.Popen[bytes]]:
    """``python -m module *args`` logging to ``log``, killed at the end if still alive."""
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", module, *args],
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
    """Poll ``condition``; fail with the worker's ``log`` after ``STARTUP_S``."""
    deadline = time.monotonic() + STARTUP_S
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"timed out waiting for {what}; worker log:\n{log.read_text()}")
        time.sleep(0.05)


def on_db(url: str, work: Callable[[Database], Coroutine[Any, Any, T]]) -> T:
    """``work`` on the database at ``url``, from the test's (synchronous) side."""

    async def main() -> T:
        db = await open_database(url, migrate=False)
        try:
            return await work(db)
        finally:
            await db.close()

    return asyncio.run(main())


async def create_monitor(db: Database, hook: str) -> int:
    """The crash test's monitor, notifying the webhook ``hook``; its id."""
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


def outcomes(monitor_id: int) -> Callable[[Database], Coroutine[Any, Any, tuple[Runs, list[str]]]]:
    """A reader of the monitor's runs (status, error category, retries; oldest first) and its
    deliveries' statuses."""

    async def read(db: Database) -> tuple[Runs, list[str]]:
        async with db.transaction() as tx:
            runs = list(reversed(await tx.runs.for_monitor(monitor_id)))
            deliveries = await tx.outbox.find(monitor_id=monitor_id)
        return (
            [(r.status.value, r.error_category, r.retry_count) for r in runs],
            [d.status.value for d in deliveries],
        )

    return read


# The worker's side.


def wait_for_go(go: Path) -> None:
    """Block until ``go`` exists (bounded)."""
    deadline = time.monotonic() + GO_TIMEOUT_S
    while not go.exists():
        if time.monotonic() > deadline:
            raise SystemExit(f"{go} never appeared")
        time.sleep(0.05)


def crash_runner(db: Database, clock: Clock, mode: str, marker: Path) -> Runner:
    """A runner that notes its start in ``marker``, then blocks forever (``block``: to be
    killed with SIGKILL) or does what a real run does at its end (``deliver``: queue the
    notification and finish the run record in one transaction)."""

    async def run(monitor_id: int, run_id: int) -> RunnerResult:
        with marker.open("a") as out:
            out.write(f"{mode} started {run_id}\n")
        if mode == "block":
            await asyncio.Event().wait()  # killed here, mid-run, nothing queued
        now = clock.now()
        async with db.transaction() as tx:
            message = f"It happened (run {run_id})."
            await queue_notification(tx, monitor_id, run_id, message=message, now=now)
            await tx.runs.finish(run_id, RunEnding(RunStatus.SUCCEEDED), finished_at=now)
        return RunnerResult("succeeded", next_run_at=now + timedelta(days=1), notified=True)

    return run
