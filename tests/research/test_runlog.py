"""The run log: events in order, written as JSON lines as they happen."""

from __future__ import annotations

import json
from pathlib import Path

from sentinel.research import RunLog


def test_events_are_written_and_flushed_as_they_come(tmp_path: Path) -> None:
    path = tmp_path / "trace.jsonl"
    seen: list[str] = []

    with RunLog(path, on_event=lambda e: seen.append(e["event"])) as log:
        log.record("search", "searcher", query="repair vote")
        first = json.loads(path.read_text())  # readable before the log closes
        log.record("model", "planner", input=[{"role": "user", "content": "Q"}], output="{}")

    assert first["query"] == "repair vote"
    assert [json.loads(line)["event"] for line in path.read_text().splitlines()] == [
        "search",
        "model",
    ]
    assert seen == ["search", "model"]
    assert [e["node"] for e in log.of("model")] == ["planner"]
    assert log.of("search", "planner") == []
