"""The chat-turn benchmark on tiny sizes: every row measured, the CLI writes its JSON."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from typer.testing import CliRunner

from sentinel.bench.assistant_turn import command, run_turn_benchmark


async def test_the_turn_benchmark_measures_every_row_on_tiny_sizes() -> None:
    result = await run_turn_benchmark(turns=3, repeats=2, remote_ms=50)
    assert [row.name for row in result.scripted] == [
        "turn, plan DONE",
        "turn, 3 read actions in parallel",
    ]
    assert all(row.runs == 3 and 0 < row.p50_ms <= row.p95_ms for row in result.scripted)
    assert result.embedded == []
    assert [p.plan for p in result.plans] == [
        "3 database reads (SQLite)",
        "3 RESEARCH, 50 ms remote each",
    ]
    remote = result.plans[1]
    # Three 50 ms waits one after another take at least 150 ms; side by side, far less.
    assert remote.sequential_ms >= 150
    assert remote.speedup > 1


def test_the_cli_prints_the_tables_and_writes_json_with_metadata(tmp_path: Path) -> None:
    app = typer.Typer()
    app.command()(command)
    output = tmp_path / "turn.json"
    result = CliRunner().invoke(
        app,
        [
            "--turns",
            "2",
            "--repeats",
            "1",
            "--model",
            "none",
            "--remote-ms",
            "10",
            "--json",
            str(output),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "Turn latency, scripted model" in result.output
    document = json.loads(output.read_text())
    assert document["benchmark"] == "assistant-turn"
    assert {"at", "commit", "machine", "scripted", "embedded", "plans"} <= set(document)
    assert document["plans"][1]["speedup"] > 0
