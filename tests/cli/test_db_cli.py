"""``sentinel db prune``: the retention settings applied now, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from sentinel.config import get_settings
from sentinel.storage import NewMonitor, RunEnding, RunStatus, open_database
from sentinel.storage.settings import sqlite_url
from tests.cli.test_watch_cli import invoke
from tests.storage.databases import _empty, pg_url, sqlite_template

__all__ = ["pg_url", "sqlite_template"]


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[str]:
    """SENTINEL_HOME with a migrated SQLite file, or SENTINEL_DATABASE_URL on PostgreSQL."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("SENTINEL_HOME", str(home))
    if request.param == "sqlite":
        template: Path = request.getfixturevalue("sqlite_template")
        (home / "sentinel.db").write_bytes(template.read_bytes())
        monkeypatch.delenv("SENTINEL_DATABASE_URL", raising=False)
        url = sqlite_url(home / "sentinel.db")
    else:
        url = request.getfixturevalue("pg_url")
        monkeypatch.setenv("SENTINEL_DATABASE_URL", url)
    for name in ("TRACE_DAYS", "RUN_DAYS"):
        monkeypatch.delenv(f"SENTINEL_RETENTION_{name}", raising=False)
    get_settings.cache_clear()
    yield url
    get_settings.cache_clear()


async def _seed(url: str) -> None:
    """One monitor with three runs: 60 and 20 days old, and one from now."""
    db = await open_database(url, migrate=False)
    try:
        await _empty(db)
        now = datetime.now(UTC)
        async with db.transaction() as tx:
            monitor = await tx.monitors.create(
                NewMonitor(name="old", original_query="q", action_criteria="c"), now=now
            )
            for days in (60, 20, 0):
                when = now - timedelta(days=days)
                run = await tx.runs.start(monitor.id, scheduled_at=when, started_at=when)
                ending = RunEnding(RunStatus.SUCCEEDED, trace=[{"step": "load", "detail": 1}])
                await tx.runs.finish(run.id, ending, finished_at=when)
    finally:
        await db.close()


def test_prune_counts_then_deletes_and_compacts(database_url: str) -> None:
    asyncio.run(_seed(database_url))
    dry = invoke("db", "prune", "--dry-run")
    assert dry.exit_code == 0, dry.output
    said = " ".join(dry.stdout.split())
    assert "Would compact 2 trace(s) older than 7 day(s)" in said
    assert "would delete 1 run(s) older than 30 day(s)" in said
    done = invoke("db", "prune", "--json")
    assert done.exit_code == 0, done.output
    report = json.loads(done.stdout)
    assert (report["traces_compacted"], report["runs_deleted"]) == (2, 1)
    assert (report["dry_run"], report["run_days"]) == (False, 30)
    again = json.loads(invoke("db", "prune", "--json", "--run-days", "10").stdout)
    assert (again["traces_compacted"], again["runs_deleted"]) == (0, 1)


def test_a_bad_setting_is_named(database_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SENTINEL_RETENTION_RUN_DAYS", "-3")
    result = invoke("db", "prune")
    assert result.exit_code != 0
    assert "run_days" in result.output
