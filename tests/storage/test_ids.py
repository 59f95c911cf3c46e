"""Ids are never reused: a deleted monitor's (memory's, task's, run's…) id is never given to
a new row, on SQLite (AUTOINCREMENT, migration 0008) and PostgreSQL (sequences); and the
migration that brought AUTOINCREMENT to existing SQLite tables keeps every row."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from alembic.script import ScriptDirectory
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from sentinel.storage import Database, RunEnding, RunStatus, open_database
from sentinel.storage.engine import create_engine
from sentinel.storage.migrate import alembic_config, downgrade_engine, upgrade_engine
from sentinel.storage.settings import sqlite_url
from tests.storage.databases import _create_pg_database, _drop_pg_database, pg_url_for
from tests.storage.helpers import T0, make_monitor

MIGRATION = "0008_ids_never_reused"
# The revision just before it, however the migrations are chained.
BEFORE = str(ScriptDirectory.from_config(alembic_config()).get_revision(MIGRATION).down_revision)


async def test_a_deleted_monitors_id_is_never_given_to_a_new_one(db: Database) -> None:
    first = await make_monitor(db, "first")
    newest = await make_monitor(db, "newest")
    async with db.transaction() as tx:
        await tx.monitors.delete(newest.id)
    replacement = await make_monitor(db, "replacement")
    assert replacement.id > newest.id > first.id


async def test_deleted_runs_memories_and_tasks_leave_their_ids_unused(db: Database) -> None:
    monitor = await make_monitor(db)
    async with db.transaction() as tx:
        run = await tx.runs.start(monitor.id, scheduled_at=T0, started_at=T0)
        memory = await tx.memories.add("ana", "likes tea", [], now=T0)
        task = await tx.tasks.add("ana", "buy tea", now=T0)
    async with db.transaction() as tx:
        await tx.monitors.delete(monitor.id)  # its runs go with it
        await tx.memories.delete("ana", memory.id)
        await tx.tasks.delete("ana", task.id)
    other = await make_monitor(db, "other")
    async with db.transaction() as tx:
        assert (await tx.runs.start(other.id, scheduled_at=T0, started_at=T0)).id > run.id
        assert (await tx.memories.add("ana", "likes coffee", [], now=T0)).id > memory.id
        assert (await tx.tasks.add("ana", "buy coffee", now=T0)).id > task.id


async def test_a_run_that_read_nothing_is_stored_with_its_own_status(db: Database) -> None:
    monitor = await make_monitor(db)
    async with db.transaction() as tx:
        run = await tx.runs.start(monitor.id, scheduled_at=T0, started_at=T0)
        ending = RunEnding(RunStatus.SKIPPED_NOTHING_READ, decision={"skipped": "nothing"})
        finished = await tx.runs.finish(run.id, ending, finished_at=T0)
    assert finished.status is RunStatus.SKIPPED_NOTHING_READ


# -- the migration on a database that already holds rows ----------------------------------

SEED = [
    "INSERT INTO monitors (id, name, original_query, current_query, action_criteria, "
    "notify_behavior, channels, state, run_count, consecutive_failures, min_interval_s, "
    "max_interval_s, governor_kind, context, created_at, updated_at) VALUES "
    "(1, 'a', 'q', 'q', 'c', 'once', '[]', 'active', 1, 0, 60, 600, 'llm', '{}', "
    "'2026-01-01 00:00:00', '2026-01-01 00:00:00'), "
    "(2, 'b', 'q', 'q', 'c', 'once', '[]', 'active', 0, 0, 60, 600, 'llm', '{}', "
    "'2026-01-01 00:00:00', '2026-01-01 00:00:00')",
    "INSERT INTO monitor_secrets VALUES (1, 's1', '2026-01-01 00:00:00'), "
    "(2, 's2', '2026-01-01 00:00:00')",
    "INSERT INTO runs (id, monitor_id, status, scheduled_at, retry_count, trace, usage) "
    "VALUES (1, 1, 'succeeded', '2026-01-01 00:00:00', 0, '[]', '{}'), "
    "(2, 1, 'skipped-no-change', '2026-01-01 00:00:00', 0, '[]', '{}')",
    "INSERT INTO deliveries (id, idempotency_key, monitor_id, run_id, channel, payload, "
    "status, attempts, next_attempt_at, created_at, updated_at) VALUES (1, 'run-1:x', 1, 1, "
    "'{}', '{}', 'pending', 0, '2026-01-01 00:00:00', '2026-01-01 00:00:00', "
    "'2026-01-01 00:00:00')",
]


def _counts(connection: sqlite3.Connection) -> dict[str, int]:
    tables = ("monitors", "monitor_secrets", "runs", "deliveries")
    return {t: connection.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in tables}


@pytest.fixture
async def old_sqlite(tmp_path: Path) -> Path:
    """A SQLite database at 0005 holding two monitors, runs, secrets and a delivery."""
    path = tmp_path / "old.db"
    engine = create_engine(sqlite_url(path))
    try:
        await upgrade_engine(engine, BEFORE)
    finally:
        await engine.dispose()
    with sqlite3.connect(path) as connection:
        for statement in SEED:
            connection.execute(statement)
    return path


async def test_migrating_an_sqlite_database_keeps_every_row_and_adds_autoincrement(
    old_sqlite: Path,
) -> None:
    engine = create_engine(sqlite_url(old_sqlite))
    try:
        await upgrade_engine(engine)
    finally:
        await engine.dispose()
    with sqlite3.connect(old_sqlite) as connection:
        assert _counts(connection) == {
            "monitors": 2,
            "monitor_secrets": 2,
            "runs": 2,
            "deliveries": 1,
        }
        schema = dict(connection.execute("SELECT name, sql FROM sqlite_master WHERE sql > ''"))
        for table in ("monitors", "runs", "deliveries", "memories", "user_tasks", "api_keys"):
            assert "AUTOINCREMENT" in schema[table], table
        # What goes with a rebuilt table is made again: the view, the trigger, partial indexes.
        assert "notifications" in schema
        assert "monitors_original_query_immutable" in schema
        assert "WHERE state = 'active'" in schema["ix_monitors_due"]
        assert connection.execute("PRAGMA foreign_key_check").fetchall() == []
    db = await open_database(sqlite_url(old_sqlite), migrate=False)
    try:
        async with db.transaction() as tx:
            await tx.monitors.delete(2)
        assert (await make_monitor(db, "c")).id == 3, "2 was the highest id ever used"
        async with db.transaction() as tx:
            with pytest.raises(DBAPIError, match="immutable"):
                await tx.session.execute(text("UPDATE monitors SET original_query = 'x'"))
    finally:
        await db.close()


async def test_the_sqlite_migration_can_be_undone_and_done_again(old_sqlite: Path) -> None:
    engine = create_engine(sqlite_url(old_sqlite))
    try:
        await upgrade_engine(engine)
        async with engine.begin() as connection:
            await connection.exec_driver_sql(
                "UPDATE runs SET status = 'skipped-nothing-read' WHERE id = 2"
            )
        await downgrade_engine(engine, BEFORE)
        with sqlite3.connect(old_sqlite) as connection:
            assert _counts(connection)["runs"] == 2
            statuses = [row[0] for row in connection.execute("SELECT status FROM runs")]
            assert statuses == ["succeeded", "skipped-no-change"]
            monitors_sql = connection.execute(
                "SELECT sql FROM sqlite_master WHERE name = 'monitors'"
            ).fetchone()[0]
            assert "AUTOINCREMENT" not in monitors_sql
        await upgrade_engine(engine)
    finally:
        await engine.dispose()
    with sqlite3.connect(old_sqlite) as connection:
        assert _counts(connection) == {
            "monitors": 2,
            "monitor_secrets": 2,
            "runs": 2,
            "deliveries": 1,
        }


async def test_the_postgresql_migration_widens_the_run_status_and_can_be_undone() -> None:
    try:
        name = await _create_pg_database()
    except OSError as exc:  # pragma: no cover - the machine's PostgreSQL is down
        pytest.skip(f"PostgreSQL is unreachable: {exc}")
    engine = create_engine(pg_url_for(name))
    try:
        await upgrade_engine(engine, BEFORE)
        async with engine.begin() as connection:
            for statement in SEED:
                await connection.exec_driver_sql(statement)
        await upgrade_engine(engine)
        async with engine.begin() as connection:
            await connection.exec_driver_sql(
                "UPDATE runs SET status = 'skipped-nothing-read' WHERE id = 2"
            )
        await downgrade_engine(engine, BEFORE)
        async with engine.connect() as connection:
            result = await connection.exec_driver_sql("SELECT status FROM runs ORDER BY id")
            assert [row[0] for row in result] == ["succeeded", "skipped-no-change"]
    finally:
        await engine.dispose()
        await _drop_pg_database(name)
