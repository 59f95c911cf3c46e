"""``sentinel bench monitor`` end to end on a tiny scenario set written outside the library."""

from __future__ import annotations

import asyncio
import json
import pickle
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from sentinel.bench.monitor import command
from sentinel.bench.monitoring import BenchContext, PolicyRunError, make_policy
from sentinel.bench.monitoring.runner import load_scenarios, score_in_process
from sentinel.bench.monitoring.sensors import SensorSetup
from sentinel.llm import forbid_real_models
from tests.bench.monitor_scenarios import write_library

app = typer.Typer()
app.command()(command)

POLICY_KEYS = {
    "recall": float,
    "precision": float,
    "false_alerts": int,
    "checks": int,
    "model_calls": int,
    "tokens": int,
}
SCENARIO_KEYS = {
    "id": str,
    "policy": str,
    "events": int,
    "detected": int,
    "false_alerts": int,
    "delays_s": list,
    "checks": int,
    "model_calls": int,
}


@pytest.fixture(autouse=True)
def no_real_models() -> Iterator[None]:
    with forbid_real_models():
        yield


def invoke(*args: str) -> Any:
    return CliRunner().invoke(app, list(args), env={"COLUMNS": "200"})


def test_oracle_facts_run_over_foreign_scenarios_writes_report_json_and_plots(
    tmp_path: Path,
) -> None:
    library = write_library(tmp_path / "elsewhere", "gizmo-launch", "quiet-shop")
    out, results = tmp_path / "out", tmp_path / "results.json"

    result = invoke(
        "--sensor", "oracle-facts", "--scenarios", str(library),
        "--policy", "diff-fixed", "--policy", "llm-fixed", "--policy", "sentinel",
        "--policy", "oracle", "--jobs", "1", "--json", str(results), "--out", str(out),
    )  # fmt: skip

    assert result.exit_code == 0, result.output
    assert "# Monitoring benchmark" in result.stdout
    assert "oracle-facts (error rate 0%)" in result.stdout
    document = json.loads(results.read_text())
    assert document["sensor"] == "oracle-facts (error rate 0%)"
    assert list(document["policies"]) == ["diff-fixed-24h", "llm-fixed-24h", "sentinel", "oracle"]
    for summary in document["policies"].values():
        for key, kind in POLICY_KEYS.items():
            assert isinstance(summary[key], kind), key
        assert summary["median_delay_s"] is None or isinstance(summary["median_delay_s"], float)
        assert summary["p90_delay_s"] is None or isinstance(summary["p90_delay_s"], float)
    assert len(document["scenarios"]) == 8
    for entry in document["scenarios"]:
        for key, kind in SCENARIO_KEYS.items():
            assert isinstance(entry[key], kind), key
    assert {t["target"] for t in document["targets"]} >= {"sentinel event recall"}
    assert json.loads((out / "results.json").read_text())["policies"] == document["policies"]
    assert (out / "report.md").read_text() == result.stdout
    for plot in ("pareto.png", "quality.png"):
        assert (out / plot).read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


def test_limit_runs_the_first_scenarios_by_id(tmp_path: Path) -> None:
    library = write_library(tmp_path / "lib")
    results = tmp_path / "r.json"

    result = invoke(
        "--sensor", "oracle-facts", "--scenarios", str(library), "--limit", "1",
        "--policy", "oracle", "--jobs", "1", "--json", str(results),
    )  # fmt: skip

    assert result.exit_code == 0, result.output
    assert [e["id"] for e in json.loads(results.read_text())["scenarios"]] == ["gizmo-launch"]


@pytest.mark.parametrize(
    ("split", "ids"),
    [
        ("dev", ["gizmo-launch"]),
        ("test", ["lamp-flipflop", "quiet-shop"]),
        ("all", ["gizmo-launch", "lamp-flipflop", "quiet-shop"]),
    ],
)
def test_split_runs_the_scenarios_of_that_split(tmp_path: Path, split: str, ids: list[str]) -> None:
    library = write_library(tmp_path / "lib")
    results = tmp_path / "r.json"

    result = invoke(
        "--sensor", "oracle-facts", "--scenarios", str(library), "--split", split,
        "--policy", "oracle", "--jobs", "1", "--json", str(results),
    )  # fmt: skip

    assert result.exit_code == 0, result.output
    document = json.loads(results.read_text())
    assert [e["id"] for e in document["scenarios"]] == ids
    splits = {e["split"] for e in document["scenarios"]}
    assert splits == ({"dev", "test"} if split == "all" else {split})
    assert set(document["splits"]) == splits


