"""The benchmark pages' tables are the committed JSON's: regenerating them changes nothing,
every table the generator knows is on a page, and a table edited by hand is caught."""

from __future__ import annotations

from pathlib import Path

import pytest

from sentinel.bench.doc_tables import TABLES, main, marked, update
from tests.docs.runner import ROOT

FOLDER = ROOT / "docs" / "benchmarks"
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def test_every_committed_table_is_what_its_json_says() -> None:
    stale = [
        str(page.relative_to(ROOT))
        for page in PAGES
        if update(text := page.read_text(encoding="utf-8"), FOLDER) != text
    ]
    assert stale == [], "run `python -m sentinel.bench.doc_tables` and commit the pages"


def test_every_generated_table_is_shown_once() -> None:
    shown = [name for page in PAGES for name in marked(page.read_text(encoding="utf-8"))]
    assert sorted(shown) == sorted(TABLES)


def test_a_figure_edited_by_hand_is_caught(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    page = FOLDER / "runtime.md"
    text = page.read_text(encoding="utf-8")
    edited = text.replace("| 100 | field |", "| 100 | field (edited) |", 1)
    assert edited != text
    copy = tmp_path / "runtime.md"
    copy.write_text(edited, encoding="utf-8")
    assert update(edited, FOLDER) == text

    monkeypatch.chdir(ROOT)
    assert main(["--check", str(copy)]) == 1
    assert copy.read_text(encoding="utf-8") == edited  # --check writes nothing
    assert main([str(copy)]) == 0
    assert copy.read_text(encoding="utf-8") == text
