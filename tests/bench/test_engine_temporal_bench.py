"""``sentinel bench engine-temporal``: both engines run every monitor once per size, on a
Temporal dev server the bench starts and scratch PostgreSQL databases it drops, and the JSON
carries the metadata and the cost ratio."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path

import asyncpg
import pytest
from typer.testing import CliRunner

from sentinel.cli.main import app
from sentinel.engine.temporal.bench import DEFAULT_PG_SERVER
from tests.storage.databases import pg_url

__all__ = ["pg_url"]

pytestmark = pytest.mark.network


async def scratch_databases() -> list[str]:
    """This process's scratch databases (another test run beside this one has its own)."""
    connection = await asyncpg.connect(DEFAULT_PG_SERVER, timeout=3)
    try:
        rows = await connection.fetch(
            "SELECT datname FROM pg_database WHERE datname LIKE $1",
            f"sentinel_bench_{os.getpid()}_%",
        )
    finally:
        await connection.close()
    return [row["datname"] for row in rows]


def test_both_engines_run_each_size_and_the_scratch_databases_are_dropped(
    tmp_path: Path, pg_url: str
) -> None:
    assert asyncio.run(scratch_databases()) == []
    out = tmp_path / "engine.json"
    args = ["--monitors", "3,6", "--concurrency", "4", "--json", str(out)]
    result = CliRunner().invoke(app, ["bench", "engine-temporal", *args], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    document = json.loads(out.read_text())
    rows = [(r["engine"], r["monitors"], r["runs"]) for r in document["results"]]
    assert rows == [("embedded", 3, 3), ("temporal", 3, 3), ("embedded", 6, 6), ("temporal", 6, 6)]
    assert set(document["temporal_cpu_per_run_vs_embedded"]) == {"3", "6"}
    assert document["benchmark"] == "engine-temporal"
    assert document["machine"]["cpus"] >= 1
    assert result.output.count("temporal") >= 2, "one table row per engine and size"
    assert asyncio.run(scratch_databases()) == []
