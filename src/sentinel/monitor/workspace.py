"""A monitor run's working memory: a store whose actions are what the run may do.

The state holds the sensor agent's ``AgentState`` and the run's workspace: the search hits,
the pages read, the sensor's report and the notification. Its actions:

- ``search``, ``fetch``, ``report_state``: the sensor's (its hard limit; ``report_state`` ends
  its activation);
- ``notify``: the actuator's, dispatched by the run after governing. It lives in the same
  store on purpose: a sensor asking for it is *refused* by the runtime (it exists, it is just
  not the sensor's), and the refusal is in the trace.

``search`` and ``fetch`` do I/O; they never raise for an unreachable provider or page: the
failure is recorded in the workspace, classified (:mod:`sentinel.monitor.failures`), and the
run decides what it means. ``fetch`` reads only URLs search returned, the monitor's named
sources, or URLs the run already knew, and at most ``max_fetches`` of them; at the limit it
withdraws ``search`` and ``fetch``.

A named source is fetched with the validators stored with the last snapshot: a 304 records
the page as *confirmed* unchanged without its content (:class:`ConfirmedPage`). When the run
then senses after all, ``fetch(url, fresh=True)`` reads such a page in full (not counted
against the budget: it is the same page).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from pydantic import BaseModel, Field

from sentinel.agents import AgentState, ModelConfig
from sentinel.errors import InvalidInput
from sentinel.monitor.failures import EXPECTED_ERRORS, RunFailure, classify_error
from sentinel.monitor.governing.grounding import check_grounding
from sentinel.monitor.governing.locate import locate_evidence
from sentinel.monitor.models import Evidence, SensorOutput
from sentinel.monitor.notifying.message import Notification
from sentinel.monitor.sensing.drift import DriftVerdict, check_query_update
from sentinel.monitor.sensing.prefilter import SourceSnapshot
from sentinel.monitor.sensing.sources import ConfirmedPage, PageRecord
from sentinel.store import Store
from sentinel.web.fetch_result import FetchResult, Validators
from sentinel.web.search.base import MAX_QUERY_CHARS, SearchHit, SearchInput, SearchProvider

SENSOR = "sensor"
SENSOR_ACTIONS = ("search", "fetch", "report_state")
MAX_QUOTE_CHARS = 200
# The report's own fields: never part of the sensed state (see lift_misplaced_fields).
REPORT_FIELDS = frozenset({"evidence", "volatility_hint", "query_update"})


class PageFetcher(Protocol):
    """What a run reads pages with: ``sentinel.web.fetch.Fetcher``, or a wrapper adding a
    monitor's own sources (``RunServices.extra_sources``)."""

    async def fetch(self, url: str, *, validators: Validators | None = None) -> FetchResult:
        """Fetch and read ``url`` (conditional with ``validators``: a 304 comes back without
        content); raises ``FetchError`` (or another expected error)."""
        ...


@dataclass
class SensorConfig(ModelConfig):
    """The sensor's config: the runtime renders its context; nothing else is needed."""


class QuoteRef(BaseModel):
    """A quote as the sensor reports it: the number of the page it was copied from."""

    page: int = Field(description="Number of the page the quote is copied from.")
    quote: str = Field(
        max_length=MAX_QUOTE_CHARS, description="A short sentence copied word for word."
    )


@dataclass(frozen=True)
class SensorReport:
    """What ``report_state`` recorded: the cleaned output, and what it refused and why."""

    output: SensorOutput
    dropped_evidence: tuple[str, ...] = ()
    reattributed: tuple[str, ...] = ()
    # Quotes the code found for reported values no kept quote stated
    # (sentinel.monitor.governing.locate).
    located: tuple[str, ...] = ()
    query_verdict: DriftVerdict | None = None


@dataclass
class RunAgents:
    """The agents of a run: only the sensor (the governor is a single model call)."""

    sensor: AgentState[SensorConfig]


@dataclass
class Workspace:
    """The run's data; the first fields are its inputs, the rest are written by actions."""

    mission: str
    query: str
    now: datetime
    run_count: int
    previous_state: dict[str, Any] | None
    previous: SourceSnapshot | None
    cited: tuple[str, ...]
    max_fetches: int
    num_results: int
    named: tuple[str, ...] = ()
    search_too: bool = False
    hits: tuple[SearchHit, ...] = ()
    searched: bool = False
    search_failure: RunFailure | None = None
    pages: dict[str, PageRecord] = field(default_factory=dict)
    confirmed: dict[str, ConfirmedPage] = field(default_factory=dict)
    failed: dict[str, RunFailure] = field(default_factory=dict)
    fetches: int = 0
    report: SensorReport | None = None
    notification: Notification | None = None

    @property
    def searches(self) -> bool:
        """Whether this run searches: always without named pages; with them, only when the
        monitor's own sources come through search (``search_too``)."""
        return not self.named or self.search_too

    def page_list(self) -> list[PageRecord]:
        """The pages read, in reading order (their numbers in the prompt start at 1)."""
        return list(self.pages.values())

    def known_urls(self) -> set[str]:
        """URLs this run may fetch: named sources, search hits, cited sources and the
        previous run's pages."""
        urls = set(self.named) | {hit.url for hit in self.hits} | set(self.cited)
        if self.previous is not None:
            urls |= set(self.previous.fingerprints) | set(self.previous.failed)
        return urls

    def validators_for(self, url: str) -> Validators | None:
        """The validators stored for a named source whose fingerprint is known, else None
        (an unnamed page, or one never read: fetched unconditionally)."""
        previous = self.previous
        if url not in self.named or previous is None or url not in previous.fingerprints:
            return None
        entry = previous.sources.get(url)
        found = Validators(entry.etag, entry.last_modified) if entry is not None else None
        return found or None

    def unread_confirmed(self) -> list[str]:
        """Pages confirmed unchanged whose content this run has not read (in named order)."""
        return [url for url in self.confirmed if url not in self.pages and url not in self.failed]