@pytest.mark.parametrize("engine", ["realistic", "perfect"])
def test_search_engine_is_realistic_unless_told_and_named_in_the_results(
    tmp_path: Path, engine: str
) -> None:
    library = write_library(tmp_path / "lib", "gizmo-launch")
    results = tmp_path / "r.json"
    chosen = [] if engine == "realistic" else ["--search", engine]

    result = invoke(
        "--sensor", "oracle-facts", "--scenarios", str(library), "--policy", "oracle",
        "--jobs", "1", "--json", str(results), *chosen,
    )  # fmt: skip

    assert result.exit_code == 0, result.output
    assert f"Search engine: **{engine}**" in result.stdout
    document = json.loads(results.read_text())
    assert document["search"] == engine
    assert document["prices"]["currency"] == "USD"
    summary = document["policies"]["oracle"]
    assert (summary["full_fetches"], summary["searches"], summary["not_modified"]) == (1, 0, 0)
    assert summary["cost_per_monitor_month_usd"] is not None


def test_an_unknown_search_engine_is_a_usage_error(tmp_path: Path) -> None:
    library = write_library(tmp_path / "lib", "gizmo-launch")

    result = invoke("--sensor", "oracle-facts", "--scenarios", str(library), "--search", "fresh")

    assert result.exit_code == 2
    assert "--search" in result.output


def test_a_split_with_no_scenario_is_a_usage_error(tmp_path: Path) -> None:
    library = write_library(tmp_path / "lib", "gizmo-launch")

    result = invoke("--sensor", "oracle-facts", "--scenarios", str(library), "--split", "test")

    assert result.exit_code == 2
    assert "no scenario of the test split" in result.output


def test_model_mode_is_labelled_with_the_model_it_ran(tmp_path: Path) -> None:
    library = write_library(tmp_path / "lib", "gizmo-launch")
    results = tmp_path / "r.json"

    result = invoke(
        "--model", "scripted", "--scenarios", str(library), "--policy", "llm-fixed",
        "--json", str(results),
    )  # fmt: skip

    assert result.exit_code == 0, result.output
    document = json.loads(results.read_text())
    assert document["sensor"] == "model (scripted)"
    assert document["policies"]["llm-fixed-24h"]["model_calls"] > 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--policy", "cron-5m"], "unknown policy"),
        (["--error-rate", "0.2"], "oracle-facts sensor only"),
        (["--model", "nonsense:x"], "expected local"),
    ],
)
def test_bad_options_are_usage_errors(tmp_path: Path, args: list[str], message: str) -> None:
    library = write_library(tmp_path / "lib", "gizmo-launch")

    result = invoke("--scenarios", str(library), *args)

    assert result.exit_code == 2
    assert message in result.output


def test_an_invalid_scenario_file_is_named(tmp_path: Path) -> None:
    library = write_library(tmp_path / "lib", "gizmo-launch")
    (library / "broken.yaml").write_text("id: broken\nnotify: sometimes\n")

    result = invoke("--sensor", "oracle-facts", "--scenarios", str(library))

    assert result.exit_code == 2
    assert "broken.yaml" in result.output


def test_a_directory_without_scenarios_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()

    result = invoke("--sensor", "oracle-facts", "--scenarios", str(tmp_path / "empty"))

    assert result.exit_code == 2
    assert "no .yaml" in result.output


def test_a_worker_scores_like_the_loop_and_its_errors_cross_processes(tmp_path: Path) -> None:
    (launch,) = load_scenarios(write_library(tmp_path / "lib", "gizmo-launch"))
    ctx = BenchContext(0, SensorSetup("oracle-facts"), tmp_path / "unused.db", tmp_path)

    scored = score_in_process(make_policy("diff-fixed-24h"), launch, ctx)
    error = PolicyRunError("gizmo-launch", "sentinel", "Traceback: boom")

    assert (
        scored.result.notifications
        == asyncio.run(make_policy("diff-fixed-24h").run(launch, ctx)).notifications
    )
    assert len(scored.matching.detected) == 1
    copied = pickle.loads(pickle.dumps(error))
    assert (copied.scenario_id, copied.policy, str(copied)) == (
        "gizmo-launch",
        "sentinel",
        str(error),
    )
