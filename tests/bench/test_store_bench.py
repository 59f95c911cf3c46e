"""``sentinel bench store`` runs end to end at tiny sizes and reports its shape."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from typer.testing import CliRunner

from sentinel.bench.store import (
    DeepcopyDiffStore,
    command,
    make_state,
    payloads,
    set_counter,
    set_record_value,
)
from sentinel.store import Store

app = typer.Typer()
app.command()(command)


def test_tiny_run_prints_the_table_and_writes_json(tmp_path: Path) -> None:
    out = tmp_path / "store.json"
    result = CliRunner().invoke(
        app,
        ["--sizes", "5,20", "--actions", "12", "--baseline-seconds", "0", "--json", str(out)],
        env={"COLUMNS": "200"},
    )

    assert result.exit_code == 0, result.output
    assert "sentinel.store vs deepcopy + DeepDiff" in result.stdout
    for header in ("size", "change", "baseline actions/s", "store actions/s", "ratio"):
        assert header in result.stdout
    report = json.loads(out.read_text())
    assert report["benchmark"] == "store"
    assert report["machine"]["cpus"] >= 1
    assert report["settings"] == {"actions": 12, "baseline_seconds": 0.0}
    rows = [(row["size"], row["change"]) for row in report["results"]]
    assert rows == [(5, "field"), (5, "record"), (20, "field"), (20, "record")]
    for row in report["results"]:
        assert row["baseline"]["actions"] == 1  # time box 0 still runs one action
        assert row["store"]["actions"] == 12
        assert row["ratio"] > 0


def test_bad_sizes_and_changes_are_rejected() -> None:
    runner = CliRunner()
    assert runner.invoke(app, ["--sizes", "10,abc"]).exit_code == 2
    assert runner.invoke(app, ["--sizes", "0"]).exit_code == 2
    assert runner.invoke(app, ["--changes", "field,everything"]).exit_code == 2


def test_baseline_and_store_reach_the_same_state_and_both_see_the_change() -> None:
    for change, fn, writes in (
        ("field", set_counter, ["counter"]),
        ("record", set_record_value, ["records.*.value"]),
    ):
        baseline = DeepcopyDiffStore(make_state(30))
        store = Store(make_state(30))
        store.register(fn, writes=writes)
        source = payloads(change, 30)
        for _ in range(40):
            payload = next(source)
            diff = baseline.dispatch(fn, **payload)
            delta = store.dispatch(fn.__name__, **payload)
            if change == "field":
                assert list(diff["values_changed"]) == ["root.counter"]
                assert delta.paths == ("counter",)
            else:
                key = payload["key"]
                assert list(diff["values_changed"]) == [f"root.records['{key}'].value"]
                assert delta.paths == (f"records.{key}.value",)
        assert store.state == baseline.state