@dataclass
class RunState:
    """The root of the run's store."""

    agents: RunAgents
    workspace: Workspace


def build_run_store(
    initial: RunState, search_provider: SearchProvider, fetcher: PageFetcher
) -> Store[RunState]:
    """The run's store with its four actions registered (see the module documentation)."""
    store = Store(initial)
    store.register(
        _search_action(search_provider),
        name="search",
        writes=["workspace.hits", "workspace.searched", "workspace.search_failure"],
    )
    store.register(
        _fetch_action(fetcher),
        name="fetch",
        writes=[
            "workspace.fetches",
            "workspace.pages.*",
            "workspace.confirmed.*",
            "workspace.failed.*",
            "agents.sensor.currently_available_actions",
        ],
    )
    store.register(report_state, writes=["workspace.report", "agents.sensor.should_act"])
    store.register(notify, writes=["workspace.notification"])
    return store


def _search_action(
    provider: SearchProvider,
) -> Callable[[RunState, str], Any]:
    async def search(view: RunState, query: str) -> Callable[[RunState], None]:
        """Search the web; hits replace those of an earlier search in this run."""
        text = " ".join(query.split())[:MAX_QUERY_CHARS]
        if not text:
            raise InvalidInput("query", query, "must not be empty")
        hits: tuple[SearchHit, ...] = ()
        failure: RunFailure | None = None
        try:
            found = await provider.search(
                SearchInput(query=text, num_results=view.workspace.num_results)
            )
            hits = tuple(found)
        except EXPECTED_ERRORS as error:
            failure = classify_error(error)

        def record(state: RunState) -> None:
            state.workspace.hits = hits
            state.workspace.searched = True
            state.workspace.search_failure = failure

        return record

    return search


def _fetch_action(fetcher: PageFetcher) -> Callable[..., Any]:
    async def fetch(view: RunState, url: str, fresh: bool = False) -> Callable[[RunState], None]:
        """Read one page found by search (or already known to this monitor); ``fresh`` reads
        a page confirmed unchanged in full."""
        workspace = view.workspace
        reread = fresh and url in workspace.unread_confirmed()
        if workspace.fetches >= workspace.max_fetches and not reread:
            raise InvalidInput("url", url, f"the page budget ({workspace.max_fetches}) is spent")
        if url not in workspace.known_urls():
            raise InvalidInput("url", url, "is neither a search hit nor a known source")
        validators = None if fresh else workspace.validators_for(url)
        page: PageRecord | None = None
        confirmed: ConfirmedPage | None = None
        failure: RunFailure | None = None
        try:
            if validators is None:
                page = PageRecord.of(await fetcher.fetch(url))
            else:
                result = await fetcher.fetch(url, validators=validators)
                page = PageRecord.of(result) if result.has_content else None
                confirmed = None if page else _confirmed(workspace, url, result)
        except EXPECTED_ERRORS as error:
            failure = classify_error(error)

        def record(state: RunState) -> None:
            space = state.workspace
            space.fetches += 0 if reread else 1
            if page is not None:
                space.pages[url] = page
            elif confirmed is not None:
                space.confirmed[url] = confirmed
            elif failure is not None:
                space.failed[url] = failure
            agent = state.agents.sensor
            spent = space.fetches >= space.max_fetches
            withdrawn = {"search"} if spent else set()
            if spent and not space.unread_confirmed():
                withdrawn.add("fetch")
            agent.currently_available_actions = agent.currently_available_actions - withdrawn

        return record

    return fetch


def _confirmed(workspace: Workspace, url: str, result: FetchResult) -> ConfirmedPage:
    """The page a 304 confirmed: its stored fingerprint and lines, the validators now."""
    previous = workspace.previous
    assert previous is not None  # validators are only sent for a page with a snapshot
    return ConfirmedPage(
        url=url,
        fingerprint=previous.fingerprints[url],
        etag=result.etag,
        last_modified=result.last_modified,
        lines=tuple(previous.lines.get(url, ())),
    )


