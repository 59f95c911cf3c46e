"""Database: units of work are atomic; the default location honours SENTINEL_HOME."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

import pytest
from sqlalchemy import func, select
from sqlalchemy.exc import DBAPIError

from sentinel.config import get_settings
from sentinel.errors import ConfigError
from sentinel.storage import Database, RunEnding, RunStatus, default_database_url, open_database
from sentinel.storage.engine import parse_database_url
from sentinel.storage.models import Delivery, Run, StateVersion
from tests.storage.helpers import T0, at, make_monitor


class Crash(Exception):
    """Raised inside a unit of work to simulate a failure half-way."""


async def test_an_exception_in_a_unit_of_work_leaves_no_partial_rows(db: Database) -> None:
    monitor = await make_monitor(db)

    async def run_then_crash() -> None:
        async with db.transaction() as tx:
            [claimed] = await tx.monitors.claim_due(T0, "worker", 60, 1)
            run = await tx.runs.start(claimed.id, scheduled_at=T0, started_at=T0)
            version = await tx.states.append(claimed.id, state={"x": 1}, now=T0, run_id=run.id)
            await tx.runs.finish(
                run.id,
                RunEnding(RunStatus.SUCCEEDED, state_version=version.version),
                finished_at=at(1),
            )
            await tx.outbox.enqueue(
                monitor_id=claimed.id,
                run_id=run.id,
                channel={"kind": "webhook", "url": "http://127.0.0.1:9/"},
                payload={"title": "t"},
                idempotency_key=f"run-{run.id}",
                now=at(1),
            )
            await tx.monitors.record_run(claimed.id, "worker", ran_at=at(1), next_run_at=at(99))
            raise Crash

    with pytest.raises(Crash):
        await run_then_crash()
    async with db.transaction() as tx:
        for model in (Run, StateVersion, Delivery):
            assert await tx.session.scalar(select(func.count()).select_from(model)) == 0
        after = await tx.monitors.get(monitor.id)
    assert after == monitor, "the claim, counters and schedule were rolled back too"


async def test_a_committed_unit_of_work_is_visible_to_the_next(db: Database) -> None:
    monitor = await make_monitor(db)
    async with db.transaction() as tx:
        await tx.states.append(monitor.id, state={"x": 1}, now=T0)
    async with db.transaction() as tx:
        latest = await tx.states.latest(monitor.id)
    assert latest is not None
    assert latest.state == {"x": 1}


async def test_sqlite_runs_in_wal_mode_with_foreign_keys(tmp_path: Path) -> None:
    db = await open_database(f"sqlite+aiosqlite:///{tmp_path}/nested/dir/s.db")
    try:
        async with db.engine.connect() as connection:
            mode = await connection.exec_driver_sql("PRAGMA journal_mode")
            assert mode.scalar() == "wal"
            keys = await connection.exec_driver_sql("PRAGMA foreign_keys")
            assert keys.scalar() == 1
    finally:
        await db.close()


def test_the_default_database_lives_under_sentinel_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SENTINEL_DATABASE_URL", raising=False)
    monkeypatch.setenv("SENTINEL_HOME", str(tmp_path / "home"))
    get_settings.cache_clear()
    try:
        assert default_database_url() == f"sqlite+aiosqlite:///{tmp_path}/home/sentinel.db"
        assert (tmp_path / "home").is_dir()
        monkeypatch.setenv("SENTINEL_DATABASE_URL", "postgresql+asyncpg://u@db.invalid/s")
        assert default_database_url() == "postgresql+asyncpg://u@db.invalid/s"
    finally:
        get_settings.cache_clear()


def test_only_the_async_drivers_are_accepted() -> None:
    for url in ("sqlite:///x.db", "mysql://u@h/d", "not a url"):
        with pytest.raises(ConfigError, match="database URL"):
            parse_database_url(url)


async def test_an_in_memory_database_is_migrated_through_its_own_connection() -> None:
    db = await open_database("sqlite+aiosqlite:///:memory:")
    try:
        monitor = await make_monitor(db)
        async with db.transaction() as tx:
            assert (await tx.monitors.get(monitor.id)).name == "iphone"
        with pytest.raises(ConfigError, match="need a SQLite database file"):
            await db.query_readonly("SELECT 1")
    finally:
        await db.close()


async def test_a_reader_never_makes_a_writer_wait(db: Database) -> None:
    monitor = await make_monitor(db)
    async with db.reading() as reader:
        assert (await reader.monitors.get(monitor.id)).name == monitor.name

        async def write() -> None:
            async with db.transaction() as tx:
                await tx.monitors.update(monitor.id, now=at(1), name="renamed")

        # A reader holding SQLite's write lock (BEGIN IMMEDIATE) would keep this writer
        # waiting for the 30 s busy timeout.
        await asyncio.wait_for(write(), timeout=10)
    async with db.reading() as reader:
        assert (await reader.monitors.get(monitor.id)).name == "renamed"


async def test_a_read_only_transaction_keeps_nothing_it_wrote(db: Database) -> None:
    monitor = await make_monitor(db)
    with contextlib.suppress(DBAPIError):  # PostgreSQL refuses the write outright
        async with db.reading() as reader:
            await reader.monitors.update(monitor.id, now=at(1), name="never")
    async with db.reading() as reader:
        assert (await reader.monitors.get(monitor.id)).name == monitor.name
