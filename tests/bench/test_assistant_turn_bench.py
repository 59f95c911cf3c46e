"""The chat-turn benchmark on tiny sizes: every row measured, the CLI writes its JSON."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from typer.testing import CliRunner

from sentinel.bench.assistant_turn import run_turn_benchmark, turn_command


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
    app.command()(turn_command)
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
    assert {"at", "commit", "machine", "load_average", "scripted", "embedded", "plans"} <= set(
        document
    )
    assert document["embedded"]["summary"] == {"turns": 0}
    assert document["plans"][1]["speedup"] > 0


def test_bench_assistant_runs_both_parts_and_names_their_json(tmp_path: Path) -> None:
    from sentinel.cli.main import app as sentinel

    output = tmp_path / "assistant.json"
    tiny = ["--sizes", "10", "--turns", "2", "--repeats", "1", "--model", "none"]
    result = CliRunner().invoke(
        sentinel,
        ["bench", "assistant", *tiny, "--remote-ms", "5", "--json", str(output)],
        env={"COLUMNS": "200"},
    )

    assert result.exit_code == 0, result.output
    assert "Memory retrieval, test split" in result.output
    assert "Turn latency, scripted model" in result.output
    memory = json.loads((tmp_path / "assistant-memory.json").read_text())
    turn = json.loads((tmp_path / "assistant-turn.json").read_text())
    assert [p["memories"] for p in memory["scaling"]] == [10]
    assert turn["benchmark"] == "assistant-turn"
    assert not output.exists()


def test_bench_assistant_refuses_an_unknown_part() -> None:
    from sentinel.cli.main import app as sentinel

    result = CliRunner().invoke(sentinel, ["bench", "assistant", "--part", "chat"])

    assert result.exit_code == 2
    assert "'chat' is not one of all, memory, turn" in result.output


async def test_the_fixed_set_is_measured_and_judged_on_the_built_in_scripted_model(
    tmp_path: Path,
) -> None:
    from sentinel.assistant.chat.deps import ChatDeps
    from sentinel.assistant.chat.scripted import scripted_chat_model
    from sentinel.bench.assistant_tasks import TASKS, ChatTask, run_tasks, summary
    from sentinel.storage import open_database
    from sentinel.storage.settings import sqlite_url

    db = await open_database(sqlite_url(tmp_path / "bench.db"))
    try:
        deps = ChatDeps.open(db, model=scripted_chat_model(), embedder=None)
        seen: list[int] = []
        turns = await run_tasks(deps, write=lambda rows: seen.append(len(rows)))
        assert seen == [1, 2, 3, 4, 5]
        assert [t.query for t in turns] == [t.query for t in TASKS]
        assert all(t.success for t in turns), [t.row() for t in turns]
        assert turns[0].actions == ["CREATE_MEMORY", "DONE"]
        assert turns[0].memory_whole is True
        assert all(t.first_content_s is not None and t.model_calls >= 2 for t in turns)
        found = summary(turns)
        assert (found["turns"], found["task_success"], found["claimed_not_run"]) == (5, 1.0, 0)
        # A task whose memory is stored in part, or whose answer misses the fact, fails.
        wrong = ChatTask("Remember that Bob hates cilantro", "CREATE_TASK", ("bob", "kale"))
        [failed] = await run_tasks(deps, tasks=(wrong,))
        assert (failed.action_ok, failed.memory_whole, failed.success) == (False, False, False)
    finally:
        await db.close()
