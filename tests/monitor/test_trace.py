"""The run's activity trace: timed steps, the sensor's agent records, the run's clock."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from sentinel.agents import TraceRecord
from sentinel.monitor.sensing.sources import PageRecord
from sentinel.monitor.trace import RunTrace
from sentinel.monitor.workspace import Workspace

NOW = datetime(2025, 9, 10, 12, tzinfo=UTC)
URL = "http://www.apple.example/newsroom"


def workspace() -> Workspace:
    page = PageRecord(url=URL, final_url=URL, title="Newsroom", text="x", fingerprint="fp")
    return Workspace(
        mission="m",
        query="q",
        now=NOW,
        run_count=0,
        previous_state=None,
        previous=None,
        cited=(),
        max_fetches=3,
        num_results=8,
        pages={URL: page},
    )


def record(**fields: object) -> TraceRecord:
    base: dict[str, object] = {
        "agent": "sensor",
        "activation": 1,
        "step": 2,
        "started_at": datetime.now(UTC),
        "duration_s": 0.01,
    }
    return TraceRecord.model_validate(base | fields)


def test_a_timed_step_records_its_duration_and_summary_at_the_runs_clock() -> None:
    trace = RunTrace(lambda: NOW)

    with trace.timed("persist") as note:
        note.summary = "saved state version 2"
        note.detail["version"] = 2

    (entry,) = trace.to_json()
    assert entry["step"] == "persist"
    assert entry["summary"] == "saved state version 2"
    assert entry["version"] == 2
    assert entry["at"] == NOW.isoformat()
    assert entry["duration_s"] >= 0


def test_a_step_that_raises_is_recorded_with_its_error() -> None:
    trace = RunTrace(lambda: NOW)

    with pytest.raises(RuntimeError), trace.timed("govern"):
        raise RuntimeError("model down")

    assert trace.to_json()[0]["error"] == "RuntimeError: model down"


def test_sensor_records_keep_the_agent_fields_and_say_what_happened() -> None:
    trace = RunTrace(lambda: NOW)

    trace.add_sensor(
        [
            record(action="fetch", payload={"url": URL}, result="committed #4"),
            record(action="notify", error="action 'notify' is forbidden", refused=True),
        ],
        workspace(),
    )

    fetched, refused = trace.to_json()
    assert (fetched["step"], fetched["agent_step"]) == ("fetch", 2)
    assert fetched["summary"] == f"read {URL}: Newsroom"
    assert refused["refused"] is True
    assert refused["summary"].startswith("refused 'notify'")
