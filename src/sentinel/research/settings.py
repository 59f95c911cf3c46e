"""How a research run behaves: one pydantic model, every value with a working default."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class ResearchSettings(BaseModel):
    """Limits, budgets and manners of one research run.

    Loops: the first search is the question's keywords (the planner's query with
    ``plan_with_model``); at most ``max_iters`` searches, then the report is written whatever
    the analyzer says; the analyzer may not finish with fewer than ``min_domains`` distinct
    domains unless the planner judged the question narrow, and is not asked at all when what
    was found states every word of the question from enough domains
    (``analyze_when_covered``). Reading: each search reads up to ``pages_per_search`` new
    pages (``max_pages`` per run), each cut to ``page_chars`` of its most relevant
    paragraphs; the reporter sees at most ``report_sources`` sources in ``report_chars``
    characters, the analyzer ``analyzer_chars``, so prompts fit a small local model's
    context. Manners: every search and model call is rate limited (per second, None for no
    limit), bounded in time and retried with exponential backoff when retryable.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    max_iters: int = Field(default=3, ge=1, le=20)
    num_results: int = Field(default=5, ge=1, le=10)
    min_domains: int = Field(default=2, ge=1, le=10)
    pages_per_search: int = Field(default=3, ge=0, le=10)
    max_pages: int = Field(default=8, ge=0, le=50)
    page_chars: int = Field(default=1200, ge=200, le=20_000)
    report_chars: int = Field(default=6000, ge=500, le=100_000)
    report_sources: int = Field(default=8, ge=1, le=20)
    analyzer_chars: int = Field(default=2500, ge=300, le=50_000)
    analyze_when_covered: bool = False
    """Ask the analyzer even when the sources found state every word the question asks from
    enough domains (by default the run goes to the report: the analyzer could only agree)."""
    plan_with_model: bool = False
    """Ask the planner's model for the first query (by default the question's own keywords
    are searched: a small model's query was the question itself, at a model call's cost)."""
    """Ask the analyzer even when the sources found state every word the question asks from
    enough domains (by default the run goes to the report: the analyzer could only agree)."""

    plan_tokens: int = Field(default=96, ge=16)
    decision_tokens: int = Field(default=160, ge=16)
    report_tokens: int = Field(default=1100, ge=64)
    temperature: float | None = Field(default=None, ge=0, le=2)

    search_timeout_s: float = Field(default=30.0, gt=0)
    model_timeout_s: float = Field(default=900.0, gt=0)
    run_timeout_s: float = Field(default=3600.0, gt=0)
    search_rate_per_s: float | None = Field(default=2.0, gt=0)
    model_rate_per_s: float | None = Field(default=None, gt=0)
    retry_attempts: int = Field(default=3, ge=1, le=10)
    retry_base_delay_s: float = Field(default=0.5, ge=0)
