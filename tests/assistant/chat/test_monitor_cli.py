"""A monitor made in chat is a normal monitor: ``sentinel watch list`` shows it."""

from __future__ import annotations

import asyncio
import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sentinel.assistant.chat.deps import ChatDeps
from sentinel.cli.main import app
from sentinel.config import get_settings
from sentinel.storage import open_database
from sentinel.storage.settings import sqlite_url
from tests.assistant.chat.conftest import Script, decision, named, run_turn
from tests.storage.databases import sqlite_template

__all__ = ["sqlite_template"]
SENTENCE = "Tell me when the Porto half marathon opens registration"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sqlite_template: Path) -> Iterator[Path]:
    """A SENTINEL_HOME holding a migrated database, as the CLI finds it."""
    path = tmp_path / "home"
    path.mkdir()
    shutil.copy(sqlite_template, path / "sentinel.db")
    monkeypatch.setenv("SENTINEL_HOME", str(path))
    monkeypatch.delenv("SENTINEL_DATABASE_URL", raising=False)
    get_settings.cache_clear()
    yield path
    get_settings.cache_clear()


async def test_a_monitor_created_in_chat_is_listed_by_watch_list(home: Path) -> None:
    db = await open_database(sqlite_url(home / "sentinel.db"), migrate=False)
    try:
        script = Script(decisions=[decision(("CREATE_MONITOR", {"sentence": SENTENCE}))])
        deps = ChatDeps.open(db, model=script.model, embedder=None)
        events = await run_turn(deps, SENTENCE, owner="local")
        assert named(events, "error") == []
    finally:
        await db.close()

    listed = await asyncio.to_thread(CliRunner().invoke, app, ["watch", "list", "--json"])
    assert listed.exit_code == 0, listed.output
    [monitor] = json.loads(listed.output)
    assert (monitor["original_query"], monitor["state"]) == (SENTENCE, "active")
