"""One owner's rows for read-only SQL: temporary views that shadow the monitor tables.

A read-only statement runs on a connection where ``monitors``, ``runs``, ``state_versions``,
``deliveries`` and ``notifications`` are temporary views holding the owner's rows only (both
backends look a name up in the temporary schema first), so ``SELECT * FROM monitors`` means
"my monitors". The tables themselves stay out of reach:

- SQLite: the authorizer lets a statement read ``main.<table>`` only through the view of the
  same name (SQLite names the innermost view responsible for each read), so ``main.monitors``
  or the ``main.notifications`` view are refused.
- PostgreSQL: the ``sentinel_reader`` role has no grant on the tables (migration 0010); the
  views, made by the connection's own user, are granted to it for the one transaction and
  dropped with it. Without that role the owner could not be enforced, so queries are refused.

Each view reads the one before it (``runs`` keeps the runs of the owner's ``monitors`` view),
which is what makes SQLite's "innermost view" rule hold.
"""

from __future__ import annotations

# Base tables (and main's view) read only through the owner's view of the same name.
OWNED_TABLES = ("monitors", "runs", "state_versions", "deliveries", "notifications")
NOTIFICATION_COLUMNS = (
    "id, monitor_id, run_id, idempotency_key, channel, payload, status, attempts, "
    "delivered_at, last_error, created_at"
)


def sql_literal(text: str) -> str:
    """``text`` as a SQL string literal (quotes doubled)."""
    return "'" + text.replace("'", "''") + "'"


def owned_view_statements(owner: str, *, base: str, temp: str) -> list[str]:
    """The CREATE TEMP VIEW statements of ``owner``'s rows; ``base`` qualifies the real tables
    (``main`` on SQLite, the schema on PostgreSQL), ``temp`` the views (``temp``/``pg_temp``)."""
    of_owner = f"monitor_id IN (SELECT id FROM {temp}.monitors)"
    return [
        f"CREATE TEMP VIEW monitors AS SELECT * FROM {base}.monitors "
        f"WHERE owner = {sql_literal(owner)}",
        f"CREATE TEMP VIEW runs AS SELECT * FROM {base}.runs WHERE {of_owner}",
        f"CREATE TEMP VIEW state_versions AS SELECT * FROM {base}.state_versions WHERE {of_owner}",
        f"CREATE TEMP VIEW deliveries AS SELECT * FROM {base}.deliveries WHERE {of_owner}",
        f"CREATE TEMP VIEW notifications AS SELECT {NOTIFICATION_COLUMNS} FROM {temp}.deliveries",
    ]


# Table-valued functions a statement may read from: they see only the values given to them.
TABLE_FUNCTIONS = frozenset({"json_each", "json_tree"})
# Introspection pragmas that only read, allowed on the owner's views (``PRAGMA
# table_info(monitors)``, ``pragma_table_info('runs')``); on anything else they would list
# the internal tables.
READ_PRAGMAS = frozenset(
    {"table_info", "table_xinfo", "index_list", "index_info", "index_xinfo", "foreign_key_list"}
)


def sqlite_read_allowed(
    table: str | None, database: str | None, source: str | None, stored: frozenset[str]
) -> bool:
    """Whether SQLite may read ``database.table`` on behalf of view ``source`` (None: the
    statement itself), ``stored`` being the names of the database's tables and views
    (lowercase). Only the owner's views are readable: a monitor table through the view of
    its name, the views themselves, table-valued functions over given values, and what the
    statement names itself (a ``WITH`` table) — never another table, SQLite's own
    (``sqlite_master``, ``sqlite_sequence``, ``dbstat``) nor ``alembic_version``."""
    if table in OWNED_TABLES:
        return database == "temp" or (database == "main" and source == table)
    if table in TABLE_FUNCTIONS:
        return True
    if table is not None and table.startswith("pragma_"):
        return table[7:] in READ_PRAGMAS  # its argument is checked as a PRAGMA
    # A common table expression is read under its own name, in no database.
    return database is None and table is not None and table.lower() not in stored
