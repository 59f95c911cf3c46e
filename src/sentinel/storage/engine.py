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
# The execution option of read-only transactions on SQLite (see ``read_only_engine``).
READ_ONLY_OPTION = "sentinel_read_only"


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
        # IMMEDIATE takes the write lock up front: a read-then-write transaction can then not
        # fail half-way with SQLITE_BUSY when another writer got there first (which the busy
        # timeout cannot fix); writers queue on the busy timeout instead. A read-only
        # transaction (``Database.reading``) begins DEFERRED: under WAL it takes no lock a
        # writer waits for.
        reading = connection.get_execution_options().get(READ_ONLY_OPTION)
        connection.exec_driver_sql("BEGIN" if reading else "BEGIN IMMEDIATE")


def read_only_engine(engine: AsyncEngine) -> AsyncEngine:
    """``engine`` (same pool) for read-only transactions: SQLite begins them DEFERRED, so
    they never hold the write lock; PostgreSQL runs them ``READ ONLY`` (writes refused)."""
    if engine.dialect.name == "sqlite":
        return engine.execution_options(**{READ_ONLY_OPTION: True})
    return engine.execution_options(postgresql_readonly=True)
