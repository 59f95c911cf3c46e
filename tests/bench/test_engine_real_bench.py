"""``sentinel bench engine --runner real`` at a tiny size: the product's runs against the
loopback world — unchanged pages skipped with no model call, changed pages sensed, governed
(rules and the stand-in model) and notified — with the per-run counts, the per-core figures
and the docs' table from the JSON; and the world's pages and stand-in model on their own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sentinel.bench.engine_real import RealSettings
from sentinel.bench.engine_real_tables import markdown
from sentinel.bench.engine_real_world import World, completion, governor_reply, sensor_reply
from sentinel.cli.main import app
from sentinel.errors import InvalidInput


def test_real_runs_are_measured_unchanged_and_changed(tmp_path: Path) -> None:
    out = tmp_path / "engine-real.json"
    result = CliRunner().invoke(
        app,
        [
            "bench",
            "engine",
            "--runner",
            "real",
            "--monitors",
            "4",
            "--real-runs",
            "4",
            "--changed-share",
            "0.25",
            "--json",
            str(out),
        ],
        env={"COLUMNS": "200"},
    )
    assert result.exit_code == 0, result.output
    document = json.loads(out.read_text())
    assert document["benchmark"] == "engine-real"
    assert len(document["machine"]["load_average_at_start"]) == 3
    [row] = document["results"]
    unchanged, changed = row["unchanged"], row["changed"]
    # Unchanged: every page answered 304, no model call, a read per run, one write per run
    # or fewer (the looks that end together share a transaction: group commit, so how many
    # share one depends on the machine's speed), a claim per run at most, and the engine's
    # last claim that finds nothing due.
    assert unchanged["statuses"] == {"skipped-no-change": 4}
    assert unchanged["model_calls"] == 0
    assert 1 * 4 <= unchanged["transactions_per_run"] * 4 <= 3 * 4 + 1
    # Changed: four sensor calls and two governor calls (half the monitors use the model);
    # every monitor acts on the changed price and queues its notification.
    assert changed["statuses"] == {"succeeded": 4}
    assert changed["model_calls"] == 6
    assert changed["notified"] == 4
    assert changed["statements_per_run"] > unchanged["statements_per_run"]
    assert changed["bytes_per_run"] > unchanged["bytes_per_run"] >= 0
    mixed = 0.75 * unchanged["cpu_ms_per_run"] + 0.25 * changed["cpu_ms_per_run"]
    assert row["cpu_ms_per_run_mixed"] == pytest.approx(mixed, abs=0.01)
    # The document rounds the CPU figure to 0.01 ms; the monitor count is from the exact one.
    assert row["monitors_per_core_15min"] == pytest.approx(
        900_000 / row["cpu_ms_per_run_mixed"], rel=1e-3
    )
    assert "monitors per core at a 15-minute cadence" in result.output
    # Looks, by the old path and the current one side by side: every run a look, no model
    # call; the current one reads nothing per look and writes a compact row.
    look, old = row["look"], row["look_baseline"]
    assert look["statuses"] == old["statuses"] == {"skipped-no-change": 4 * 2}
    assert look["model_calls"] == old["model_calls"] == 0
    assert look["statements_per_run"] < old["statements_per_run"]
    assert look["transactions_per_run"] < old["transactions_per_run"]
    assert row["look_cpu_vs_baseline"] == pytest.approx(
        look["cpu_ms_per_run"] / old["cpu_ms_per_run"], abs=0.01
    )
    assert row["monitors_per_core_15min_looks"] == pytest.approx(
        900_000 / look["cpu_ms_per_run"], rel=1e-3
    )
    assert "monitors per core looking every 15" in result.output
    table = markdown(document)
    assert "| 4 | unchanged |" in table
    assert "| 4 | changed |" in table
    assert "| 4 | look, old path (c 32) |" in table
    assert "| 4 | **look** (c 32) |" in table


def test_an_unknown_runner_is_refused() -> None:
    result = CliRunner().invoke(app, ["bench", "engine", "--runner", "celery"])
    assert result.exit_code == 2
    assert "noop, real or both" in result.output


def test_bad_settings_are_refused() -> None:
    with pytest.raises(InvalidInput):
        RealSettings(runs=0)
    with pytest.raises(InvalidInput):
        RealSettings(changed_share=1.5)


def test_a_page_answers_304_to_its_current_version_only() -> None:
    world = World()
    status, _, body, headers = world.answer("GET", "/p/7", {}, b"")
    assert status == 200
    assert b"The price today is $100 per widget." in body
    etag = headers["ETag"]
    assert world.answer("GET", "/p/7", {"if-none-match": etag}, b"")[0] == 304
    world.answer("POST", "/_bump", {}, b"[7]")
    status, _, body, headers = world.answer("GET", "/p/7", {"if-none-match": etag}, b"")
    assert status == 200
    assert b"$101" in body
    assert headers["ETag"] != etag
    assert world.counts == {"page": 3, "not_modified": 1, "model": 0}


def test_the_stand_in_reads_the_price_and_acts_when_it_changed() -> None:
    report = sensor_reply('<page n="1">The price today is $104 per widget.</page>')
    assert report["payload"]["updated_state"] == {"price_usd": 104}
    assert report["payload"]["evidence"] == [
        {"page": 1, "quote": "The price today is $104 per widget."}
    ]
    changed = governor_reply(
        'Previous state: {"price_usd": 100}\nCurrent state: {"price_usd": 104}'
    )
    same = governor_reply('Previous state: {"price_usd": 104}\nCurrent state: {"price_usd": 104}')
    first = governor_reply("Previous state: (none: this is the first run)\nCurrent state: {}")
    assert (changed["should_act"], same["should_act"], first["should_act"]) == (True, False, False)
    request = {
        "messages": [{"role": "user", "content": "The price today is $3 per widget."}],
        "response_format": {"json_schema": {"name": "SchemaSensorReply"}},
    }
    content = json.loads(completion(request)["choices"][0]["message"]["content"])
    assert content["action"] == "report_state"


@pytest.mark.parametrize(("monitors", "runs"), [(1000, 400), (10_000, 400), (100_000, 400)])
def test_the_sample_holds_the_four_kinds_in_equal_shares(monitors: int, runs: int) -> None:
    from sentinel.bench.engine_real_setup import kind_of, sample_of

    picked = sample_of(monitors, runs)
    ranks = {index: rank for rank, index in enumerate(picked)}
    kinds = [kind_of(index, ranks) for index in picked]

    assert len(set(picked)) == runs
    assert all(0 <= index < monitors for index in picked)
    assert [kinds.count(kind) for kind in range(4)] == [runs // 4] * 4
