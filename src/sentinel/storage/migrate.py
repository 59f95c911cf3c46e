"""Running the Alembic migrations shipped in ``sentinel/storage/migrations`` from code.

Every command opens the database migrated to head. Alembic itself takes about 0.4 s of CPU to
import, more than a read command's whole work, so a database already at the shipped head is
recognised without it: one ``SELECT`` of ``alembic_version`` against the head read from the
migration files' ``revision``/``down_revision`` lines (:func:`shipped_head`). Anything else
(a new database, an older schema, a file that does not parse) goes through Alembic.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import text
from sqlalchemy.engine import URL, Connection
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncEngine

from sentinel.errors import ConfigError
from sentinel.storage.engine import create_engine
from sentinel.storage.errors import StorageError

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS_DIR = Path(__file__).parent / "migrations"
_REVISION = re.compile(r'^revision(?::[^=]*)?=\s*"([^"]+)"', re.MULTILINE)
_DOWN_REVISION = re.compile(r"^down_revision(?::[^=]*)?=\s*(.+)$", re.MULTILINE)


def alembic_config(connection: Connection | None = None) -> Config:
    """An Alembic config for the packaged migrations, bound to ``connection`` if given."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def head_revision() -> str:
    """The newest migration shipped with this version of Sentinel."""
    from alembic.script import ScriptDirectory

    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    if head is None:
        raise ConfigError(f"no migration found in {MIGRATIONS_DIR}")
    return head


async def upgrade_to_head(url: str | URL) -> None:
    """Bring the database at ``url`` to the newest schema, in one transaction."""
    engine = create_engine(url)
    try:
        await upgrade_engine(engine)
    finally:
        await engine.dispose()


@cache
def shipped_head() -> str | None:
    """The head revision as the migration files name it, read without Alembic: the one
    revision no other file revises. None when the files do not say it plainly (Alembic then
    decides)."""
    revisions: set[str] = set()
    revised: set[str] = set()
    for path in (MIGRATIONS_DIR / "versions").glob("*.py"):
        source = path.read_text(encoding="utf-8")
        found, down = _REVISION.search(source), _DOWN_REVISION.search(source)
        if found is None or down is None:
            return None
        revisions.add(found.group(1))
        revised.update(re.findall(r'"([^"]+)"', down.group(1)))
    heads = revisions - revised
    return heads.pop() if len(heads) == 1 else None


async def at_head(engine: AsyncEngine) -> bool:
    """Whether the database is at :func:`shipped_head` (one query, no Alembic)."""
    head = shipped_head()
    if head is None:
        return False
    async with engine.connect() as connection:
        try:
            rows = (await connection.execute(text("SELECT version_num FROM alembic_version"))).all()
        except DBAPIError:  # no version table: a new database
            return False
    return [row[0] for row in rows] == [head]


async def upgrade_engine(engine: AsyncEngine, revision: str = "head") -> None:
    """Migrate through an existing engine (the only way to reach an in-memory SQLite), to
    ``revision`` (default: the newest; a database already there costs one query)."""
    if revision == "head" and await at_head(engine):
        return
    from alembic import command

    async with engine.connect() as connection:
        await connection.run_sync(_migrate, lambda config: command.upgrade(config, revision))


async def downgrade_engine(engine: AsyncEngine, revision: str) -> None:
    """Take the database back to ``revision`` (for operators undoing an upgrade, and tests)."""
    from alembic import command

    async with engine.connect() as connection:
        await connection.run_sync(_migrate, lambda config: command.downgrade(config, revision))


def _migrate(connection: Connection, step: Callable[[Config], None]) -> None:
    """Run ``step`` in one transaction; on SQLite with foreign keys off.

    SQLite alters a table by rebuilding it (batch mode): with foreign keys on, dropping the
    old copy of a parent table would cascade its delete into every child table. The pragma is
    ignored inside a transaction, so it is set around it, and every foreign key is checked
    before the transaction commits (the procedure SQLite documents for schema changes).
    """
    sqlite = connection.dialect.name == "sqlite"
    if sqlite:
        _sqlite_pragma(connection, "PRAGMA foreign_keys=OFF")
    try:
        with connection.begin():
            step(alembic_config(connection))
            if sqlite:
                broken = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
                if broken:
                    raise StorageError(f"migrating broke foreign keys (rolled back): {broken[:5]}")
    finally:
        if sqlite:
            _sqlite_pragma(connection, "PRAGMA foreign_keys=ON")


def _sqlite_pragma(connection: Connection, pragma: str) -> None:
    """Run ``pragma`` on the driver's connection, outside any transaction (through SQLAlchemy
    it would begin one first, where SQLite ignores ``foreign_keys``)."""
    cursor = connection.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
    try:
        cursor.execute(pragma)
    finally:
        cursor.close()


async def current_revision(url: str | URL) -> str | None:
    """The revision the database at ``url`` is at (None: never migrated)."""
    from alembic.runtime.migration import MigrationContext

    engine = create_engine(url)
    try:
        async with engine.connect() as connection:
            return await connection.run_sync(
                lambda sync: MigrationContext.configure(sync).get_current_revision()
            )
    finally:
        await engine.dispose()
