"""Where the database lives: ``SENTINEL_DATABASE_URL`` or a SQLite file under ``SENTINEL_HOME``.

Storage's section of the configuration (see :data:`sentinel.config.SECTIONS`).
"""

from __future__ import annotations

from pathlib import Path

from pydantic_settings import BaseSettings, SettingsConfigDict

from sentinel.config import get_settings

DATABASE_FILE = "sentinel.db"


class StorageSettings(BaseSettings):
    """Storage settings read from ``SENTINEL_*`` environment variables."""

    model_config = SettingsConfigDict(env_prefix="SENTINEL_", extra="ignore")

    database_url: str | None = None


def sqlite_url(path: Path) -> str:
    """The async SQLAlchemy URL of a SQLite database file."""
    return f"sqlite+aiosqlite:///{path}"


def default_database_url() -> str:
    """``SENTINEL_DATABASE_URL`` if set, else ``<SENTINEL_HOME>/sentinel.db`` (home created)."""
    configured = StorageSettings().database_url
    if configured:
        return configured
    return sqlite_url(get_settings().ensure_home() / DATABASE_FILE)
