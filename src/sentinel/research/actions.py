"""The store actions of a research run: the only ways its state changes.

Each node ends its own activation inside its action (``should_act = False``), so one model
call is one step. The rules that keep the loop honest live here and in ``routing``, in code:
``decide`` applies the domain rule and refuses repeated queries, ``publish_report`` validates
the report with ``FinalReport.model_validate_json`` and keeps only sources retrieved in this run.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterable

from sentinel.errors import ProviderError, SentinelError
from sentinel.research.citations import enforce_citations, normalize_url
from sentinel.research.claims import check_report
from sentinel.research.errors import SearchFailed
from sentinel.research.passages import all_passages, sources_read
from sentinel.research.reading import PageReader, choose_pages, excerpt, terms, without_title
from sentinel.research.routing import can_be_narrow, fallback_queries, mentions_recency, route
from sentinel.research.runlog import RunLog
from sentinel.research.schemas import FinalReport, SearchHit, SearchInput, Status
from sentinel.research.settings import ResearchSettings
from sentinel.research.state import (
    NodeMessage,
    PageRead,
    ResearchState,
    retrieved_urls,
    unique_domains,
)
from sentinel.research.subject import about_subject
from sentinel.research.tables import linearize_tables
from sentinel.research.throttle import CallGate
from sentinel.research.tools import ResearchTools

Mutation = Callable[[ResearchState], None]


def start(state: ResearchState, question: str) -> None:
    """Begin a run with the user's question (START)."""
    state.question = question
    state.messages.append(NodeMessage("user", question))


def plan(state: ResearchState, research_query: str, narrow: bool, freshness: str | None) -> None:
    """Set the first search (the planner's answer), its judgements checked against the
    question; an empty query searches the question's keywords."""
    query = research_query.strip() or fallback_queries(state.question)[0]
    if not mentions_recency(state.question):
        freshness = None
    narrow = narrow and can_be_narrow(state.question)
    request = SearchInput(query=query, num_results=state.num_results, freshness=freshness)
    state.research_query = request.query
    state.search_input = request
    state.queries.append(request.query)
    state.narrow = narrow
    state.status = "CONTINUE"
    scope = "narrow" if narrow else "broad"
    state.messages.append(NodeMessage("planner", f"search {request.query!r} ({scope} question)"))
    state.agents.planner.should_act = False


def decide(state: ResearchState, missing: str, status: Status, next_query: str) -> None:
    """Apply the analyzer's decision under the rules: search again with a new query, or
    finish."""
    outcome = route(
        requested=status,
        next_query=next_query,
        question=state.question,
        queries=state.queries,
        domains=len(unique_domains(state.search_results)),
        min_domains=state.min_domains,
        narrow=state.narrow,
        iterations=state.iterations,
        max_iters=state.max_iters,
    )
    state.status = outcome.status
    if outcome.status == "CONTINUE":
        freshness = state.search_input.freshness if state.search_input else None
        request = SearchInput(
            query=outcome.query, num_results=state.num_results, freshness=freshness
        )
        state.research_query = request.query
        state.search_input = request
        state.queries.append(request.query)
        said = f"CONTINUE with {request.query!r}: {outcome.reason}"
    else:
        state.finish_reason = outcome.reason
        said = f"FINISH: {outcome.reason}"
    if missing.strip():
        said += f" (missing: {missing.strip()})"
    state.messages.append(NodeMessage("analyzer", said))
    state.agents.analyzer.should_act = False


def finish_research(state: ResearchState, reason: str) -> None:
    """Stop searching and hand over to the reporter (forced by a rule)."""
    state.status = "FINISH"
    state.finish_reason = reason
    state.messages.append(NodeMessage("router", f"FINISH: {reason}"))


def publish_report(state: ResearchState, report_json: str) -> None:
    """Validate the reporter's JSON as a FinalReport, keep only sources retrieved in this run,
    check every sentence against the passages it cites (``claims``), and publish it (END)."""
    report = FinalReport.model_validate_json(report_json)
    checked = enforce_citations(report, retrieved_urls(state))
    if not checked.report.sources:
        invented = [source.url for source in checked.removed]
        raise ValueError(
            f"none of the report's sources was retrieved in this run (removed: {invented}); "
            "cite the numbered sources you were given, with their url copied exactly"
        )
    read = sources_read(state)
    passages = about_subject(all_passages(read), read, state.question)
    final = check_report(checked.report, passages, state.question)
    state.final_report = final
    state.removed_sources = list(checked.removed)
    note = f"report: {len(final.sections)} sections, {len(final.sources)} sources"
    if final.check is not None:
        done = final.check
        dropped = done.dropped_unsupported + done.dropped_repeated + done.dropped_cut_off
        note += (
            f"; {done.sentences} draft sentences: {done.repointed} re-pointed, "
            f"{done.completed} completed, {done.rewritten} rewritten, {dropped} dropped"
        )
    if checked.removed:
        note += f"; removed {len(checked.removed)} source(s) never retrieved"
    state.messages.append(NodeMessage("reporter", note))
    state.agents.reporter.should_act = False


