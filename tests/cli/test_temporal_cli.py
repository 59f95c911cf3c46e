"""The CLI under ``SENTINEL_ENGINE=temporal``: ``watch add`` starts the monitor's workflow,
``pause``, ``resume`` and ``run`` signal it, ``delete`` tells it to end — read back from the
workflow's history on a real Temporal dev server. And the errors a user can meet."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import threading
import time
import uuid
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from temporalio.api.enums.v1 import EventType
from temporalio.client import Client

from sentinel.engine.temporal.models import workflow_id
from sentinel.sim import Scenario
from tests.cli.test_watch_cli import add, home, invoke, sqlite_template
from tests.cli.test_worker_cli import add_for, launch
from tests.engine.temporal.conftest import temporal_address
from tests.notify.receiver import LoopbackReceiver

__all__ = ["home", "launch", "sqlite_template", "temporal_address"]


@pytest.fixture
def temporal_env(home: Path, temporal_address: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """SENTINEL_ENGINE=temporal on the session's dev server, with a task queue of its own."""
    queue = f"sentinel-cli-{uuid.uuid4().hex[:8]}"
    monkeypatch.setenv("SENTINEL_ENGINE", "temporal")
    monkeypatch.setenv("SENTINEL_TEMPORAL_ADDRESS", temporal_address)
    monkeypatch.setenv("SENTINEL_TEMPORAL_TASK_QUEUE", queue)
    return queue


async def signals_of(address: str, queue: str, monitor: dict[str, Any]) -> list[str]:
    client = await Client.connect(address)
    created_at = datetime.fromisoformat(monitor["created_at"])
    handle = client.get_workflow_handle(workflow_id(queue, monitor["id"], created_at))
    return [
        event.workflow_execution_signaled_event_attributes.signal_name
        async for event in handle.fetch_history_events()
        if event.event_type == EventType.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED
    ]


@pytest.mark.network
def test_watch_commands_start_and_signal_the_monitors_workflow(
    temporal_env: str, temporal_address: str
) -> None:
    monitor = add("Tell me when it happens", "--name", "wf")
    assert asyncio.run(signals_of(temporal_address, temporal_env, monitor)) == []
    for command in ("pause", "resume", "run", "delete"):
        result = invoke("watch", command, str(monitor["id"]), *(["--yes"] * (command == "delete")))
        assert result.exit_code == 0, result.output
    signals = asyncio.run(signals_of(temporal_address, temporal_env, monitor))
    assert signals == ["pause", "resume", "run_now", "delete"]


@pytest.mark.network
def test_sentinel_worker_engine_temporal_runs_the_pipeline_and_stops_on_sigterm(
    temporal_env: str, launch: Scenario
) -> None:
    with LoopbackReceiver() as receiver:
        add_for(launch, f"{receiver.url}/hook")  # its workflow is started by the add

        finished = threading.Event()

        def stop_after_the_notification() -> None:
            deadline = time.monotonic() + 60
            while not receiver.requests and time.monotonic() < deadline:
                time.sleep(0.1)
            time.sleep(0.5)  # a second delivery would show up here
            if not finished.is_set():  # a worker that already exited has no handler left
                os.kill(os.getpid(), signal.SIGTERM)

        stopper = threading.Thread(target=stop_after_the_notification)
        stopper.start()
        try:
            result = invoke("worker", "--engine", "temporal", "--concurrency", "1")
        finally:
            finished.set()
            stopper.join()
    assert result.exit_code == 0, result.output
    assert f"task queue {temporal_env}, concurrency 1); 1 monitor workflow(s) ensured" in (
        " ".join(result.stdout.split())
    )
    assert "Temporal worker stopped." in result.stdout
    assert [r.verdict for r in receiver.requests] == ["processed"]
    [monitor] = json.loads(invoke("watch", "list", "--json").stdout)
    assert (monitor["state"], monitor["run_count"]) == ("completed", 1), "notify once: done"


def test_an_unknown_engine_is_refused_with_the_known_ones(home: Path) -> None:
    result = invoke("worker", "--engine", "kafka")
    assert result.exit_code == 2
    assert "engine 'kafka' is not one of embedded, temporal" in result.output


@pytest.mark.network
def test_an_unreachable_cluster_is_reported_after_the_change_is_saved(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SENTINEL_ENGINE", "temporal")
    monkeypatch.setenv("SENTINEL_TEMPORAL_ADDRESS", "127.0.0.1:9")  # discard: nothing listens
    result = invoke("watch", "add", "Tell me when it happens", "--name", "offline")
    assert result.exit_code == 1
    assert "the change was saved" in result.output
    listed = invoke("watch", "list")
    assert "offline" in listed.output
