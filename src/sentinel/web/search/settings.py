"""Which search provider runs use, from ``SENTINEL_SEARCH`` and ``SENTINEL_SEARCH_FOLDER``.

``SENTINEL_SEARCH_FOLDER`` is the one documents folder of every application: monitors search
it, and so do research runs (``sentinel research``, ``/api/v1/research``, MCP, A2A and the
chat). Its default is ``<SENTINEL_HOME>/documents``. Research used to read
``<SENTINEL_HOME>/index``: while ``documents`` holds no document and ``index`` does, ``index``
is read, with a warning saying to move its documents.
"""

from __future__ import annotations

import logging
from pathlib import Path

from pydantic_settings import BaseSettings, SettingsConfigDict

from sentinel.config import get_settings
from sentinel.web.search.local import FOLDER_SUFFIXES

log = logging.getLogger(__name__)

DOCUMENTS = "documents"
LEGACY_DOCUMENTS = "index"


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
        """The documents folder: ``SENTINEL_SEARCH_FOLDER`` as given, else
        ``<SENTINEL_HOME>/documents`` (created), or the legacy ``<SENTINEL_HOME>/index`` while
        only that one holds documents (see the module documentation)."""
        if self.search_folder is not None:
            return self.search_folder
        home = get_settings().ensure_home()
        folder, legacy = home / DOCUMENTS, home / LEGACY_DOCUMENTS
        if has_documents(legacy) and not has_documents(folder):
            log.warning(
                "reading documents from %s, the old research folder: move them to %s "
                "(or set SENTINEL_SEARCH_FOLDER=%s); a later version will not read it",
                legacy,
                folder,
                legacy,
            )
            return legacy
        folder.mkdir(exist_ok=True)
        return folder


def has_documents(folder: Path) -> bool:
    """Whether ``folder`` holds a document the local index reads (searched recursively, up to
    the first one found)."""
    if not folder.is_dir():
        return False
    return any(p.suffix.lower() in FOLDER_SUFFIXES and p.is_file() for p in folder.rglob("*"))