def reject_report(state: ResearchState, problem: str, raw: str) -> None:
    """Record that the reporter's output is not a valid FinalReport even after repair."""
    state.report_error = problem
    state.rejected_output = raw
    state.messages.append(NodeMessage("reporter", f"invalid report: {problem}"))
    state.agents.reporter.should_act = False


WRITES: dict[str, list[str] | None] = {
    "start": ["question", "messages"],
    "plan": [
        "research_query",
        "search_input",
        "queries",
        "narrow",
        "status",
        "messages",
        "agents.planner.should_act",
    ],
    # The two outcomes write different paths.
    "decide": None,
    "finish_research": ["status", "finish_reason", "messages"],
    "publish_report": [
        "final_report",
        "removed_sources",
        "messages",
        "agents.reporter.should_act",
    ],
    "reject_report": ["report_error", "rejected_output", "messages", "agents.reporter.should_act"],
    "search": None,
}


SearchAction = Callable[[ResearchState, SearchInput], Awaitable[Mutation]]


def make_search(
    tools: ResearchTools, gate: CallGate, settings: ResearchSettings, log: RunLog
) -> SearchAction:
    """The ``search`` action over ``tools``: one search, then the best new pages read."""

    async def search(state: ResearchState, request: SearchInput) -> Mutation:
        """Run one web search, read the best new pages, and add what was found."""
        log.record(
            "search",
            "searcher",
            query=request.query,
            num_results=request.num_results,
            freshness=request.freshness,
        )
        try:
            hits = await gate.call(lambda: tools.search.search(request))
            unfiltered = request.model_copy(update={"freshness": None})
            if not hits and request.freshness is not None:
                # A time window that hides everything was a guess too far: search without it.
                log.record("search", "searcher", query=request.query, freshness=None)
                hits = await gate.call(lambda: tools.search.search(unfiltered))
        except ProviderError as exc:
            log.record("search_error", "searcher", query=request.query, error=str(exc))
            if not state.search_results:
                raise SearchFailed(request.query, exc) from exc
            note = f"search {request.query!r} failed: {exc}"
            return lambda s: _searched(s, [], [], note)
        new = _new_hits(hits, state.search_results)
        room = max(0, settings.max_pages - len(state.pages))
        chosen = choose_pages(
            new, [page.url for page in state.pages], min(settings.pages_per_search, room)
        )
        focus = terms(state.question) | terms(request.query)
        pages = await asyncio.gather(
            *(_read(tools.reader, hit, focus, settings, log) for hit in chosen)
        )
        read = sum(1 for page in pages if page.error is None)
        log.record(
            "search_result",
            "searcher",
            query=request.query,
            hits=[{"url": hit.url, "title": hit.title} for hit in hits],
            new=len(new),
            read=[{"url": p.url, "chars": len(p.excerpt), "error": p.error} for p in pages],
        )
        note = (
            f"{len(hits)} hits for {request.query!r}, {len(new)} new; "
            f"read {read} of {len(pages)} pages"
        )
        return lambda s: _searched(s, new, list(pages), note)

    return search


def _searched(
    state: ResearchState, hits: list[SearchHit], pages: list[PageRead], note: str
) -> None:
    state.search_results.extend(hits)
    state.pages.extend(pages)
    state.iterations += 1
    state.messages.append(NodeMessage("searcher", note))
    state.agents.searcher.should_act = False


def _new_hits(hits: Iterable[SearchHit], known: Iterable[SearchHit]) -> list[SearchHit]:
    seen = {normalize_url(hit.url) for hit in known}
    new: list[SearchHit] = []
    for hit in hits:
        key = normalize_url(hit.url)
        if key not in seen:
            seen.add(key)
            new.append(hit)
    return new


async def _read(
    reader: PageReader, hit: SearchHit, focus: set[str], settings: ResearchSettings, log: RunLog
) -> PageRead:
    try:
        async with asyncio.timeout(settings.search_timeout_s):
            page = await reader.read(hit.url)
    except (SentinelError, TimeoutError) as exc:
        # An unreadable page still has its snippet; the run goes on without its text.
        problem = str(exc) or f"no answer within {settings.search_timeout_s:g}s"
        log.record("read", "searcher", url=hit.url, error=problem)
        return PageRead(hit.url, hit.url, hit.title, "", error=problem)
    # Tables are read as sentences (a report quotes sentences, not rows).
    text = excerpt(
        linearize_tables(without_title(page.text, page.title)), focus, settings.page_chars
    )
    log.record("read", "searcher", url=hit.url, final_url=page.final_url, chars=len(text))
    return PageRead(hit.url, page.final_url, page.title or hit.title, text)
