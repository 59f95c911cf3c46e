"""Sentinel's configuration: SENTINEL_* environment variables, one settings section per layer.

Every value has an embedded default that works offline on a fresh machine. Each layer reads
its own section (a pydantic-settings model next to the code that uses it), so ``store``,
``agents`` and ``llm`` depend on no application's configuration and a layer can be used and
tested alone. :data:`SECTIONS` lists them all; ``sentinel config`` prints every variable with
its effective value and where it came from (secrets masked). This module holds the one
setting every layer shares: ``SENTINEL_HOME``, where the database, documents and caches live.
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


SECTIONS: dict[str, str] = {
    "core": "sentinel.config:Settings",
    "storage": "sentinel.storage.settings:StorageSettings",
    "retention": "sentinel.storage.settings:RetentionSettings",
    "llm": "sentinel.llm.settings:LLMSettings",
    "search": "sentinel.web.search.settings:SearchSettings",
    "fetch": "sentinel.web.settings:FetchSettings",
    "web": "sentinel.web.settings:WebSettings",
    "watch": "sentinel.monitor.budget:WatchSettings",
    "notify": "sentinel.web.outbound:NotifySettings",
    "api": "sentinel.api.limits:ApiLimits",
    "ratelimit": "sentinel.api.ratelimit:ApiSettings",
    "smtp": "sentinel.notify.settings:SmtpSettings",
    "engine": "sentinel.engine.temporal.settings:EngineSettings",
    "memory": "sentinel.assistant.memory.settings:MemorySettings",
    "chat": "sentinel.assistant.chat.settings:ChatSettings",
}
"""Every settings section: name -> ``module:Class`` (imported only by ``sentinel config``)."""


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process-wide settings, read once from the environment."""
    return Settings()
