"""The sensor: an agent that reads the web and reports a structured state. It cannot notify.

The sensor is an :class:`~sentinel.agents.Agent` on the run's store
(:mod:`sentinel.monitor.workspace`) whose hard limit is ``search``, ``fetch`` and
``report_state``. Its generating function is a :class:`SensorPolicy`, built for a small local
model: the first steps are scripted (read the monitor's named pages, if it has any, with
conditional requests; else search with the monitor's query and fetch the chosen pages),
then the pre-filter looks at what came back; only when something changed is the model asked,
once, for the ``report_state`` call, under a JSON grammar. So a run costs one model call, or
none when nothing changed, while the runtime still checks every step against the limit and
traces it. A model that asks for anything else (``notify``…) is refused by the runtime, told
so, and asked again.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal

from sentinel.agents import Agent as RuntimeAgent
from sentinel.agents import (
    AgentState,
    AIApp,
    AppTimeout,
    ContextView,
    FunctionContext,
    Generation,
    TraceRecord,
)
from sentinel.llm import LanguageModel, Message
from sentinel.monitor.contract.model import Contract
from sentinel.monitor.failures import EXPECTED_ERRORS, RunFailure, classify_error
from sentinel.monitor.models import SensorContext, SensorOutput
from sentinel.monitor.prompts import SENSOR_INSTRUCTIONS, render_sensor_context
from sentinel.monitor.reading.read import read_contract
from sentinel.monitor.scheduling.anchors import page_lines
from sentinel.monitor.sensing.prefilter import PrefilterDecision, SourceSnapshot, prefilter
from sentinel.monitor.sensing.reply import REPORT_MAX_TOKENS, reply_model
from sentinel.monitor.sensing.schema import StateSchema
from sentinel.monitor.sensing.sources import (
    PageRecord,
    choose_sources,
    probe_sources,
    query_terms,
    snapshot_of,
)
from sentinel.monitor.workspace import (
    MAX_QUOTE_CHARS,
    SENSOR,
    SENSOR_ACTIONS,
    PageFetcher,
    RunAgents,
    RunState,
    SensorConfig,
    SensorReport,
    Workspace,
    build_run_store,
)
from sentinel.store import Store
from sentinel.web.search.base import SearchHit, SearchProvider

SensorStatus = Literal["reported", "skipped", "empty", "failed"]

NOTHING_READ = (
    "search found nothing to read: add --url, or configure a search provider "
    "(SENTINEL_SEARCH) or put documents in SENTINEL_SEARCH_FOLDER"
)
"""Why a run read nothing, with what fixes it (shown by ``watch run``, ``show``, ``history``
and the monitor's web page)."""


@dataclass(frozen=True)
class SensorResult:
    """What sensing produced.

    ``status``: ``reported`` (the model reported a state), ``skipped`` (the pre-filter saw no
    change; no model call), ``empty`` (nothing to read: search found no page), ``failed``
    (``failure`` says why). ``baseline`` is the source snapshot to store for the next run's
    pre-filter; ``store`` is the run's store, for the actuator's ``notify``.
    """

    status: SensorStatus
    reason: str
    store: Store[RunState]
    baseline: SourceSnapshot
    report: SensorReport | None = None
    prefilter: PrefilterDecision | None = None
    failure: RunFailure | None = None
    trace: tuple[TraceRecord, ...] = ()
    model_calls: int = 0

    @property
    def output(self) -> SensorOutput | None:
        """The reported (cleaned) sensor output, if any."""
        return self.report.output if self.report else None

    @property
    def pages(self) -> dict[str, PageRecord]:
        """The pages read this run, by requested URL."""
        return dict(self.store.state.workspace.pages)

    @property
    def hits(self) -> tuple[SearchHit, ...]:
        """The search hits of this run."""
        return self.store.state.workspace.hits


@dataclass(frozen=True)
class _Verdict:
    """How the scripted part of the policy judged the run: ``sense`` (ask the model) or why
    not."""

    status: Literal["sense", "skipped", "empty", "failed"]
    reason: str
    prefilter: PrefilterDecision
    failure: RunFailure | None = None


@dataclass
class SensorPolicy:
    """The sensor's generating function: scripted search and fetches, the pre-filter, then the
    model for ``report_state`` (see the module documentation).

    A monitor with named pages reads them all, in order, and searches only when
    ``Workspace.searches`` says so (its own sources come through search: A2A agents); a page
    confirmed unchanged by a 304 is read in full only when the run senses after all.

    ``force`` senses even when the pre-filter would skip (the last governed run failed, so its
    state still waits for a decision). ``probe`` first re-reads only the pages
    :func:`~sentinel.monitor.sensing.sources.probe_sources` picks; when those show a change the run
    reads in full before it senses, so the model and the stored baseline always see a full
    read.
    """

    model: LanguageModel
    force: bool = False
    probe: bool = False
    schema: StateSchema | None = None
    contract: Contract | None = None
    max_tokens: int = REPORT_MAX_TOKENS
    store: Store[RunState] | None = None
    verdict: _Verdict | None = None
    model_failure: RunFailure | None = None
    model_calls: int = 0
    _plan: list[str] | None = field(default=None, repr=False)

    async def __call__(self, config: SensorConfig) -> Generation:
        """The next step: a scripted action, the model's ``report_state``, or ``finish``."""
        if self.store is None:
            raise RuntimeError("SensorPolicy is not bound to a store")
        workspace = self.store.state.workspace
        available = self.store.state.agents.sensor.currently_available_actions
        scripted = self._scripted_step(workspace, available)
        if scripted is not None:
            return Generation(json.dumps(scripted))
        if self.verdict is None:
            self.verdict = self._judge(workspace)
        if self.verdict.status != "sense" or self.model_failure is not None:
            return Generation(json.dumps({"action": "finish", "payload": {}}))
        unread = workspace.unread_confirmed()
        if unread and "fetch" in available:
            # Sensing after all: the model reads every page, unchanged ones included.
            return Generation(
                json.dumps({"action": "fetch", "payload": {"url": unread[0], "fresh": True}})
            )
        if self.contract is not None:
            return await self._read_contract(self.contract)
        return await self._ask_model(config)

    async def _read_contract(self, contract: Contract) -> Generation:
        """The ``report_state`` call of a monitor with a contract: its fields read from the
        pages by code (:mod:`sentinel.monitor.reading`), the model asked only to choose among
        candidates the code could not settle."""
        assert self.store is not None
        workspace = self.store.state.workspace
        pages = workspace.page_list()
        reading = await read_contract(contract, pages, model=self.model, now=workspace.now)
        self.model_calls += reading.model_calls
        numbers = {page.url: number for number, page in enumerate(pages, start=1)}
        evidence = [
            {"page": numbers[r.url], "quote": shortened_quote(r.quote)}
            for r in reading.readings
            if r.verified and r.url in numbers and r.quote
        ]
        unique = list({json.dumps(item, sort_keys=True): item for item in evidence}.values())
        payload = {
            "updated_state": reading.state(),
            "evidence": unique,
            "volatility_hint": None,
            "query_update": None,
            "readings": [r.model_dump(mode="json") for r in reading.readings],
        }
        usage = dict(reading.usage) if reading.usage else None
        return Generation(json.dumps({"action": "report_state", "payload": payload}), usage=usage)

    def _scripted_step(
        self, workspace: Workspace, available: frozenset[str]
    ) -> dict[str, Any] | None:
        tried = set(workspace.pages) | set(workspace.confirmed) | set(workspace.failed)
        named = [url for url in workspace.named if url not in tried]
        if named and "fetch" in available:
            return {"action": "fetch", "payload": {"url": named[0]}}
        if workspace.named and not workspace.searches:
            return None
        if not workspace.searched and "search" in available:
            return {"action": "search", "payload": {"query": workspace.query}}
        if self._plan is None:
            self._plan = self._probe_plan(workspace) if self.probe else None
            self.probe = self._plan is not None
            self._plan = self._plan or self._full_plan(workspace)
        pending = self._pending(workspace)
        if not pending and self.probe and self._probe_changed(workspace):
            self.probe = False
            self._plan = self._full_plan(workspace)
            pending = self._pending(workspace)
        if pending and "fetch" in available:
            return {"action": "fetch", "payload": {"url": pending[0]}}
        return None

    def _full_plan(self, workspace: Workspace) -> list[str]:
        return choose_sources(
            workspace.hits,
            cited=workspace.cited,
            previous=workspace.previous,
            limit=workspace.max_fetches,
            named=query_terms(workspace.mission),
        )

    def _probe_plan(self, workspace: Workspace) -> list[str] | None:
        plan = probe_sources(
            workspace.hits,
            cited=workspace.cited,
            previous=workspace.previous,
            named=query_terms(workspace.mission),
        )
        return plan[: workspace.max_fetches] if plan else None

    def _pending(self, workspace: Workspace) -> list[str]:
        assert self._plan is not None
        tried = set(workspace.pages) | set(workspace.confirmed) | set(workspace.failed)
        pending = [url for url in self._plan if url not in tried]
        return pending[: max(0, workspace.max_fetches - workspace.fetches)]

    def _probe_changed(self, workspace: Workspace) -> bool:
        return not self._prefilter(workspace).skip

    def _prefilter(self, workspace: Workspace) -> PrefilterDecision:
        return prefilter(workspace.previous, _snapshot(workspace), probe=self.probe)

    def _judge(self, workspace: Workspace) -> _Verdict:
        decision = self._prefilter(workspace)
        if decision.skip and not self.force:
            return _Verdict("skipped", decision.reason, decision)
        if workspace.pages or workspace.confirmed:
            reason = decision.reason if not decision.skip else "sensing again: " + decision.reason
            return _Verdict("sense", reason, decision)
        failure = workspace.search_failure or next(iter(workspace.failed.values()), None)
        if failure is not None:
            return _Verdict(
                "failed", f"nothing could be read: {failure.message}", decision, failure
            )
        return _Verdict("empty", NOTHING_READ, decision)

    async def _ask_model(self, config: SensorConfig) -> Generation:
        messages = [
            Message.system(SENSOR_INSTRUCTIONS),
            Message.user(config.context),
            *(Message(m.role, m.content) for m in config.messages),
        ]
        self.model_calls += 1
        try:
            previous = self.store.state.workspace.previous_state if self.store else None
            output = reply_model(previous, self.schema)
            completion = await self.model.complete(
                messages, output=output, max_tokens=self.max_tokens
            )
        except EXPECTED_ERRORS as error:
            self.model_failure = classify_error(error)
            return Generation(json.dumps({"action": "finish", "payload": {}}))
        usage = completion.usage
        return Generation(
            completion.parsed.model_dump_json(by_alias=True, exclude_unset=True),
            usage={
                "model_calls": usage.requests,
                "prompt_tokens": usage.prompt_tokens,
                "completion_tokens": usage.completion_tokens,
                "cached_tokens": usage.cached_tokens,
                "model_s": round(completion.latency_s, 3),
            },
        )


@dataclass
class Sensor:
    """Senses for one monitor run: ``await Sensor(...).sense(ctx, previous=...)``.

    ``max_pages`` bounds the pages read, ``page_chars`` the excerpt of each the model sees,
    ``num_results`` the search hits asked for; ``timeout_s`` bounds the whole activation.
    """

    model: LanguageModel
    search: SearchProvider
    fetcher: PageFetcher
    max_pages: int = 3
    page_chars: int = 2000
    num_results: int = 8
    timeout_s: float = 600.0

    async def sense(
        self,
        ctx: SensorContext,
        *,
        previous: SourceSnapshot | None,
        cited: tuple[str, ...] = (),
        force: bool = False,
        probe: bool = False,
        named: Sequence[str] = (),
        search_too: bool = False,
        keep_unread: bool = False,
    ) -> SensorResult:
        """Read (named pages, else search hits), pre-filter and (when something changed) ask
        the model for the state.

        ``previous`` is the last run's source snapshot; ``cited`` the URLs the previous state
        quoted (read first); ``force`` senses even without a change; ``probe`` first re-reads
        only the pages that matter most (see :class:`SensorPolicy`; ignored with ``force`` and
        with named pages, which are all read every run). ``named`` are the pages the monitor
        reads on every run; with them it searches only if ``search_too``. ``keep_unread``: the
        pages of ``previous`` this run does not read keep their fingerprints, unjudged (a run
        reading a monitor's known pages instead of searching).
        """
        named = tuple(dict.fromkeys(named))
        budget = self.max_pages
        if named:
            budget = len(named) + (self.max_pages if search_too else 0)
        policy = SensorPolicy(
            self.model,
            force=force,
            probe=keep_unread or (probe and not force and not named),
            schema=ctx.state_schema,
            contract=Contract.model_validate(ctx.contract) if ctx.contract else None,
        )
        terms = query_terms(ctx.original_query, ctx.current_query)
        # Each named page may be fetched twice: conditionally, then in full if the run senses.
        steps = self.max_pages + 2 * len(named)
        agent = _sensor_agent(policy, terms, self.page_chars, steps)
        workspace = Workspace(
            mission=ctx.original_query,
            query=ctx.current_query,
            now=ctx.now or datetime.now(UTC),
            run_count=ctx.run_count,
            previous_state=ctx.previous_state,
            previous=previous,
            cited=cited,
            max_fetches=budget,
            num_results=self.num_results,
            named=named,
            search_too=search_too,
        )
        initial = RunState(RunAgents(AgentState.for_agent(agent)), workspace)
        store = build_run_store(initial, self.search, self.fetcher)
        policy.store = store
        timed_out: RunFailure | None = None
        async with AIApp(store, [agent]) as app:
            app.trigger(SENSOR)
            try:
                await app.run_until_idle(timeout=self.timeout_s)
            except AppTimeout as exc:
                timed_out = RunFailure("provider", f"sensor: {exc}", retryable=True)
        return _result(store, policy, tuple(app.trace), timed_out)


def shortened_quote(quote: str) -> str:
    """A reading's quote cut to the report's quote limit at a word (a prefix is still verbatim:
    a free slot's quote goes on with the times it lists)."""
    if len(quote) <= MAX_QUOTE_CHARS:
        return quote
    cut = quote[:MAX_QUOTE_CHARS]
    return cut[: cut.rfind(" ")] if " " in cut else cut


def state_keys(state: Mapping[str, Any] | None) -> dict[str, None] | None:
    """The previous state as the sensor model sees it: its keys, every value null.

    The keys keep the state's shape stable from run to run. The values are withheld: a small
    model shown last run's price copies it back — measured on the embedded 0.5B model, which
    quoted "279.99 USD" from the page and reported 379.99, last run's value. Comparing with
    the past is the governor's job; it sees the previous values.
    """
    return None if state is None else dict.fromkeys(state)


def _sensor_agent(
    policy: SensorPolicy, terms: frozenset[str], page_chars: int, max_fetches: int
) -> RuntimeAgent[SensorConfig]:
    def render(view: ContextView) -> str:
        space: Workspace = view.state.workspace
        return render_sensor_context(
            mission=space.mission,
            query=space.query,
            now=space.now,
            run_count=space.run_count,
            previous_state=state_keys(space.previous_state),
            pages=space.page_list(),
            terms=terms,
            page_chars=page_chars,
            schema=policy.schema,
        )

    return RuntimeAgent(
        SENSOR,
        actions=SENSOR_ACTIONS,
        config=SensorConfig(),
        generate=policy,
        context=[FunctionContext(render)],
        # Scripted steps (a search, the fetches) plus the model's report and one correction.
        max_steps=max_fetches + 4,
        max_retries=1,
    )


def _snapshot(workspace: Workspace) -> SourceSnapshot:
    """What the run read so far, with the dated lines of its pages (for later schedules)."""
    today = workspace.now.astimezone(UTC).date()
    lines = page_lines(workspace.pages, workspace.mission, today=today)
    return snapshot_of(
        workspace.pages,
        workspace.failed,
        workspace.hits,
        lines,
        confirmed=workspace.confirmed,
        named=workspace.named,
        now=workspace.now,
    )


def _result(
    store: Store[RunState],
    policy: SensorPolicy,
    trace: tuple[TraceRecord, ...],
    timed_out: RunFailure | None,
) -> SensorResult:
    workspace = store.state.workspace
    verdict = policy.verdict
    if verdict is not None:
        decision: PrefilterDecision | None = verdict.prefilter
        baseline = verdict.prefilter.baseline
    else:
        decision, baseline = None, prefilter(workspace.previous, _snapshot(workspace)).baseline
    common: dict[str, Any] = {
        "store": store,
        "baseline": baseline,
        "prefilter": decision,
        "trace": trace,
        "model_calls": policy.model_calls,
    }
    failure = timed_out or policy.model_failure
    if failure is None and verdict is not None and verdict.status != "sense":
        return SensorResult(verdict.status, verdict.reason, failure=verdict.failure, **common)
    if failure is None and workspace.report is not None:
        reason = verdict.reason if verdict else "sensed"
        return SensorResult("reported", reason, report=workspace.report, **common)
    if failure is None:
        agent_state = store.state.agents.sensor
        last_output = next((r.output for r in reversed(trace) if r.output), None)
        failure = RunFailure(
            "model",
            f"the sensor did not report a state: {agent_state.last_error or 'it stopped'}",
            retryable=False,
            raw_output=last_output,
        )
    return SensorResult("failed", failure.message, failure=failure, **common)
