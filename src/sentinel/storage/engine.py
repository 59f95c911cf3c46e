"""Creating SQLAlchemy engines configured the same way for every Sentinel process."""

from __future__ import annotations

from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import URL, Connection, make_url
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from sentinel.errors import ConfigError

# How long a SQLite writer waits for the lock before "database is locked" (seconds).
SQLITE_BUSY_TIMEOUT_S = 30.0
SUPPORTED_DRIVERS = ("sqlite+aiosqlite", "postgresql+asyncpg")


def parse_database_url(url: str | URL) -> URL:
    """Parse and check a database URL; only the async drivers Sentinel ships are accepted."""
    try:
        parsed = make_url(url)
    except Exception as exc:
        raise ConfigError(f"invalid database URL {url!r}: {exc}") from exc
    if parsed.drivername not in SUPPORTED_DRIVERS:
        raise ConfigError(
            f"unsupported database URL {parsed.render_as_string(hide_password=True)!r}: "
            f"use one of {', '.join(d + '://' for d in SUPPORTED_DRIVERS)}"
        )
    return parsed


READ_ONLY = "sentinel_read_only"
"""The connection execution option that marks a transaction that only reads."""


def create_engine(url: str | URL, *, echo: bool = False) -> AsyncEngine:
    """An async engine; SQLite gets WAL, foreign keys, a busy timeout and immediate BEGINs."""
    parsed = parse_database_url(url)
    if parsed.get_backend_name() == "sqlite":
        engine = create_async_engine(
            parsed, echo=echo, connect_args={"timeout": SQLITE_BUSY_TIMEOUT_S}
        )
        _configure_sqlite(engine)
        return engine
    return create_async_engine(parsed, echo=echo, pool_pre_ping=True)


def _configure_sqlite(engine: AsyncEngine) -> None:
    @event.listens_for(engine.sync_engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Take BEGIN away from the sqlite3 driver, which would skip it for SELECTs and DDL.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        # WAL: readers never block the writer. NORMAL sync is durable enough under WAL.
        for pragma in (
            "PRAGMA journal_mode=WAL",
            "PRAGMA synchronous=NORMAL",
            "PRAGMA foreign_keys=ON",
            f"PRAGMA busy_timeout={int(SQLITE_BUSY_TIMEOUT_S * 1000)}",
        ):
            cursor.execute(pragma)
        cursor.close()

    @event.listens_for(engine.sync_engine, "begin")
    def _on_begin(connection: Connection) -> None:
        if connection.get_execution_options().get(READ_ONLY):
            # A unit of work that only reads (Database.reading): a deferred BEGIN takes no
            # lock, so it neither waits for a writer nor makes one wait (WAL).
            connection.exec_driver_sql("BEGIN")
            return
        # IMMEDIATE takes the write lock up front: a read-then-write transaction can then not
        # fail half-way with SQLITE_BUSY when another writer got there first (which the busy
        # timeout cannot fix); writers queue on the busy timeout instead.
        connection.exec_driver_sql("BEGIN IMMEDIATE")
