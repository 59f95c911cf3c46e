"""Running the Alembic migrations shipped in ``sentinel/storage/migrations`` from code."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.engine import URL, Connection
from sqlalchemy.ext.asyncio import AsyncEngine

from sentinel.errors import ConfigError
from sentinel.storage.engine import create_engine

MIGRATIONS_DIR = Path(__file__).parent / "migrations"


def alembic_config(connection: Connection | None = None) -> Config:
    """An Alembic config for the packaged migrations, bound to ``connection`` if given."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def head_revision() -> str:
    """The newest migration shipped with this version of Sentinel."""
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


async def upgrade_engine(engine: AsyncEngine) -> None:
    """Migrate through an existing engine (the only way to reach an in-memory SQLite)."""
    async with engine.begin() as connection:
        await connection.run_sync(lambda sync: command.upgrade(alembic_config(sync), "head"))


async def current_revision(url: str | URL) -> str | None:
    """The revision the database at ``url`` is at (None: never migrated)."""
    engine = create_engine(url)
    try:
        async with engine.connect() as connection:
            return await connection.run_sync(
                lambda sync: MigrationContext.configure(sync).get_current_revision()
            )
    finally:
        await engine.dispose()
