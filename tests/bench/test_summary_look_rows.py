"""The README's look rows: what a look costs at every size the real-runner benchmark
measured, from the committed ``engine-real.json``, against issue 33's targets."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sentinel.bench.summary_table import readme_summary


def sized(monitors: int, cpu_ms: float, size: int, per_core: int) -> dict[str, Any]:
    look = {"cpu_ms_per_run": cpu_ms, "bytes_per_run": size}
    return {"monitors": monitors, "look": look, "monitors_per_core_15min_looks": per_core}


def rows(folder: Path) -> list[str]:
    return [line for line in readme_summary(folder).splitlines() if "a look (304)" in line]


def test_the_look_rows_give_the_range_over_the_sizes_and_are_met_only_at_every_size(
    tmp_path: Path,
) -> None:
    results = [
        sized(100_000, 4.92, 251, 182_926),
        sized(1_000, 6.37, 261, 141_287),
        sized(10_000, 5.63, 261, 159_857),
    ]
    (tmp_path / "engine-real.json").write_text(json.dumps({"results": results}))

    where = "a look (304), `bench engine --runner real`, 1,000–100,000 monitors"
    assert rows(tmp_path) == [
        f"| {where} | CPU per look | 4.9–6.4 ms | <= 5 ms | **no** |",
        f"| {where} | database growth per look | 251–261 B | <= 300 B | yes |",
        f"| {where} | monitors looking every 15 min, per core | 141,287–182,926 | >= 100,000 "
        "| yes |",
    ]


def test_no_look_rows_without_a_run_that_measured_looks(tmp_path: Path) -> None:
    assert rows(tmp_path) == []
    (tmp_path / "engine-real.json").write_text(json.dumps({"results": [{"monitors": 1000}]}))
    assert rows(tmp_path) == []
