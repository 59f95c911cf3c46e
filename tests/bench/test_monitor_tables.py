"""The monitoring tables from results documents: averages over seeds, targets on test."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sentinel.bench.monitoring.report import to_json
from sentinel.bench.monitoring.tables import averaged, load_documents, main, readme_tables
from sentinel.errors import InvalidInput
from tests.bench.monitor_scenarios import LAUNCH, QUIET
from tests.bench.test_monitor_report import LAUNCH_TEST, bench, score


def document(seed: int, sentinel_h: float, diff_h: float) -> dict[str, Any]:
    result = bench(
        score(LAUNCH, "sentinel", [1.0], checks=10, calls=1),
        score(LAUNCH_TEST, "sentinel", [sentinel_h], checks=30, calls=2),
        score(QUIET, "sentinel", [], checks=10),
        score(LAUNCH, "diff-fixed-24h", [20.0], checks=40),
        score(LAUNCH_TEST, "diff-fixed-24h", [diff_h], checks=40),
        score(QUIET, "diff-fixed-24h", [], checks=40),
        score(LAUNCH_TEST, "llm-fixed-24h", [diff_h], checks=20, calls=50),
    )
    result.seed = seed
    return to_json(result, scenario_source="here")


def write(tmp_path: Path, *documents: dict[str, Any]) -> list[Path]:
    paths = []
    for doc in documents:
        path = tmp_path / f"seed{doc['seed']}.json"
        path.write_text(json.dumps(doc))
        paths.append(path)
    return paths


def test_figures_are_means_of_the_seeds_per_split() -> None:
    documents = [document(0, 2.0, 10.0), document(1, 4.0, 14.0)]

    test = averaged(documents, "test", "sentinel")
    dev = averaged(documents, "dev", "sentinel")

    assert test["median_delay_s"] == 3.0 * 3600
    assert test["checks"] == 40  # 30 + the quiet world's 10
    assert dev["median_delay_s"] == 3600
    assert averaged(documents, "test", "oracle") == {}


def test_tables_show_both_splits_and_judge_targets_on_test(tmp_path: Path) -> None:
    paths = write(tmp_path, document(1, 4.0, 14.0), document(0, 2.0, 10.0))

    text = readme_tables(load_documents(paths))

    assert "seeds 0, 1" in text
    assert "| dev | sentinel | 100.0% |" in text
    assert "| test | sentinel | 100.0% |" in text
    # searches, full fetches, 304s, model calls, tokens, then the cost per monitor-month.
    row = next(line for line in text.splitlines() if line.startswith("| test | sentinel |"))
    assert "| 0 | 40 | 0 | 2 | 0 | $0.0" in row
    assert "search engine: realistic" in text
    # 3.0 h against 12.0 h on test: 0.25x; checks 40 against 80: 0.50x; calls 2 of 50.
    assert "| median delay | 3.0 h = 0.25× | <= 0.5× diff-fixed-24h | yes |" in text
    assert "| searches + full fetches | 40 = 0.50× | <= 1× diff-fixed-24h | yes |" in text
    assert "| model calls | 2 = 0.04× | <= 0.2× llm-fixed-24h | yes |" in text
    assert "| 0 | test | 100.0% | 2.0 h | 10.0 h |" in text
    assert "| gizmo-launch-2 | once | 1/1 | 2.0 h | 30 |" in text


def test_a_missed_target_says_no(tmp_path: Path) -> None:
    paths = write(tmp_path, document(0, 9.0, 10.0))

    text = readme_tables(load_documents(paths))

    assert "| median delay | 9.0 h = 0.90× | <= 0.5× diff-fixed-24h | **no** |" in text


def test_runs_that_differ_in_more_than_the_seed_are_refused(tmp_path: Path) -> None:
    other = document(1, 2.0, 10.0) | {"error_rate": 0.1}
    perfect = document(1, 2.0, 10.0) | {"search": "perfect"}
    with pytest.raises(InvalidInput, match="search"):
        load_documents(write(tmp_path, document(0, 2.0, 10.0), perfect))
    paths = write(tmp_path, document(0, 2.0, 10.0), other)

    with pytest.raises(InvalidInput, match="error_rate"):
        load_documents(paths)
    with pytest.raises(InvalidInput, match="seed"):
        load_documents([paths[0], paths[0]])


def test_main_prints_the_tables(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    paths = write(tmp_path, document(0, 2.0, 10.0))

    assert main([str(p) for p in paths]) == 0
    assert "| target (test split, mean over seeds) |" in capsys.readouterr().out
