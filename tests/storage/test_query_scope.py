"""Read-only SQL reads the caller's views and nothing else (issue 34: any key read
``sqlite_sequence`` — server-wide row counters: how many memories, receipts, keys and research
jobs exist — ``sqlite_master`` and ``alembic_version``). On PostgreSQL the same holds for the
system catalogs and the functions that report on the server."""

from __future__ import annotations

import pytest

from sentinel.storage import Database, ReadOnlyQueryError
from tests.storage.helpers import at, make_monitor

# What any owner could learn about the server from these: refused on both backends.
EVERYWHERE = [
    "SELECT * FROM alembic_version",
    "SELECT count(*) FROM api_keys",
    "SELECT count(*) FROM memories",
    "SELECT count(*) FROM receipts",
    "SELECT count(*) FROM research_jobs",
    "SELECT count(*) FROM a2a_push_configs",
    "SELECT count(*) FROM a2a_task_monitors",
    "SELECT count(*) FROM monitor_secrets",
]
SQLITE = [
    "SELECT * FROM sqlite_sequence",
    "SELECT name, seq FROM sqlite_sequence WHERE name = 'memories'",
    "SELECT count(*) FROM sqlite_sequence",
    "SELECT name, sql FROM sqlite_master",
    "SELECT count(*) FROM sqlite_schema",
    "SELECT sql FROM sqlite_temp_master",
    "SELECT * FROM dbstat",
    "SELECT * FROM pragma_table_info('api_keys')",
    "PRAGMA table_info(memories)",
    "SELECT count(*) FROM main.monitors",
]
POSTGRESQL = [
    "SELECT relname, reltuples FROM pg_class",
    "SELECT relname, n_live_tup FROM pg_stat_user_tables",
    "SELECT table_name FROM information_schema.tables",
    "SELECT last_value FROM pg_sequences",
    "SELECT pg_stat_get_live_tuples('receipts'::regclass)",
    "SELECT pg_relation_size('memories')",
    "SELECT (SELECT count(*) FROM pg_catalog.pg_stat_all_tables) AS n",
    "SHOW data_directory",
    "EXPLAIN ANALYZE SELECT * FROM monitors",
]


@pytest.mark.parametrize("sql", EVERYWHERE)
async def test_tables_that_are_not_the_callers_views_are_refused(db: Database, sql: str) -> None:
    with pytest.raises(ReadOnlyQueryError) as caught:
        await db.query_readonly(sql)
    assert "refused" in str(caught.value)


@pytest.mark.parametrize("db", ["sqlite"], indirect=True)
@pytest.mark.parametrize("sql", SQLITE)
async def test_sqlites_own_tables_are_refused(db: Database, sql: str) -> None:
    await make_monitor(db)
    with pytest.raises(ReadOnlyQueryError) as caught:
        await db.query_readonly(sql)
    assert "refused" in str(caught.value)


@pytest.mark.parametrize("db", ["postgresql"], indirect=True)
@pytest.mark.parametrize("sql", POSTGRESQL)
async def test_the_catalogs_and_server_functions_are_refused(db: Database, sql: str) -> None:
    with pytest.raises(ReadOnlyQueryError) as caught:
        await db.query_readonly(sql)
    assert "refused" in str(caught.value)


async def test_the_refusal_names_what_was_read_and_what_may_be(db: Database) -> None:
    with pytest.raises(ReadOnlyQueryError) as caught:
        await db.query_readonly("SELECT count(*) FROM receipts")
    assert caught.value.kind == "reading receipts"
    assert "only the owner's views are readable: monitors, runs" in caught.value.problem


async def test_the_callers_views_and_what_computes_on_them_still_work(db: Database) -> None:
    monitor = await make_monitor(db)
    async with db.transaction() as tx:
        await tx.states.append(monitor.id, state={"price": 99, "tags": ["a", "b"]}, now=at(1))
    each = (
        "SELECT t.value FROM state_versions s, json_each(s.state, '$.tags') t"
        if db.backend == "sqlite"
        else "SELECT t FROM state_versions s, jsonb_array_elements_text(s.state -> 'tags') t"
    )
    assert (await db.query_readonly(each)).rows == [("a",), ("b",)]
    counted = await db.query_readonly(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3) "
        "SELECT count(*) FROM n"
    )
    assert counted.rows == [(3,)]
    joined = await db.query_readonly(
        "SELECT count(*) AS n FROM monitors m JOIN runs r ON r.monitor_id = m.id "
        "UNION ALL SELECT count(*) FROM notifications"
    )
    assert joined.rows == [(0,), (0,)]


@pytest.mark.parametrize("db", ["sqlite"], indirect=True)
async def test_introspecting_the_callers_views_works(db: Database) -> None:
    columns = await db.query_readonly("SELECT name FROM pragma_table_info('monitors')")
    assert ("owner",) in columns.rows
    assert (await db.query_readonly("PRAGMA table_info(runs)")).rows
