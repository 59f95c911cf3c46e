"""The research agent's structured values.

``SearchInput`` (the search tool's validated arguments) is the web layer's; ``FinalReport`` is
the deliverable of the seed, checked with ``FinalReport.model_validate_json`` before anyone sees
it. ``ResearchPlan``, ``AnalyzerDecision`` and ``ReportDraft`` are what the planner, the
analyzer and the reporter's model answer; on local models they are grammar-constrained (the
model can only emit JSON of that shape).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from sentinel.web.search import SearchHit, SearchInput

__all__ = [
    "AnalyzerDecision",
    "Citation",
    "Claim",
    "FinalReport",
    "ReportCheck",
    "ReportDraft",
    "ReportSection",
    "ResearchPlan",
    "SearchHit",
    "SearchInput",
    "Source",
    "Status",
]

Status = Literal["CONTINUE", "FINISH"]
"""The router flag: search again, or write the report."""

MAX_QUERY_CHARS = 200


class Source(BaseModel):
    """A citation source used in the final report."""

    model_config = ConfigDict(frozen=True)

    title: str = Field(description="Title of the source document or webpage.")
    url: str = Field(description="The URL link to the source document.")


class Citation(BaseModel):
    """Where a sentence's words are: a passage of one of the report's sources."""

    model_config = ConfigDict(frozen=True)

    source: int = Field(ge=1, description="The cited source's 1-based position in sources.")
    quote: str = Field(min_length=1, description="The passage, verbatim as the run read it.")
    start: int = Field(ge=0, description="Where the passage starts in the source's text.")
    end: int = Field(ge=0, description="Where it ends (exclusive) in the source's text.")


class Claim(BaseModel):
    """One sentence of the report and the passage(s) that support it."""

    model_config = ConfigDict(frozen=True)

    text: str = Field(min_length=1, description="The sentence, without its citation marker.")
    citations: list[Citation] = Field(min_length=1, max_length=4)


class ReportSection(BaseModel):
    """A single section of the final research report."""

    model_config = ConfigDict(frozen=True)

    section_title: str = Field(
        min_length=1,
        description="The title for this section (e.g., 'Key Findings', 'Market Impact').",
    )
    content: str = Field(
        min_length=1,
        description="Summarized content for this section, citing sources as [1], [2]...",
    )
    claims: list[Claim] = Field(
        default_factory=list,
        description="The content's sentences, each with the passages that support it.",
    )


class ReportCheck(BaseModel):
    """What the claim check did to the draft: every sentence is supported, or gone."""

    model_config = ConfigDict(frozen=True)

    sentences: int = Field(ge=0, description="Sentences in the draft.")
    supported: int = Field(ge=0, description="Sentences kept as written: a passage supports them.")
    repointed: int = Field(
        ge=0, description="Kept, with the citation moved to the source that supports them."
    )
    completed: int = Field(ge=0, description="Cut-off sentences completed from their passage.")
    rewritten: int = Field(
        ge=0, description="Unsupported sentences replaced by the passage closest to them."
    )
    dropped_unsupported: int = Field(ge=0, description="Sentences no passage supports.")
    dropped_repeated: int = Field(ge=0, description="Sentences that repeat an earlier one.")
    dropped_cut_off: int = Field(ge=0, description="Cut-off sentences no passage completes.")
    fallback_sections: int = Field(
        ge=0,
        description="Sections written from passages because nothing of the draft's was supported.",
    )
    dropped_off_subject: int = Field(
        default=0,
        ge=0,
        description="Sentences only passages about a look-alike of the question's subject "
        "support (another application, another route).",
    )
    dropped_malformed: int = Field(
        default=0,
        ge=0,
        description="Sentences that are not sentences (a table row, a heading, navigation, a "
        "torn-out piece of the question) and that no passage could replace.",
    )
    added_for_question: int = Field(
        default=0,
        ge=0,
        description="Sentences added from a passage because the report left out something "
        "the question asks (the vote, the reason).",
    )


class FinalReport(BaseModel):
    """The complete, structured output report.

    Section content cites sources by their 1-based position in ``sources`` (``[2]``); every
    source is a URL retrieved during the run that produced the report.
    """

    model_config = ConfigDict(frozen=True)

    topic: str = Field(min_length=1, description="The main topic of the original user query.")
    executive_summary: str = Field(
        min_length=1, description="High-level summary of the entire report."
    )
    sections: list[ReportSection] = Field(
        min_length=1, max_length=8, description="Structured body sections for the report."
    )
    sources: list[Source] = Field(max_length=20, description="Unique external sources referenced.")
    summary_claims: list[Claim] = Field(
        default_factory=list,
        description="The executive summary's sentences, each with its supporting passages.",
    )
    check: ReportCheck | None = Field(
        default=None, description="What the claim check changed in the draft (None: unchecked)."
    )


def cited_text(stretches: int) -> str:
    """A pattern for prose in which every stretch of text (20 to 250 characters) ends with a
    source number, ``... [2]``, at most ``stretches`` times."""
    return rf"^([^\[\]\n]{{20,250}}\[[1-9][0-9]?\] ?){{1,{stretches}}}$"


# The patterns and maxLengths below are grammar hints only (JSON schema, not validation): a
# local model's grammar cannot end a stretch of text without a citation, nor write more than
# the draft's bounded length (a summary and two sections of two stretches: about 1,700
# characters, under ``report_tokens``), while a capable model's "[1, 2]", third section or
# longer title still validates. The bound is what a small model's report costs: generating
# the draft is most of a research run's time, and the claim check keeps a handful of
# sentences of any draft (measured on the embedded model: 16 drafted, 4 kept).


class DraftSection(BaseModel):
    """A section as the reporter's model writes it."""

    section_title: str = Field(min_length=1, json_schema_extra={"maxLength": 80})
    content: str = Field(min_length=1, json_schema_extra={"pattern": cited_text(2)})


class ReportDraft(BaseModel):
    """What the reporter's model writes: a FinalReport without ``sources``.

    The model cites the numbered sources it was shown (``[2]``); the code attaches those
    sources itself, so no URL is ever copied, mistyped or invented by a model.
    """

    topic: str = Field(min_length=1, json_schema_extra={"maxLength": 100})
    executive_summary: str = Field(min_length=1, json_schema_extra={"pattern": cited_text(2)})
    sections: list[DraftSection] = Field(
        min_length=1, max_length=3, json_schema_extra={"maxItems": 2}
    )


class ResearchPlan(BaseModel):
    """The planner's answer: the first search query and how wide the question is."""

    research_query: str = Field(
        min_length=1, max_length=MAX_QUERY_CHARS, description="A focused web search query."
    )
    narrow: bool = Field(
        description="True when one authoritative source can answer the question fully."
    )
    freshness: str | None = Field(
        default=None,
        pattern=r"^[dwmy][0-9]{1,3}$",
        description="Only for questions about recent events: d7 = last 7 days, m1 = last month.",
    )


class AnalyzerDecision(BaseModel):
    """The analyzer's answer: what is still missing, whether to search again, and for what.

    ``missing`` comes first so that a small model states the gap before it decides.
    """

    # maxLength as a grammar hint only: it keeps a small model brief, and a capable model's
    # longer note is still accepted.
    missing: str = Field(
        description="What the question needs that the sources do not say yet.",
        json_schema_extra={"maxLength": 160},
    )
    status: Status = Field(description="FINISH when the sources answer the question.")
    next_query: str = Field(
        max_length=MAX_QUERY_CHARS,
        description="With CONTINUE: a new search query for what is missing.",
    )
