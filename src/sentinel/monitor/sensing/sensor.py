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

The policy lives in :mod:`sentinel.monitor.sensing.policy`; what a run returns, a
:class:`~sentinel.monitor.sensing.result.SensorResult`, in :mod:`sentinel.monitor.sensing.result`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sentinel.agents import Agent as RuntimeAgent
from sentinel.agents import (
    AgentState,
    AIApp,
    AppTimeout,
    ContextView,
    FunctionContext,
    TraceRecord,
)
from sentinel.llm import LanguageModel
from sentinel.monitor.contract.model import Contract
from sentinel.monitor.failures import RunFailure
from sentinel.monitor.models import SensorContext
from sentinel.monitor.prompts import render_sensor_context
from sentinel.monitor.sensing.policy import SensorPolicy, run_snapshot
from sentinel.monitor.sensing.prefilter import PrefilterDecision, SourceSnapshot, prefilter
from sentinel.monitor.sensing.result import SensorResult
from sentinel.monitor.sensing.sources import query_terms
from sentinel.monitor.workspace import (
    SENSOR,
    SENSOR_ACTIONS,
    PageFetcher,
    RunAgents,
    RunState,
    SensorConfig,
    Workspace,
    build_run_store,
)
from sentinel.store import Store
from sentinel.web.search.base import SearchProvider


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
        decision, baseline = None, prefilter(workspace.previous, run_snapshot(workspace)).baseline
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
