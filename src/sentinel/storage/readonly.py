"""Read-only SQL over the monitor tables: "the web as a queryable database", safely.

The database enforces it, not a regular expression. SQLite: a separate ``mode=ro`` connection
with ``PRAGMA query_only`` and an authorizer that allows reading and nothing else (no ATTACH,
no temp tables, no PRAGMA writes, no signing secrets). PostgreSQL: a ``READ ONLY`` transaction
with a statement timeout, run as the ``sentinel_reader`` role when it exists (it may SELECT the
queryable tables only). Both drivers refuse several statements in one call. The statement's
first keyword only serves to name what was refused.
"""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3
import time
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import quote

from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncEngine

from sentinel.errors import ConfigError, InvalidInput
from sentinel.storage.errors import QueryFailed, ReadOnlyQueryError
from sentinel.storage.owned_views import (
    OWNED_TABLES,
    READ_PRAGMAS,
    owned_view_statements,
    sqlite_read_allowed,
)
from sentinel.storage.plan_scope import plan_refusal

MAX_ROWS = 10_000
READER_ROLE = "sentinel_reader"
_WRITE_ACTIONS: dict[int, str] = {
    sqlite3.SQLITE_INSERT: "INSERT",
    sqlite3.SQLITE_UPDATE: "UPDATE",
    sqlite3.SQLITE_DELETE: "DELETE",
    sqlite3.SQLITE_ATTACH: "ATTACH",
    sqlite3.SQLITE_DETACH: "DETACH",
    sqlite3.SQLITE_TRANSACTION: "transaction control",
    sqlite3.SQLITE_SAVEPOINT: "SAVEPOINT",
    sqlite3.SQLITE_ALTER_TABLE: "ALTER TABLE",
    sqlite3.SQLITE_ANALYZE: "ANALYZE",
    sqlite3.SQLITE_REINDEX: "REINDEX",
    sqlite3.SQLITE_CREATE_VTABLE: "CREATE VIRTUAL TABLE",
    sqlite3.SQLITE_DROP_VTABLE: "DROP VIRTUAL TABLE",
}
for _name in dir(sqlite3):
    if _name.startswith(("SQLITE_CREATE_", "SQLITE_DROP_")) and _name.count("_") >= 2:
        _WRITE_ACTIONS.setdefault(
            getattr(sqlite3, _name), _name.removeprefix("SQLITE_").replace("_", " ")
        )
_ROW_ACTIONS = frozenset({sqlite3.SQLITE_INSERT, sqlite3.SQLITE_UPDATE, sqlite3.SQLITE_DELETE})
VIEWS_HINT = f"only the owner's views are readable: {', '.join(OWNED_TABLES)}"
_SCHEMA_TABLES = frozenset({"sqlite_master", "sqlite_temp_master", "sqlite_schema"})
_TEMP_SCHEMA = frozenset({"sqlite_temp_schema", "dbstat"})
# Statements that read: the only ones whose rows are given back.
READ_KINDS = frozenset({"SELECT", "WITH", "VALUES", "TABLE"})
_PG_READ_ONLY = re.compile(r"cannot execute (.+?) in a read-only transaction")


class QueryResult(NamedTuple):
    """Column names and at most ``limit`` rows (JSON values as JSON text on both backends)."""

    columns: list[str]
    rows: list[tuple[Any, ...]]


def statement_kind(sql: str) -> str:
    """The leading keyword of ``sql`` (after comments), upper-cased, to name a refusal."""
    text = re.sub(r"(--[^\n]*\n?|/\*.*?\*/|\s)+", " ", sql, flags=re.DOTALL).strip()
    text = text.lstrip("( ")  # "(SELECT 1) UNION (SELECT 2)" is a SELECT
    match = re.match(r"[A-Za-z]+", text)
    return match.group(0).upper() if match else "empty statement"


def check_limit(limit: int) -> None:
    """A row limit is between 1 and ``MAX_ROWS``."""
    if not 1 <= limit <= MAX_ROWS:
        raise InvalidInput("limit", limit, f"must be between 1 and {MAX_ROWS}")


async def query_sqlite(
    path: Path, sql: str, *, owner: str, limit: int, timeout_s: float
) -> QueryResult:
    """Run ``sql`` over ``owner``'s rows on its own read-only connection to the SQLite file at
    ``path`` (see ``sentinel.storage.owned_views``)."""
    return await asyncio.to_thread(_query_sqlite_blocking, path, sql, owner, limit, timeout_s)


