"""``sentinel bench engine`` at tiny sizes: every size measured, the JSON carries the metadata,
the per-run counts and the cost ratio, and ``watch list`` is timed in a child process."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sentinel.bench.engine import cost_ratio
from sentinel.bench.engine_scale import ScaleResult
from sentinel.cli.main import app


def test_each_size_is_measured_and_written_with_its_metadata(tmp_path: Path) -> None:
    out = tmp_path / "engine.json"
    args = ["--monitors", "5,40", "--runs", "4", "--lag-runs", "3", "--lag-rate", "20"]
    result = CliRunner().invoke(
        app,
        ["bench", "engine", *args, "--concurrency", "2", "--json", str(out)],
        env={"COLUMNS": "200"},
    )
    assert result.exit_code == 0, result.output
    document = json.loads(out.read_text())
    assert document["benchmark"] == "engine"
    assert document["machine"]["cpus"] >= 1
    assert len(document["machine"]["load_average_at_start"]) == 3
    rows = document["results"]
    assert [(r["monitors"], r["runs"], r["lag_runs"]) for r in rows] == [(5, 4, 3), (40, 4, 3)]
    for row in rows:
        assert row["cpu_ms_per_run"] > 0
        assert 2 <= row["statements_per_run"] <= 12
        assert 0 < row["transactions_per_run"] <= 3
        assert row["lag_p99_ms"] >= row["lag_p50_ms"] >= 0
        assert row["list_s"] > 0
        assert row["list_peak_rss_mb"] > 0
    assert document["cpu_per_run_largest_vs_smallest"] == pytest.approx(
        rows[1]["cpu_ms_per_run"] / rows[0]["cpu_ms_per_run"], abs=0.01
    )
    assert "CPU per run at 40 monitors vs 5" in result.output


def test_the_ratio_compares_the_largest_size_with_the_smallest() -> None:
    def at(monitors: int, cpu: float) -> ScaleResult:
        return ScaleResult(
            monitors, 0, 1, 1, 1, cpu, 1000 / cpu, 5, 1, 0, 0, 0, None, None, None, 2
        )

    assert cost_ratio([at(100, 4.0), at(10, 2.0)]) == 2.0
    assert cost_ratio([at(10, 2.0)]) is None


def test_an_unknown_engine_is_refused() -> None:
    result = CliRunner().invoke(app, ["bench", "engine", "--engine", "celery"])
    assert result.exit_code == 2
    assert "embedded, temporal or both" in result.output
