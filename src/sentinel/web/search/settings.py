"""Which search provider runs use, from ``SENTINEL_SEARCH`` and ``SENTINEL_SEARCH_FOLDER``."""

from __future__ import annotations

from pathlib import Path

from pydantic_settings import BaseSettings, SettingsConfigDict

from sentinel.config import get_settings


class SearchSettings(BaseSettings):
    """Which search provider runs use: ``SENTINEL_SEARCH`` (local — the embedded default —,
    searxng, brave, tavily, google_cse); ``SENTINEL_SEARCH_FOLDER`` is the folder of documents
    the local one indexes (default ``<SENTINEL_HOME>/documents``). Provider credentials come
    from their usual variables (``SEARXNG_URL``, ``BRAVE_API_KEY``…).
    """

    model_config = SettingsConfigDict(env_prefix="SENTINEL_", extra="ignore")

    search: str = "local"
    search_folder: Path | None = None

    @property
    def is_local(self) -> bool:
        """Whether runs search the embedded local index."""
        return self.search.strip().lower() == "local"

    def documents_folder(self) -> Path:
        """The local search's folder (created when it is the default one)."""
        if self.search_folder is not None:
            return self.search_folder
        folder = get_settings().ensure_home() / "documents"
        folder.mkdir(exist_ok=True)
        return folder