def _query_sqlite_blocking(
    path: Path, sql: str, owner: str, limit: int, timeout_s: float
) -> QueryResult:
    if not path.is_file():
        raise ConfigError(f"read-only queries need an existing SQLite file, not {path}")
    refused: list[str] = []
    # SQLite sets up a table-valued function (json_each) by writing to its schema table and
    # reading one rowid of it back, before the statement: that read is SQLite's own.
    bookkeeping = False

    def authorize(
        action: int, arg1: str | None, arg2: str | None, database: str | None, source: str | None
    ) -> int:
        nonlocal bookkeeping
        kind = _sqlite_refusal(action, arg1, arg2)
        if action in _ROW_ACTIONS and arg1 in _SCHEMA_TABLES:
            bookkeeping = True
        elif kind is None and action == sqlite3.SQLITE_READ:
            own = bookkeeping and arg1 in _SCHEMA_TABLES and arg2 == "ROWID" and source is None
            bookkeeping = False
            if not own and not sqlite_read_allowed(arg1, database, source, stored):
                kind = (
                    f"reading main.{arg1} (the owner's rows are in {arg1})"
                    if arg1 in OWNED_TABLES
                    else f"reading {arg1}"
                )
        if kind is not None and arg1 in OWNED_TABLES:
            # The names resolve to the owner's temporary views: name the statement written.
            kind = kind.replace(" TEMP ", " ")
        if kind is None:
            return sqlite3.SQLITE_OK
        refused.append(kind)
        return sqlite3.SQLITE_DENY

    stored: frozenset[str] = frozenset()
    deadline = time.monotonic() + timeout_s
    connection = sqlite3.connect(
        f"file:{quote(str(path))}?mode=ro", uri=True, isolation_level=None, timeout=timeout_s
    )
    try:
        # The temporary schema is writable on a mode=ro connection, until query_only.
        for statement in owned_view_statements(owner, base="main", temp="temp"):
            connection.execute(statement)
        stored = _stored_names(connection)
        connection.execute("PRAGMA query_only=ON")
        connection.set_authorizer(authorize)
        # Checked every few thousand VM steps: a runaway query is interrupted at the deadline.
        connection.set_progress_handler(lambda: int(time.monotonic() > deadline), 5_000)
        try:
            cursor = connection.execute(sql)
            columns = [column[0] for column in cursor.description or ()]
            rows = [tuple(row) for row in cursor.fetchmany(limit)]
        except sqlite3.ProgrammingError as exc:
            if "one statement at a time" in str(exc):
                raise ReadOnlyQueryError(sql, "multiple statements") from exc
            raise QueryFailed(sql, str(exc)) from exc
        except sqlite3.DatabaseError as exc:
            if refused:
                raise ReadOnlyQueryError(sql, refused[0], _scope_hint(refused[0])) from exc
            if getattr(exc, "sqlite_errorname", "") == "SQLITE_READONLY" or (
                "may not be modified" in str(exc) or "because it is a view" in str(exc)
            ):
                raise ReadOnlyQueryError(sql, statement_kind(sql)) from exc
            if "interrupted" in str(exc):
                raise QueryFailed(sql, f"timed out after {timeout_s:g}s") from exc
            raise QueryFailed(sql, str(exc)) from exc
        return QueryResult(columns, rows)
    finally:
        connection.close()


def _stored_names(connection: sqlite3.Connection) -> frozenset[str]:
    """The tables and views of the database (and SQLite's schema tables), lowercase."""
    rows = connection.execute(
        "SELECT name FROM main.sqlite_master WHERE type IN ('table', 'view') "
        "UNION SELECT name FROM temp.sqlite_master WHERE type IN ('table', 'view')"
    )
    return frozenset(str(name).lower() for (name,) in rows) | _SCHEMA_TABLES | _TEMP_SCHEMA


def _scope_hint(kind: str) -> str:
    """What may be read instead, for a refusal to read something outside the owner's views."""
    outside = kind.startswith("reading ") and not kind.startswith("reading main.")
    return VIEWS_HINT if outside or re.match(r"PRAGMA \w+\(", kind) else ""


def _sqlite_refusal(action: int, arg1: str | None, arg2: str | None) -> str | None:
    """Why the authorizer refuses an action, or None to allow it."""
    if action == sqlite3.SQLITE_PRAGMA:
        if arg1 in READ_PRAGMAS:
            return None if arg2 in OWNED_TABLES else f"PRAGMA {arg1}({arg2 or ''})"
        return "PRAGMA write" if arg2 is not None else f"PRAGMA {arg1}"
    if action in _ROW_ACTIONS and arg1 in _SCHEMA_TABLES:
        # SQLite's own bookkeeping, reported before the statement itself (CREATE TABLE comes
        # as an INSERT into sqlite_master first, then as CREATE TABLE, which is refused).
        # query_only and mode=ro still stop a real write to the schema table.
        return None
    if action == sqlite3.SQLITE_FUNCTION and arg2 == "load_extension":
        return "load_extension()"
    return _WRITE_ACTIONS.get(action)


