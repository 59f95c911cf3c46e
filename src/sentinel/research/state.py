"""The research run's state, as the seed defines it, in the store.

The seed's ``AgentState`` TypedDict (messages, research_query, search_results, status,
final_report) becomes ``ResearchState``, a dataclass tree the ``Store`` changes only through
actions; each of the four nodes owns an ``AgentState`` under ``agents``. Besides the seed's
fields the state keeps what the code-enforced rules need: the limits, every query tried, the
pages read, and why the loop finished.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from sentinel.agents import AgentState, ModelConfig
from sentinel.research.schemas import FinalReport, SearchHit, SearchInput, Source, Status


@dataclass
class NodeConfig(ModelConfig):
    """A node's model settings: the runtime renders ``context``; ``messages`` carries its
    error feedback between attempts."""


@dataclass(frozen=True)
class NodeMessage:
    """One line of the run's conversation: which node said what (the seed's ``messages``)."""

    node: str
    content: str


@dataclass(frozen=True)
class PageRead:
    """A page the searcher read: the excerpt the model sees, or why it could not be read."""

    url: str
    final_url: str
    title: str
    excerpt: str
    error: str | None = None


@dataclass
class ResearchAgents:
    """One AgentState per node."""

    planner: AgentState[NodeConfig]
    searcher: AgentState[NodeConfig]
    analyzer: AgentState[NodeConfig]
    reporter: AgentState[NodeConfig]


@dataclass
class ResearchState:
    """Everything one research run knows.

    ``search_input`` is the pending search (set by the planner and by the analyzer's
    CONTINUE); ``search_results`` accumulates unique hits; ``iterations`` counts searches
    done. ``narrow`` is the planner's judgement that one source may suffice.
    ``removed_sources`` are sources the reporter named that were never retrieved.
    """

    agents: ResearchAgents
    max_iters: int
    min_domains: int
    num_results: int
    analyze_when_covered: bool = False
    plan_with_model: bool = False
    question: str = ""
    messages: list[NodeMessage] = field(default_factory=list)
    research_query: str = ""
    search_input: SearchInput | None = None
    search_results: list[SearchHit] = field(default_factory=list)
    pages: list[PageRead] = field(default_factory=list)
    queries: list[str] = field(default_factory=list)
    iterations: int = 0
    narrow: bool = False
    status: Status = "CONTINUE"
    finish_reason: str = ""
    final_report: FinalReport | None = None
    removed_sources: list[Source] = field(default_factory=list)
    report_error: str | None = None
    rejected_output: str = ""


def domain_of(url: str) -> str:
    """What counts as one source for the domain rule: the host without ``www.``.

    URLs without a host (``file://`` documents of a local index) count as their own source:
    a folder of notes has no sites, and each document is written independently.
    """
    host = (urlsplit(url).hostname or "").lower()
    if not host:
        return url
    return host.removeprefix("www.")


def unique_domains(hits: Iterable[SearchHit]) -> list[str]:
    """The distinct domains of ``hits``, in order of first appearance."""
    return list(dict.fromkeys(domain_of(hit.url) for hit in hits))


def retrieved_urls(state: ResearchState) -> dict[str, str]:
    """Every URL retrieved in the run (search hits and the pages they redirected to), with
    the best title known for it."""
    titles = {hit.url: hit.title for hit in state.search_results}
    for page in state.pages:
        if page.error is None:
            title = page.title or titles.get(page.url, "")
            titles.setdefault(page.final_url, title)
            if page.title:
                titles[page.url] = page.title
    return titles
