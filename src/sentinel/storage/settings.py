"""Where the database lives: ``SENTINEL_DATABASE_URL`` or a SQLite file under ``SENTINEL_HOME``.

Storage's section of the configuration (see :data:`sentinel.config.SECTIONS`).
"""

from __future__ import annotations

from pathlib import Path

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

from sentinel.config import get_settings

DATABASE_FILE = "sentinel.db"


class StorageSettings(BaseSettings):
    """Storage settings read from ``SENTINEL_*`` environment variables."""

    model_config = SettingsConfigDict(env_prefix="SENTINEL_", extra="ignore")

    database_url: str | None = None


class RetentionSettings(BaseSettings):
    """How long runs keep their traces and how long runs are kept (0: forever); see
    ``sentinel.storage.retention``. ``sentinel db prune`` and every worker apply them."""

    model_config = SettingsConfigDict(env_prefix="SENTINEL_RETENTION_", extra="ignore")

    trace_days: int = Field(
        default=7,
        ge=0,
        description="Days after which a finished run's trace is compacted (0: never).",
    )
    run_days: int = Field(
        default=30, ge=0, description="Days after which a finished run is deleted (0: never)."
    )
    batch: int = Field(default=500, ge=1, le=10_000, description="Runs per pruning transaction.")
    interval_s: float = Field(
        default=600.0, gt=0, description="Seconds between a worker's background pruning passes."
    )


def sqlite_url(path: Path) -> str:
    """The async SQLAlchemy URL of a SQLite database file."""
    return f"sqlite+aiosqlite:///{path}"


def default_database_url() -> str:
    """``SENTINEL_DATABASE_URL`` if set, else ``<SENTINEL_HOME>/sentinel.db`` (home created)."""
    configured = StorageSettings().database_url
    if configured:
        return configured
    return sqlite_url(get_settings().ensure_home() / DATABASE_FILE)
