"""Tools: a local index is searched and read without the network."""

from __future__ import annotations

from pathlib import Path

import pytest

from sentinel.config import get_settings
from sentinel.research import EmptyIndexError, ResearchSettings, ResearchTools, run_research
from sentinel.web.search.local import Document, LocalIndex, LocalSearch
from tests.research.conftest import NodeScript, draft, plan


async def test_a_local_index_is_searched_and_its_documents_read(fast: ResearchSettings) -> None:
    index = LocalIndex()
    index.upsert_many(
        [
            Document(
                "file:///notes/green.md", "Green tea", "Green tea is steamed soon after picking."
            ),
            Document("file:///notes/black.md", "Black tea", "Black tea leaves are fully oxidised."),
        ]
    )
    script = NodeScript(plans=[plan("tea")], reports=[draft("Steamed [1]. Oxidised [2].")])

    async with ResearchTools.local(index) as tools:
        result = await run_research("How is tea made?", tools, script.models, settings=fast)

    # Each document counts as its own source for the domain rule.
    assert len(result.domains) == 2
    assert result.pages_read == 2
    assert {s.url for s in result.report.sources} == {
        "file:///notes/green.md",
        "file:///notes/black.md",
    }


def test_the_home_index_is_the_documents_folder_and_an_empty_one_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SENTINEL_HOME", str(tmp_path))
    monkeypatch.delenv("SENTINEL_SEARCH_FOLDER", raising=False)
    get_settings.cache_clear()
    try:
        with pytest.raises(EmptyIndexError) as missing:
            ResearchTools.home_index()
        assert missing.value.location == str(tmp_path / "documents")
        assert "set SENTINEL_SEARCH_FOLDER" in str(missing.value)
        (tmp_path / "documents" / "tea.md").write_text("# Tea\n\nGreen tea is steamed.\n")
        tools = ResearchTools.home_index()
    finally:
        get_settings.cache_clear()
    assert isinstance(tools.search, LocalSearch)
    assert len(tools.search.index) == 1


def test_a_given_folder_without_documents_is_refused(tmp_path: Path) -> None:
    with pytest.raises(EmptyIndexError) as empty:
        ResearchTools.home_index(tmp_path)
    assert empty.value.location == str(tmp_path)
