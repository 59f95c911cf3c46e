"""Engine test fixtures: an empty migrated SQLite database per test (both backends where the
test asks for ``any_db``) and a manual virtual clock at ``T0``."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from sentinel.clock import VirtualClock
from sentinel.storage import Database
from tests.storage.databases import db as any_db
from tests.storage.databases import pg_url, sqlite_copy, sqlite_template
from tests.storage.helpers import T0

__all__ = ["any_db", "clock", "db", "pg_url", "sqlite_template"]


@pytest.fixture
async def db(sqlite_template: Path, tmp_path: Path) -> AsyncIterator[Database]:
    """An empty, migrated SQLite database (a copy of the session's template)."""
    async with sqlite_copy(sqlite_template, tmp_path) as database:
        yield database


@pytest.fixture
def clock() -> VirtualClock:
    """A virtual clock at ``T0`` that moves only when told to."""
    return VirtualClock(T0)
