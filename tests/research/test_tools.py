"""Tools: a local index is searched and read without the network."""

from __future__ import annotations

from sentinel.research import ResearchSettings, ResearchTools, run_research
from sentinel.web.search.local import Document, LocalIndex
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
