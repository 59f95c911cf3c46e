"""``sentinel bench sensing`` from the command line: it runs the chosen cases, prints and
writes the results with their metadata, and refuses bad options with one clear line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from sentinel.cli.main import app
from tests.bench.sensing_cases import unrelated

pytestmark = pytest.mark.network


def test_the_bench_runs_a_case_and_writes_its_results(tmp_path: Path) -> None:
    files = unrelated(tmp_path / "cases", "lamp-on-a-bakery-page-decoy", decoy=True)
    out = tmp_path / "results" / "sensing-scripted-all.json"
    result = CliRunner().invoke(
        app,
        ["bench", "sensing", "--model", "scripted", "--cases", str(tmp_path / "cases"),
         "--json", str(out)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "lamp-on-a-bakery-page-decoy" in result.stdout
    document = json.loads(out.read_text(encoding="utf-8"))
    assert document["benchmark"] == "sensing"
    assert (document["model"], document["cli"], document["threads"]) == (
        "scripted",
        "in-process",
        None,
    )
    assert len(document["machine"]["load_average_before"]) == 3
    split = files.case.split
    assert document["summary"][split]["correct"] == 2
    assert document["summary"][split]["false_alerts"] == 0
    [row] = document["cases"]
    assert [run["phase"] for run in row["runs"]] == ["before", "after"]
    assert all(run["run_id"] for run in row["runs"])


def test_an_unknown_split_is_refused() -> None:
    result = CliRunner().invoke(app, ["bench", "sensing", "--split", "train"])
    assert result.exit_code == 2
    assert "dev, test or all" in result.output


def test_a_bad_case_file_is_named(tmp_path: Path) -> None:
    files = unrelated(tmp_path / "cases", "lamp-broken", decoy=True)
    spec = files.folder / "case.yaml"
    data = yaml.safe_load(spec.read_text(encoding="utf-8"))
    data["expect"]["after"] = "maybe"
    spec.write_text(yaml.safe_dump(data), encoding="utf-8")
    result = CliRunner().invoke(app, ["bench", "sensing", "--cases", str(tmp_path / "cases")])
    assert result.exit_code == 2
    assert "case.yaml: expect.after" in " ".join(result.output.split())


def test_an_unknown_case_is_refused(tmp_path: Path) -> None:
    unrelated(tmp_path / "cases", "lamp-known", decoy=True)
    result = CliRunner().invoke(
        app, ["bench", "sensing", "--cases", str(tmp_path / "cases"), "--case", "no-such-case"]
    )
    assert result.exit_code == 2
    assert "no-such-case" in result.output