def report_state(
    state: RunState,
    updated_state: dict[str, Any],
    evidence: list[QuoteRef] | None = None,
    volatility_hint: str | None = None,
    query_update: str | None = None,
    readings: list[dict[str, Any]] | None = None,
) -> None:
    """Report what the pages say: the new state, short verbatim quotes (with the number of the
    page each is copied from), how fast things change, and optionally a better search query.
    This ends your turn. (``readings`` are a contract's, written by code, not by a model.)"""
    space = state.workspace
    pages = space.page_list()
    updated_state, misplaced = lift_misplaced_fields(updated_state)
    refs = list(evidence or []) + misplaced.evidence
    volatility_hint = volatility_hint or misplaced.volatility_hint
    query_update = query_update or misplaced.query_update
    cited: list[Evidence] = []
    unknown_pages: list[str] = list(misplaced.refused)
    for ref in refs:
        if 1 <= ref.page <= len(pages):
            cited.append(Evidence(url=pages[ref.page - 1].url, quote=ref.quote))
        else:
            unknown_pages.append(f"{ref.quote[:60]!r}: there is no page {ref.page}")
    kept, reattributed, dropped = _check_quotes(cited, pages)
    # A contract's quotes come with its readings: the code does not look for others.
    located = [] if readings else locate_evidence(updated_state, pages, kept)
    kept += located
    verdict = None
    accepted_query = None
    if query_update is not None and query_update.strip():
        verdict = check_query_update(space.mission, query_update)
        accepted_query = verdict.query if verdict.accepted else None
    space.report = SensorReport(
        output=SensorOutput(
            updated_state=updated_state,
            volatility_hint=(volatility_hint or "").strip() or None,
            query_update=accepted_query,
            evidence=kept,
            error=_unread(space),
            readings=list(readings or []),
        ),
        dropped_evidence=tuple(unknown_pages + dropped),
        reattributed=tuple(reattributed),
        located=tuple(f"{e.quote[:60]!r} ({e.url})" for e in located),
        query_verdict=verdict,
    )
    state.agents.sensor.should_act = False


@dataclass(frozen=True)
class MisplacedFields:
    """Report fields a model wrote inside ``updated_state`` instead of beside it."""

    evidence: list[QuoteRef] = field(default_factory=list)
    volatility_hint: str | None = None
    query_update: str | None = None
    refused: tuple[str, ...] = ()


def lift_misplaced_fields(state: dict[str, Any]) -> tuple[dict[str, Any], MisplacedFields]:
    """``state`` without the report's own fields, and those fields as the report means them.

    Small models often nest ``evidence`` (and the hint or query) inside ``updated_state``. Kept
    there, a quote becomes part of the monitor's state, and the next run reads it back as
    "previous state" and copies it instead of reading the pages. Lifted out, a nested quote is
    checked like any other; an entry that is not a ``{page, quote}`` object is refused with
    the reason.
    """
    if not any(key in state for key in REPORT_FIELDS):
        return state, MisplacedFields()
    clean = {key: value for key, value in state.items() if key not in REPORT_FIELDS}
    refs: list[QuoteRef] = []
    refused: list[str] = []
    nested = state.get("evidence")
    for item in nested if isinstance(nested, list) else [nested] if nested else []:
        try:
            refs.append(QuoteRef.model_validate(item))
        except ValueError:
            refused.append(f"{str(item)[:60]!r}: not a {{page, quote}} object")

    def text(key: str) -> str | None:
        value = state.get(key)
        return value.strip() or None if isinstance(value, str) else None

    lifted = MisplacedFields(
        evidence=refs,
        volatility_hint=text("volatility_hint"),
        query_update=text("query_update"),
        refused=tuple(refused),
    )
    return clean, lifted


def _unread(space: Workspace) -> str | None:
    """What could not be read this run, so the state says what it rests on."""
    problems = [f"{url}: {failure.message}" for url, failure in space.failed.items()]
    if space.search_failure is not None:
        problems.insert(0, f"search: {space.search_failure.message}")
    return "; ".join(problems) or None


def notify(state: RunState, title: str, message: str) -> None:
    """Queue the run's notification for delivery (the actuator's action, not the sensor's)."""
    state.workspace.notification = Notification(title=title, message=message)


def _check_quotes(
    evidence: list[Evidence], pages: list[PageRecord]
) -> tuple[list[Evidence], list[str], list[str]]:
    """Quotes found on their page kept; found on another page re-attributed; others dropped."""
    texts = {page.url: page.readable_text for page in pages}
    result = check_grounding(evidence, texts)
    kept = list(result.grounded)
    reattributed: list[str] = []
    dropped: list[str] = []
    for rejected in result.rejected:
        item = rejected.evidence
        elsewhere = [
            url
            for url in texts
            if url != item.url
            and check_grounding([item.model_copy(update={"url": url})], texts).grounded
        ]
        if elsewhere:
            kept.append(item.model_copy(update={"url": elsewhere[0]}))
            reattributed.append(f"{item.quote[:60]!r}: cited {item.url}, found on {elsewhere[0]}")
        else:
            dropped.append(f"{item.quote[:60]!r} ({item.url}): {rejected.reason}")
    unique = list({(e.url, e.quote): e for e in kept}.values())
    return unique, reattributed, dropped
