"""The Sentinel Research Agent: a question in, a validated, cited ``FinalReport`` out.

    from sentinel.research import ResearchModels, ResearchTools, run_research

    async with ResearchTools.local(index) as tools:
        result = await run_research("How is the EU regulating repair?", tools,
                                    ResearchModels.configured())
    print(result.report.model_dump_json(indent=2))

The seed's LangGraph workflow, on Sentinel's agent runtime: four agents on one store, handing
work over through state (``graph`` draws it)::

    START → planner → searcher → analyzer → (CONTINUE → searcher | FINISH → reporter) → END

What is enforced in code rather than asked of a model:

- structure: the planner, analyzer and reporter answer grammar-constrained pydantic models
  (``ResearchPlan``, ``AnalyzerDecision``, ``ReportDraft``); the report is validated with
  ``FinalReport.model_validate_json``, and a reporter output that stays invalid after the
  repair round fails the run at once with ``ReportValidationError``;
- routing: the analyzer may not finish with fewer than two domains unless the question is
  narrow, may not repeat a query, and ``max_iters`` searches end the loop; the planner may
  call a question narrow, or filter by time, only when the question allows it (``routing``);
- citations: the reporter's model writes prose citing the numbered sources it was shown
  (``[2]``) and the code attaches those sources, so a model never writes a URL. Every
  FinalReport published is checked again: sources not retrieved in this run are removed,
  uncited ones dropped, ``[n]`` renumbered to match ``sources``, and a report left without
  any retrieved source is refused (the reporter is told why and tries once more, then the
  run fails with ``NodeFailed``) (``citations``);
- claims: every sentence of a published report is checked against the passages of the
  sources retrieved (``claims``, ``support``): a sentence a passage of the source it cites
  supports stays (numbers and dates must agree), a misattributed citation is re-pointed, an
  unsupported sentence is rewritten from its closest passage or dropped, a cut-off one
  completed from its passage or dropped, a repeated one dropped; each sentence then cites
  its passage (``Claim``: source, character span and quote) and ``FinalReport.check``
  counts what was changed;
- evidence: the best new pages of each search are read, deduplicated by URL, cut to their
  most relevant lines within budgets; page text reaches the models as delimited data;
- manners: searches and model calls are rate limited, time-limited and retried with backoff
  (``throttle``); every node's input, output and query is in the run log (``runlog``).
"""

from sentinel.research.citations import CitationCheck, citations_valid, enforce_citations
from sentinel.research.claims import check_report
from sentinel.research.delivery import deliver_report, report_payload
from sentinel.research.errors import (
    CallTimeout,
    DeliveryFailed,
    EmptyIndexError,
    NodeFailed,
    NoEvidenceError,
    ReportValidationError,
    ResearchError,
    ResearchTimeout,
    SearchFailed,
)
from sentinel.research.extractive import extractive_model
from sentinel.research.models import ResearchModels
from sentinel.research.reading import FetcherReader, IndexReader, Page, PageReader
from sentinel.research.render import report_markdown
from sentinel.research.run import ResearchResult, run_research
from sentinel.research.runlog import RunLog
from sentinel.research.schemas import (
    AnalyzerDecision,
    Citation,
    Claim,
    FinalReport,
    ReportCheck,
    ReportDraft,
    ReportSection,
    ResearchPlan,
    SearchHit,
    SearchInput,
    Source,
    Status,
)
from sentinel.research.settings import ResearchSettings
from sentinel.research.state import ResearchState
from sentinel.research.tools import ResearchTools

__all__ = [
    "AnalyzerDecision",
    "CallTimeout",
    "Citation",
    "CitationCheck",
    "Claim",
    "DeliveryFailed",
    "EmptyIndexError",
    "FetcherReader",
    "FinalReport",
    "IndexReader",
    "NoEvidenceError",
    "NodeFailed",
    "Page",
    "PageReader",
    "ReportCheck",
    "ReportDraft",
    "ReportSection",
    "ReportValidationError",
    "ResearchError",
    "ResearchModels",
    "ResearchPlan",
    "ResearchResult",
    "ResearchSettings",
    "ResearchState",
    "ResearchTimeout",
    "ResearchTools",
    "RunLog",
    "SearchFailed",
    "SearchHit",
    "SearchInput",
    "Source",
    "Status",
    "check_report",
    "citations_valid",
    "deliver_report",
    "enforce_citations",
    "extractive_model",
    "report_markdown",
    "report_payload",
    "run_research",
]
