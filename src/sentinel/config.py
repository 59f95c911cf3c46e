"""Sentinel's configuration: one pydantic-settings model over SENTINEL_* variables.

Every value has an embedded default that works offline on a fresh machine.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


def default_home() -> Path:
    """Where Sentinel keeps its database, caches and model files unless told otherwise."""
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg) if xdg else Path.home() / ".local" / "share"
    return base / "sentinel"


class Settings(BaseSettings):
    """All settings. Environment variables are ``SENTINEL_<FIELD>`` (case-insensitive)."""

    model_config = SettingsConfigDict(env_prefix="SENTINEL_", extra="ignore")

    home: Path = Field(default_factory=default_home)

    def ensure_home(self) -> Path:
        """Create the home directory if needed and return it."""
        self.home.mkdir(parents=True, exist_ok=True)
        return self.home


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process-wide settings, read once from the environment."""
    return Settings()
