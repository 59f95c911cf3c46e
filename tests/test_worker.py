"""The services the worker gives monitor runs: what they read pages with."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from sentinel.clock import SystemClock
from sentinel.config import get_settings
from sentinel.engine import RunRetryPolicy
from sentinel.storage import Database
from sentinel.worker import build_run_services
from tests.storage.databases import sqlite_copy, sqlite_template

__all__ = ["sqlite_template"]


@pytest.fixture
async def db(sqlite_template: Path, tmp_path: Path) -> AsyncIterator[Database]:
    async with sqlite_copy(sqlite_template, tmp_path) as database:
        yield database


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("SENTINEL_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("SENTINEL_SEARCH", "local")
    monkeypatch.delenv("SENTINEL_SEARCH_FOLDER", raising=False)
    get_settings.cache_clear()
    yield tmp_path / "home"
    get_settings.cache_clear()


def test_a_monitor_run_reads_pages_as_a_monitor_does_not_as_an_article(
    home: Path, db: Database
) -> None:
    services = build_run_services(db, SystemClock(), "worker-1", RunRetryPolicy())
    # A monitor reads every visible block (page_text); trafilatura's article pass is skipped.
    assert services.fetcher.article is False
    assert services.fetcher.keep_blocks is False
