"""The demo's directory: a fresh database each time, one demo at a time."""

from __future__ import annotations

from pathlib import Path

import pytest

from sentinel.demo.directory import DemoBusy, demo_directory


def test_a_previous_demo_database_and_its_journal_are_removed(tmp_path: Path) -> None:
    for name in ("demo.db", "demo.db-wal", "demo.db-shm", "notes.txt"):
        (tmp_path / name).write_text("left over")

    with demo_directory(tmp_path) as path:
        assert path == tmp_path / "demo.db"
        assert not path.exists()
        assert (tmp_path / "notes.txt").exists()


def test_a_second_demo_in_the_same_directory_is_refused(tmp_path: Path) -> None:
    with demo_directory(tmp_path) as path:
        path.write_text("the first demo's database")

        with pytest.raises(DemoBusy, match="--home"), demo_directory(tmp_path):
            pass

        assert path.read_text() == "the first demo's database"


def test_the_directory_is_free_again_once_a_demo_ends(tmp_path: Path) -> None:
    with demo_directory(tmp_path / "new" / "dir"):
        pass

    with demo_directory(tmp_path / "new" / "dir") as path:
        assert path.parent == tmp_path / "new" / "dir"
