"""Issue 15's example end to end: two local documents, one question, a report a reader can
trust. The reporter is the extractive model, then a scripted model replaying the draft the
embedded 0.5B model wrote for this question (repeated sentences, a sentence no source states,
fragments cut off mid-sentence, the opening date cited to the document that does not say it).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sentinel.llm import ScriptedRequest
from sentinel.research import (
    ResearchModels,
    ResearchResult,
    ResearchTools,
    extractive_model,
    report_markdown,
    run_research,
)
from sentinel.research.claims import repeats
from sentinel.research.passages import SourceText, all_passages, stems
from sentinel.research.prompts import parse_sources
from sentinel.research.render import sources_line
from sentinel.research.sentences import sentence_key
from sentinel.research.support import claim_of, supports
from sentinel.web.search.local import LocalIndex
from tests.research.conftest import NodeScript, plan

QUESTION = "How much does the 2025 heat pump grant cover and when do applications open?"
A = (
    "# The 2025 heat pump grant\n\n"
    "The energy ministry runs the heat pump grant for homeowners who replace a fossil boiler.\n"
    "The 2025 grant covers 40% of installation costs up to EUR 6,000.\n"
)
B = (
    "# Applying for the heat pump grant\n\n"
    "Applications for the 2025 heat pump grant open on 3 March 2025 and close when funds run "
    "out.\nApplicants need a quote from a certified installer.\n"
)
RUN_ON = (
    "The energy ministry runs the grant for homeowners who replace fossil boilers, and the "
    "grant covers 40% up to EUR 6,000. "
)


def embedded_draft(request: ScriptedRequest) -> dict[str, Any]:
    """What the 0.5B model wrote (abridged), citing a.md by the number it was shown."""
    context = next(m.content for m in request.messages if m.role == "user")
    a = next(s.number for s in parse_sources(context) if s.url.endswith("/a.md"))
    return {
        "topic": "The 2025 heat pump grant",
        "executive_summary": (
            "The 2025 heat pump grant grants homeowners who replace fossil boilers the "
            "opportunity to cover 40% of installation costs up to EUR 6,000. The grant covers "
            "the entire installation cost, including the heating system, cooling system, and "
            f"any additional,[{a}]. {RUN_ON}The energy ministry runs the grant for homeowners "
            f"who replace fossil boilers, and the grant covers 40% of [{a}]"
        ),
        "sections": [
            {
                "section_title": "Applications for the 2025 heat pump grant",
                "content": (
                    "Applications for the 2025 heat pump grant open on 3 March 2025 and close "
                    "when funds run out. Applicants need a quote from a certified installer. "
                    f"{RUN_ON}{RUN_ON}The 2025[{a}] heat pump grant covers 40% of installation "
                    f"costs up to EUR 6,000. The energy ministry[{a}]"
                ),
            },
            {
                "section_title": "The 2025 heat pump grant",
                "content": (
                    f"{RUN_ON}The grant is designed to provide a reliable and efficient heating "
                    f"solution for homes and businesses.[{a}] {RUN_ON}The 2025[{a}] heat pump "
                    "grant covers 40% of installation costs up to EUR 6,000."
                ),
            },
        ],
    }


async def research(tmp_path: Path, models: ResearchModels) -> ResearchResult:
    (tmp_path / "a.md").write_text(A, encoding="utf-8")
    (tmp_path / "b.md").write_text(B, encoding="utf-8")
    async with ResearchTools.local(LocalIndex.from_folder(tmp_path)) as tools:
        return await run_research(QUESTION, tools, models)


def assert_trustworthy(result: ResearchResult) -> None:
    report = result.report
    claims = [*report.summary_claims, *(c for s in report.sections for c in s.claims)]
    texts = {"a.md": A, "b.md": B}
    documents = {s.url: SourceText(s.url, s.title, texts[s.url[-4:]]) for s in report.sources}
    # Every sentence is supported by the passage it cites, quoted verbatim from its source.
    for claim in claims:
        cited = [report.sources[c.source - 1] for c in claim.citations]
        passages = [p for s in cited for p in all_passages([documents[s.url]])]
        assert supports(claim_of(claim.text), passages), claim.text
        for citation in claim.citations:
            assert citation.quote in texts[report.sources[citation.source - 1].url[-4:]]
    # No sentence twice, nor nearly twice.
    seen: list[tuple[str, frozenset[str]]] = []
    for claim in claims:
        assert not repeats(claim.text, seen), claim.text
        seen.append((sentence_key(claim.text), stems(claim.text)))
    # Both documents cited: the amounts from a.md, the opening date from b.md.
    by_url = {s.url[-4:]: n for n, s in enumerate(report.sources, 1)}
    assert set(by_url) == {"a.md", "b.md"}
    for claim in claims:
        if "3 March 2025" in claim.text:
            assert [c.source for c in claim.citations] == [by_url["b.md"]]
    text = report_markdown(report)
    assert "40%" in text
    assert "3 March 2025" in text
    assert "reliable and efficient" not in text
    assert sources_line(report) == "2 sources from 2 domains"


async def test_the_extractive_model_answers_from_both_documents(tmp_path: Path) -> None:
    result = await research(tmp_path, ResearchModels.single(extractive_model()))

    assert_trustworthy(result)
    assert result.report.check is not None
    assert result.report.check.dropped_unsupported == 0


async def test_the_embedded_models_draft_is_cut_down_to_what_the_sources_say(
    tmp_path: Path,
) -> None:
    script = NodeScript(plans=[plan("heat pump grant applications")], reports=[embedded_draft])

    result = await research(tmp_path, script.models)

    assert_trustworthy(result)
    check = result.report.check
    assert check is not None
    assert check.dropped_repeated >= 5
    assert check.dropped_cut_off >= 2  # the fragments, completed or not, say nothing new
    assert check.repointed >= 1  # the opening date, cited to a.md, rests on b.md
    assert check.dropped_unsupported + check.rewritten >= 1
