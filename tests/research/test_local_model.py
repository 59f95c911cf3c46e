"""One short run on the embedded model: grammar-constrained nodes produce a valid report whose
sentences quote their sources."""

from __future__ import annotations

import pytest

from sentinel.llm import LocalModel, allow_real_models
from sentinel.research import ResearchModels, ResearchSettings, citations_valid, run_research
from tests.research.conftest import VOTE, FakeReader, FakeSearch, tools

# A budget, not a speed check: about a minute on a quiet 2-core machine, and many times that
# at load average 10 (it hit the suite's 300 s default there, issue 25).
pytestmark = [pytest.mark.model, pytest.mark.timeout(1800)]


async def test_the_embedded_model_writes_a_valid_cited_report() -> None:
    model = LocalModel("qwen2.5-coder-0.5b")
    reader = FakeReader({VOTE[0].url: "Parliament adopted the repair act by 412 votes to 126."})
    # The default report budget: a smaller one can cut the grammar-constrained draft off.
    settings = ResearchSettings(max_iters=1, model_timeout_s=1500)

    with allow_real_models():
        result = await run_research(
            "How many votes did the repair act get?",
            tools(FakeSearch({"repair": VOTE, "vote": VOTE, "votes": VOTE}), reader),
            ResearchModels.single(model),
            settings=settings,
        )

    assert result.report.sections
    assert citations_valid(result.report, result.retrieved)
    assert result.model_calls >= 1  # the reporter (the first query is the question's keywords)
    # Every sentence left quotes a passage of the source it cites, word for word.
    texts = {source.url: source.text for source in result.sources_read}
    claims = [*result.report.summary_claims, *(c for s in result.report.sections for c in s.claims)]
    assert claims
    for claim in claims:
        for citation in claim.citations:
            url = result.report.sources[citation.source - 1].url
            assert texts[url][citation.start : citation.end] == citation.quote
