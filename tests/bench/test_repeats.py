"""The repeated benchmark's summary: per-run figures, mean and spread."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sentinel.bench.repeats import run_figures, summarize, write_document


def document(false_alerts: int, detected: int, checks: int) -> dict[str, Any]:
    totals = {
        "false_alerts": false_alerts,
        "noise_only_false_alerts": 0,
        "detected": detected,
        "events": 2,
        "recall": detected / 2,
        "median_delay_s": None if not detected else 3600.0,
        "checks": checks,
        "model_calls": 4,
    }
    scenarios = [{"id": f"s{i}", "policy": "sentinel"} for i in range(5)]
    return {"policies": {"sentinel": totals}, "scenarios": scenarios}


def test_false_alerts_are_counted_per_ten_scenarios() -> None:
    assert run_figures(document(2, 1, 10), "sentinel")["false_alerts_per_10_scenarios"] == 4.0


def test_the_summary_gives_each_run_and_the_mean_and_spread() -> None:
    summary = summarize([document(0, 0, 10), document(2, 1, 20), document(1, 2, 30)])

    alerts = summary["sentinel"]["false_alerts_per_10_scenarios"]
    assert alerts["runs"] == [0.0, 4.0, 2.0]
    assert alerts["mean"] == pytest.approx(2.0)
    assert (alerts["min"], alerts["max"]) == (0.0, 4.0)
    assert alerts["stdev"] == pytest.approx((8 / 3) ** 0.5)
    delay = summary["sentinel"]["median_delay_s"]
    assert delay["runs"] == [None, 3600.0, 3600.0]
    assert delay["mean"] == 3600.0


def test_the_document_is_written_whole(tmp_path: Path) -> None:
    path = tmp_path / "out" / "repeats.json"
    write_document(path, [document(1, 1, 10)])

    written = json.loads(path.read_text())
    assert written["summary"]["sentinel"]["false_alerts"]["mean"] == 1.0
    assert len(written["runs"]) == 1
    assert not list(path.parent.glob("*.tmp"))
