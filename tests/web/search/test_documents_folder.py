"""One documents folder for every application: ``SENTINEL_SEARCH_FOLDER`` (default
``<SENTINEL_HOME>/documents``) is what monitors search and what research reads; the old
research folder ``<SENTINEL_HOME>/index`` is read, with a warning, while it alone has
documents."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from sentinel.config import get_settings
from sentinel.errors import ConfigError
from sentinel.research import EmptyIndexError, ResearchTools
from sentinel.web.search.local import LocalSearch
from sentinel.web.search.settings import SearchSettings
from sentinel.worker import configured_search


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty SENTINEL_HOME, local search, no SENTINEL_SEARCH_FOLDER."""
    path = tmp_path / "home"
    monkeypatch.setenv("SENTINEL_HOME", str(path))
    monkeypatch.delenv("SENTINEL_SEARCH_FOLDER", raising=False)
    monkeypatch.delenv("SENTINEL_SEARCH", raising=False)
    get_settings.cache_clear()
    yield path
    get_settings.cache_clear()


def write(folder: Path, name: str, text: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(text)


def searched_urls(provider: object, *candidates: Path) -> set[str]:
    """Which of the ``candidates`` files the local search ``provider`` indexes (and that it
    indexes nothing else)."""
    assert isinstance(provider, LocalSearch)
    found = {p.as_uri() for p in candidates if provider.index.get(p.as_uri()) is not None}
    assert len(provider.index) == len(found)
    return found


def test_monitors_and_research_read_the_same_default_folder(home: Path) -> None:
    write(home / "documents", "tea.md", "# Tea\n\nGreen tea is steamed.\n")
    assert SearchSettings().documents_folder() == home / "documents"
    tea = home / "documents" / "tea.md"
    monitors = searched_urls(configured_search(), tea)
    research = searched_urls(ResearchTools.home_index().search, tea)
    assert monitors == research == {tea.as_uri()}


def test_sentinel_search_folder_is_read_by_monitors_and_research_alike(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    notes = tmp_path / "notes"
    write(notes, "coffee.md", "# Coffee\n\nRoasted beans.\n")
    write(home / "index", "tea.md", "# Tea\n\nGreen tea.\n")  # ignored: the setting wins
    monkeypatch.setenv("SENTINEL_SEARCH_FOLDER", str(notes))
    files = (notes / "coffee.md", home / "index" / "tea.md")
    expected = {(notes / "coffee.md").as_uri()}
    assert searched_urls(configured_search(), *files) == expected
    assert searched_urls(ResearchTools.home_index().search, *files) == expected


def test_the_old_research_folder_is_read_with_a_warning_while_it_alone_has_documents(
    home: Path, caplog: pytest.LogCaptureFixture
) -> None:
    write(home / "index", "tea.md", "# Tea\n\nGreen tea is steamed.\n")
    with caplog.at_level(logging.WARNING, logger="sentinel.web.search.settings"):
        assert SearchSettings().documents_folder() == home / "index"
        tea = home / "index" / "tea.md"
        assert searched_urls(configured_search(), tea) == {tea.as_uri()}
    assert f"move them to {home / 'documents'}" in caplog.text
    write(home / "documents", "coffee.md", "# Coffee\n\nRoasted beans.\n")
    caplog.clear()
    assert SearchSettings().documents_folder() == home / "documents"
    assert caplog.text == ""


def test_a_setting_that_is_not_a_folder_is_named_in_the_error(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SENTINEL_SEARCH_FOLDER", str(tmp_path / "missing"))
    with pytest.raises(ConfigError, match=r"SENTINEL_SEARCH_FOLDER=.*missing is not a folder"):
        configured_search()
    with pytest.raises(EmptyIndexError, match="set SENTINEL_SEARCH_FOLDER"):
        ResearchTools.home_index()
