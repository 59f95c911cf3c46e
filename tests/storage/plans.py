"""Reading query plans: does a statement find its rows through an index, or read a table whole?

SQLite: ``EXPLAIN QUERY PLAN``. A ``SCAN`` of a watched table is a full read (of the table or
of a whole index); so is a ``SEARCH`` whose only index terms are an equality on ``state`` or
``status`` with no upper bound (every active monitor, every succeeded run: the bug of issue
13, where the leased-monitors query walked the (state, next_run_at) index); and so is a
temporary B-tree for ORDER BY (every matching row is read to be sorted).

PostgreSQL: ``EXPLAIN (FORMAT JSON)`` with ``enable_seqscan`` off, so a tiny test table does
not make a sequential scan the cheapest plan: a ``Seq Scan`` of a watched table then means no
index can serve the query. An index scan without an index condition reads the whole index,
unless the index is partial (its rows are the ones wanted); one whose only condition is an
equality on ``state``/``status`` reads every row in that state.

Only the tables that grow with the number of monitors and their history are watched.
"""

from __future__ import annotations

import json
import re
from typing import Any

from sqlalchemy.ext.asyncio import AsyncConnection

from sentinel.storage import Database
from sentinel.storage.statements import Statement

WATCHED = ("monitors", "runs", "deliveries", "state_versions")
# Tables where one state/status value can hold most rows (active monitors, finished runs).
LOW_CARDINALITY = {"monitors": "state", "runs": "status"}


async def plan_problems(db: Database, statement: Statement) -> list[str]:
    """What reads a watched table whole in ``statement``'s plan ([] when nothing does)."""
    async with db.engine.connect() as connection:
        if db.backend == "sqlite":
            return await _sqlite_problems(connection, statement)
        return await _postgresql_problems(connection, statement)


async def _sqlite_problems(connection: AsyncConnection, statement: Statement) -> list[str]:
    result = await connection.exec_driver_sql(
        "EXPLAIN QUERY PLAN " + statement.sql, _one_set(statement)
    )
    return [line for line in (str(row[3]) for row in result.all()) if _sqlite_line_is_a_scan(line)]


def _one_set(statement: Statement) -> tuple[Any, ...]:
    """The parameters of one execution (an executemany's first set)."""
    parameters = statement.parameters
    if isinstance(parameters, list):
        parameters = parameters[0] if parameters else ()
    return tuple(parameters or ())


def _sqlite_line_is_a_scan(line: str) -> bool:
    match = re.match(r"(SCAN|SEARCH) (\w+)", line)
    if match is None or match.group(2) not in WATCHED:
        return False
    kind, table = match.groups()
    if kind == "SCAN":
        return True
    column = LOW_CARDINALITY.get(table)
    terms = re.search(r"\(([^)]*)\)$", line)
    if column is None or terms is None or "PRIMARY KEY" in line:
        return False
    parts = [part.strip() for part in terms.group(1).split(" AND ")]
    only_state = all(part == f"{column}=?" or part.endswith(">?") for part in parts)
    return only_state and f"{column}=?" in parts


async def _postgresql_problems(connection: AsyncConnection, statement: Statement) -> list[str]:
    await connection.exec_driver_sql("SET enable_seqscan = off")
    try:
        result = await connection.exec_driver_sql(
            "EXPLAIN (FORMAT JSON) " + statement.sql, _one_set(statement)
        )
        document = result.scalar_one()
        partial = await _partial_indexes(connection)
    finally:
        await connection.rollback()
    plan = json.loads(document) if isinstance(document, str) else document
    problems: list[str] = []
    _walk(plan[0]["Plan"], partial, problems)
    return problems


async def _partial_indexes(connection: AsyncConnection) -> set[str]:
    result = await connection.exec_driver_sql(
        "SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid "
        "WHERE i.indpred IS NOT NULL"
    )
    return {row[0] for row in result.all()}


def _walk(node: dict[str, Any], partial: set[str], problems: list[str]) -> None:
    kind = node.get("Node Type", "")
    table = node.get("Relation Name")
    index = node.get("Index Name")
    condition = node.get("Index Cond")
    if kind == "Seq Scan" and table in WATCHED:
        problems.append(f"Seq Scan on {table}")
    elif "Index" in kind and index is not None and _index_table(index) in WATCHED:
        watched = _index_table(index)
        if condition is None and index not in partial and not index.startswith("pk_"):
            problems.append(f"{kind} using {index} without a condition")
        column = LOW_CARDINALITY.get(watched)
        if condition is not None and column is not None and _only_equality_on(condition, column):
            problems.append(f"{kind} using {index} on {condition}")
    for child in node.get("Plans", []):
        _walk(child, partial, problems)


def _index_table(index: str) -> str | None:
    """The table of an index named by the naming convention (ix_/uq_/pk_<table>…)."""
    for table in WATCHED:
        if index.startswith((f"ix_{table}_", f"uq_{table}_", f"pk_{table}")):
            return table
    return None


def _only_equality_on(condition: str, column: str) -> bool:
    terms = [term.strip("() ") for term in condition.split(" AND ")]
    return all(re.match(rf"\(?{column}\)?(::text)? = ", term) for term in terms)
