"""Read-only SQL: reads work, and every kind of write is refused by the database itself."""

from __future__ import annotations

import json

import pytest

from sentinel.storage import Database, QueryFailed, ReadOnlyQueryError
from sentinel.storage.readonly import statement_kind
from tests.storage.helpers import at, make_monitor

REFUSED = {
    "INSERT INTO monitors (name) VALUES ('x')": "INSERT",
    "UPDATE monitors SET name = 'x'": "UPDATE",
    "DELETE FROM runs": "DELETE",
    "CREATE TABLE evil (x INTEGER)": "CREATE TABLE",
    "DROP TABLE runs": "DROP TABLE",
    "SELECT 1; DELETE FROM runs": "multiple statements",
}
SQLITE_ONLY = {
    "PRAGMA journal_mode = DELETE": "PRAGMA write",
    "ATTACH DATABASE 'other.db' AS other": "ATTACH",
    "VACUUM INTO 'copy.db'": "ATTACH",
    "CREATE TEMP TABLE scratch (x INTEGER)": "CREATE TEMP TABLE",
    "DELETE FROM sqlite_master": "DELETE",
    "BEGIN IMMEDIATE": "transaction control",
}


async def test_reads_return_columns_and_rows_with_json_as_text(db: Database) -> None:
    monitor = await make_monitor(db)
    async with db.transaction() as tx:
        await tx.states.append(monitor.id, state={"price": 99}, now=at(1))
        await tx.states.append(monitor.id, state={"price": 89}, now=at(2))
    result = await db.query_readonly(
        "SELECT m.name, s.version, s.state FROM state_versions s "
        "JOIN monitors m ON m.id = s.monitor_id ORDER BY s.version",
        limit=1,
    )
    columns, rows = result
    assert columns == ["name", "version", "state"]
    assert [(name, version, json.loads(state)) for name, version, state in rows] == [
        ("iphone", 1, {"price": 99})
    ]


@pytest.mark.parametrize(("sql", "kind"), REFUSED.items())
async def test_writes_are_refused_naming_the_statement(db: Database, sql: str, kind: str) -> None:
    await make_monitor(db)
    with pytest.raises(ReadOnlyQueryError) as caught:
        await db.query_readonly(sql)
    assert caught.value.kind == kind
    assert caught.value.field == "sql"
    assert caught.value.value == sql
    assert "read-only" in str(caught.value)
    async with db.transaction() as tx:
        assert [m.name for m in await tx.monitors.find()] == ["iphone"]


@pytest.mark.parametrize("db", ["sqlite"], indirect=True)
@pytest.mark.parametrize(("sql", "kind"), SQLITE_ONLY.items())
async def test_sqlite_specific_escapes_are_refused(db: Database, sql: str, kind: str) -> None:
    with pytest.raises(ReadOnlyQueryError) as caught:
        await db.query_readonly(sql)
    assert caught.value.kind == kind


async def test_signing_secrets_cannot_be_read(db: Database) -> None:
    await make_monitor(db)
    with pytest.raises(ReadOnlyQueryError) as caught:
        await db.query_readonly("SELECT signing_secret FROM monitor_secrets")
    assert caught.value.kind == "reading monitor_secrets"


async def test_api_key_hashes_cannot_be_read(db: Database) -> None:
    with pytest.raises((ReadOnlyQueryError, QueryFailed)) as caught:
        await db.query_readonly("SELECT key_hash FROM api_keys")
    # SQLite's authorizer names the table; on PostgreSQL the reader role has no grant on it.
    assert "api_keys" in str(caught.value) or "permission denied" in str(caught.value)


@pytest.mark.parametrize("db", ["postgresql"], indirect=True)
async def test_postgresql_queries_run_as_the_reader_role_in_a_read_only_transaction(
    db: Database,
) -> None:
    assert await db.query_readonly("SELECT current_user") == (
        ["current_user"],
        [("sentinel_reader",)],
    )
    # ``runs`` is the owner's view, which the reader role may only SELECT.
    with pytest.raises(ReadOnlyQueryError, match=r"WITH refused.*permission denied for view runs"):
        await db.query_readonly("WITH gone AS (DELETE FROM runs RETURNING id) SELECT * FROM gone")
    # Superuser-only functions are out of reach of the reader role.
    with pytest.raises(ReadOnlyQueryError, match="permission denied"):
        await db.query_readonly("SELECT pg_read_file('/etc/hostname')")
    with pytest.raises(QueryFailed, match="read-write mode must be set before any query"):
        await db.query_readonly("SELECT set_config('transaction_read_only', 'off', false)")


async def test_bad_sql_and_runaway_queries_fail_cleanly(db: Database) -> None:
    with pytest.raises(QueryFailed) as caught:
        await db.query_readonly("SELEC 1")
    assert caught.value.field == "sql"
    runaway = (
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n"
    )
    with pytest.raises(QueryFailed, match=r"timed out after 0\.2s"):
        await db.query_readonly(runaway, timeout_s=0.2)


async def test_the_row_limit_is_bounded(db: Database) -> None:
    with pytest.raises(ValueError, match="limit"):
        await db.query_readonly("SELECT 1", limit=0)


def test_statement_kind_skips_comments() -> None:
    assert statement_kind("-- why\n /* note */ delete from x") == "DELETE"
    assert statement_kind("   ") == "empty statement"
