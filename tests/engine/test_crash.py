"""A worker killed with SIGKILL in the middle of a run: the run is retried by the next worker,
not lost and not doubled — exactly one notification reaches the receiver. Real processes, a
real SQLite file, a real webhook receiver on 127.0.0.1; every wait is bounded."""

from __future__ import annotations

import shutil
import signal
import time
from pathlib import Path

import pytest

from sentinel.storage import DeliveryStatus
from sentinel.storage.settings import sqlite_url
from tests.engine.crashes import create_monitor, on_db, outcomes, wait_until, worker
from tests.notify.receiver import LoopbackReceiver

WORKER = "tests.engine.crash_worker"


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
        monitor_id = on_db(url, lambda db: create_monitor(db, f"{receiver.url}/hook"))

        go = tmp_path / "go"
        first_log, second_log = tmp_path / "first.log", tmp_path / "second.log"
        # The second worker imports while the first runs; its engine starts after the kill.
        with (
            worker(WORKER, [url, "block", str(marker)], first_log) as first,
            worker(WORKER, [url, "deliver", str(marker), str(go)], second_log) as second,
        ):
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
            time.sleep(0.5)  # a doubled run or delivery would show up here
            second.send_signal(signal.SIGTERM)
            assert second.wait(timeout=30) == 0, second_log.read_text()

    assert [r.verdict for r in receiver.requests] == ["processed"]
    assert marker.read_text().splitlines() == ["block started 1", "deliver started 2"]
    runs, deliveries = on_db(url, outcomes(monitor_id))
    assert runs == [("failed", "abandoned", 0), ("succeeded", None, 1)]
    assert deliveries == [DeliveryStatus.DELIVERED.value]
    log = second_log.read_text()
    assert "Stopping: finishing runs in progress" in log
    assert "Stopped after 1 run(s); 0 interrupted" in log
