"""The memory-retrieval benchmark: its dataset, its scores and its cost table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from sentinel.assistant.memory.embedding import missing_packages
from sentinel.bench.assistant_memory import METHODS, memory_command, run_memory_benchmark
from sentinel.bench.assistant_memory_data import memories, questions


@pytest.fixture
def embedding_model() -> None:
    """The packaged MiniLM that `make setup` installs: missing, it is a setup bug, not a skip."""
    missing = missing_packages()
    if missing:
        pytest.fail(f"embedding model not installed: {missing} (run make setup)")


needs_model = pytest.mark.usefixtures("embedding_model")


def test_the_dataset_is_big_enough_and_every_answer_exists() -> None:
    vault, asked = memories(), questions()
    keys = {m.key for m in vault}
    assert len(vault) >= 200
    assert len(keys) == len(vault)
    assert len(asked) >= 50
    assert {q.kind for q in asked} == {"fact", "update", "temporal", "preference"}
    assert all(answer in keys for q in asked for answer in q.answers)
    assert {q.split for q in asked} == {"dev", "test"}


@needs_model
async def test_hybrid_beats_bm25_on_the_test_split() -> None:
    result = await run_memory_benchmark(sizes=())
    assert [s.method for s in result.splits["test"]] == list(METHODS)
    bm25, hybrid = result.score("test", "bm25"), result.score("test", "hybrid")
    assert hybrid.recall_at_5 > bm25.recall_at_5
    assert hybrid.mrr > bm25.mrr
    assert result.embedder is not None
    assert result.notice is None


async def test_without_a_model_only_bm25_is_scored() -> None:
    result = await run_memory_benchmark(embedder=None, sizes=())
    assert [s.method for s in result.splits["test"]] == ["bm25"]
    assert 0 < result.score("test", "bm25").recall_at_5 < 1


@needs_model
def test_the_command_prints_both_tables_and_writes_json(tmp_path: Path) -> None:
    app = typer.Typer()
    app.command()(memory_command)
    out = tmp_path / "assistant-memory.json"
    result = CliRunner().invoke(
        app, ["--sizes", "10,40", "--json", str(out)], env={"COLUMNS": "200"}
    )
    assert result.exit_code == 0, result.output
    assert "Memory retrieval, test split" in result.output
    assert "Retrieval cost as memories grow" in result.output
    saved = json.loads(out.read_text())
    assert [p["memories"] for p in saved["scaling"]] == [10, 40]
    assert saved["memories"] == len(memories())