async def query_postgresql(
    engine: AsyncEngine, sql: str, *, owner: str, limit: int, timeout_s: float
) -> QueryResult:
    """Run ``sql`` over ``owner``'s rows in a read-only transaction, as the reader role (see
    ``sentinel.storage.owned_views``); refused when that role is not available."""
    async with engine.connect() as connection:
        try:
            usable = await connection.exec_driver_sql(
                "SELECT CASE WHEN EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $1) "
                "THEN pg_has_role(current_user, $1, 'MEMBER') ELSE false END",
                (READER_ROLE,),
            )
            if not usable.scalar():
                raise ReadOnlyQueryError(
                    sql,
                    "a query",
                    f"PostgreSQL needs the {READER_ROLE} role (migration 0001 makes it where the "
                    "user may CREATE ROLE) to keep a query to one owner's rows",
                )
            schema = (await connection.exec_driver_sql("SELECT current_schema()")).scalar()
            # Made (and granted) in this transaction, gone at its rollback.
            for statement in owned_view_statements(owner, base=f'"{schema}"', temp="pg_temp"):
                await connection.exec_driver_sql(statement)
            views = ", ".join(f"pg_temp.{name}" for name in OWNED_TABLES)
            await connection.exec_driver_sql(f"GRANT SELECT ON {views} TO {READER_ROLE}")
            await connection.exec_driver_sql("SET TRANSACTION READ ONLY")
            await connection.exec_driver_sql(
                f"SET LOCAL statement_timeout = {max(1, int(timeout_s * 1000))}"
            )
            await connection.exec_driver_sql(f"SET LOCAL ROLE {READER_ROLE}")
            kind = statement_kind(sql)
            if kind in READ_KINDS:
                explained = await connection.exec_driver_sql(
                    f"EXPLAIN (VERBOSE, FORMAT JSON) {sql}"
                )
                [plan] = _json_value(explained.scalar())
                refusal = plan_refusal(plan["Plan"], str(schema))
                if refusal is not None:
                    raise ReadOnlyQueryError(sql, refusal, VIEWS_HINT)
            result = await connection.exec_driver_sql(sql)
            if not result.returns_rows or kind not in READ_KINDS:
                # A write the read-only transaction let through, or SHOW, EXPLAIN (ANALYZE):
                # rows about the server, not the owner's.
                raise ReadOnlyQueryError(sql, kind)
            columns = list(result.keys())
            rows = [tuple(_portable(value) for value in row) for row in result.fetchmany(limit)]
        except DBAPIError as exc:
            raise _postgresql_refusal(sql, exc, timeout_s) from exc
        finally:
            await connection.rollback()
    return QueryResult(columns, rows)


def _postgresql_refusal(sql: str, exc: DBAPIError, timeout_s: float) -> InvalidInput:
    """Turn a PostgreSQL error into ReadOnlyQueryError (a refused write) or QueryFailed."""
    message = str(exc.orig)
    sqlstate = getattr(exc.orig, "sqlstate", None)
    if match := _PG_READ_ONLY.search(message):
        kind = match.group(1).upper()
        # PostgreSQL names the top-level command: a DELETE inside a WITH comes as "SELECT".
        return ReadOnlyQueryError(sql, "a write inside a SELECT" if kind == "SELECT" else kind)
    if "cannot insert multiple commands" in message:
        return ReadOnlyQueryError(sql, "multiple statements")
    if sqlstate == "42501":  # insufficient_privilege: the reader role may not do this
        table = re.search(r"permission denied for (?:table|relation) (\w+)", message)
        if statement_kind(sql) not in READ_KINDS:
            return ReadOnlyQueryError(sql, statement_kind(sql), message.splitlines()[-1])
        if table and table.group(1) in OWNED_TABLES:
            name = table.group(1)
            return ReadOnlyQueryError(sql, f"reading {name}", f"the owner's rows are in {name}")
        if table:
            return ReadOnlyQueryError(sql, f"reading {table.group(1)}", VIEWS_HINT)
        return ReadOnlyQueryError(sql, statement_kind(sql), message.splitlines()[-1])
    if sqlstate == "57014":  # query_canceled by statement_timeout
        return QueryFailed(sql, f"timed out after {timeout_s:g}s")
    return QueryFailed(sql, message.splitlines()[-1])


def _json_value(value: Any) -> Any:
    """A JSON column's value, whether the driver parsed it or handed the text over."""
    return json.loads(value) if isinstance(value, str | bytes) else value


def _portable(value: Any) -> Any:
    """JSON documents as text, as SQLite returns them, so results compare across backends."""
    if isinstance(value, dict | list):
        return json.dumps(value)
    return value
