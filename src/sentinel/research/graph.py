"""The wiring: four agents on one store, and the rules that hand the work between them.

    START ──start──▶ planner ──plan──▶ searcher ──search──▶ analyzer ──decide──┐
                                          ▲                                     │
                                          └────────── CONTINUE (new query) ◀────┤
                                                                                │
                   END ◀──publish_report── reporter ◀────────── FINISH ◀───────┘

No node calls another: each writes state through its action, and a rule reading the change
sets the next node's ``should_act``. ``max_iters`` is a rule too: once that many searches are
done the router finishes without asking the analyzer (its answer could not change anything);
so is coverage: when the sources found state every word the question asks, from enough
domains, the analyzer could only say FINISH, and is not asked. The planner is asked only with
``plan_with_model``: by default the first search is the question's own keywords.
"""

from __future__ import annotations

from sentinel.agents import (
    ActionCall,
    Agent,
    AgentState,
    ContextView,
    Rule,
    trigger,
    when_changed,
)
from sentinel.research import actions
from sentinel.research.coverage import evidence_covers
from sentinel.research.models import ResearchModels
from sentinel.research.nodes import StructuredNode, final_report_json, search_call
from sentinel.research.prompts import (
    ANALYZER_SYSTEM,
    PLANNER_SYSTEM,
    REPORTER_SYSTEM,
    analyzer_context,
    planner_context,
    report_evidence,
    reporter_context,
)
from sentinel.research.runlog import RunLog
from sentinel.research.schemas import AnalyzerDecision, ReportDraft, ResearchPlan
from sentinel.research.settings import ResearchSettings
from sentinel.research.state import NodeConfig, ResearchAgents, ResearchState, unique_domains
from sentinel.research.throttle import CallGate
from sentinel.research.tools import ResearchTools
from sentinel.store import Delta, Store

NODES = ("planner", "searcher", "analyzer", "reporter")


def build_agents(
    models: ResearchModels, settings: ResearchSettings, gate: CallGate, log: RunLog
) -> list[Agent[NodeConfig]]:
    """The four nodes as agents, each limited to its own action(s)."""

    def plan_fallback(problem: str, raw: str) -> ActionCall:
        # An empty query makes ``plan`` search the question's own keywords.
        return ActionCall("plan", {"research_query": "", "narrow": False, "freshness": None})

    planner = StructuredNode(
        "planner",
        models.planner,
        output=ResearchPlan,
        system=PLANNER_SYSTEM,
        to_call=lambda plan, _: ActionCall("plan", plan.model_dump()),
        on_invalid=plan_fallback,
        fallback_on_timeout=True,
        gate=gate,
        log=log,
        max_tokens=settings.plan_tokens,
        temperature=settings.temperature,
    )
    analyzer = StructuredNode(
        "analyzer",
        models.analyzer,
        output=AnalyzerDecision,
        system=ANALYZER_SYSTEM,
        to_call=lambda decision, _: ActionCall("decide", decision.model_dump()),
        # FINISH hands the choice to the rules: more domains needed means another search.
        on_invalid=lambda problem, raw: ActionCall(
            "decide", {"missing": "", "status": "FINISH", "next_query": ""}
        ),
        fallback_on_timeout=True,
        gate=gate,
        log=log,
        max_tokens=settings.decision_tokens,
        temperature=settings.temperature,
    )
    reporter = StructuredNode(
        "reporter",
        models.reporter,
        output=ReportDraft,
        system=REPORTER_SYSTEM,
        to_call=lambda draft, config: ActionCall(
            "publish_report", {"report_json": final_report_json(draft, config.context)}
        ),
        on_invalid=lambda problem, raw: ActionCall(
            "reject_report", {"problem": problem, "raw": raw[:4000]}
        ),
        gate=gate,
        log=log,
        max_tokens=settings.report_tokens,
        temperature=settings.temperature,
    )

    def pending_search(view: ContextView) -> str:
        state: ResearchState = view.state
        return state.search_input.model_dump_json() if state.search_input else ""

    def evidence_for_reporter(view: ContextView) -> str:
        state: ResearchState = view.state
        evidence = report_evidence(
            state, max_sources=settings.report_sources, budget=settings.report_chars
        )
        return reporter_context(state.question, evidence)

    return [
        Agent(
            "planner",
            actions=["plan"],
            config=NodeConfig(),
            generate=planner,
            context=[lambda view: planner_context(view.state)],
            max_steps=3,
            max_retries=1,
        ),
        Agent(
            "searcher",
            actions=["search"],
            config=NodeConfig(),
            generate=search_call,
            context=[pending_search],
            max_steps=2,
            max_retries=0,  # the gate has retried the provider already
        ),
        Agent(
            "analyzer",
            actions=["decide"],
            config=NodeConfig(),
            generate=analyzer,
            context=[lambda view: analyzer_context(view.state, settings.analyzer_chars)],
            max_steps=3,
            max_retries=1,
        ),
        Agent(
            "reporter",
            actions=["publish_report", "reject_report"],
            config=NodeConfig(),
            generate=reporter,
            context=[evidence_for_reporter],
            max_steps=3,
            max_retries=1,  # one more try, told why its report was refused
        ),
    ]


def build_store(
    agents: list[Agent[NodeConfig]],
    tools: ResearchTools,
    settings: ResearchSettings,
    search_gate: CallGate,
    log: RunLog,
) -> Store[ResearchState]:
    """A fresh run's store with every action registered."""
    by_name = {agent.name: agent for agent in agents}
    state = ResearchState(
        agents=ResearchAgents(**{name: AgentState.for_agent(by_name[name]) for name in NODES}),
        max_iters=settings.max_iters,
        min_domains=settings.min_domains,
        num_results=settings.num_results,
        analyze_when_covered=settings.analyze_when_covered,
        plan_with_model=settings.plan_with_model,
    )
    store = Store(state)
    for fn in (
        actions.start,
        actions.plan,
        actions.decide,
        actions.finish_research,
        actions.publish_report,
        actions.reject_report,
    ):
        store.register(fn, writes=actions.WRITES[fn.__name__])
    store.register(
        actions.make_search(tools, search_gate, settings, log),
        name="search",
        writes=actions.WRITES["search"],
    )
    return store


def after_search(state: ResearchState, delta: Delta) -> list[ActionCall]:
    """A search is done: ask the analyzer, or finish once ``max_iters`` searches ran, or
    when the sources found state every word the question asks from enough domains (the
    analyzer could only agree: its call is saved)."""
    if "iterations" not in delta.paths:
        return []
    if state.iterations >= state.max_iters:
        reason = f"max-iters reached ({state.iterations} of {state.max_iters} searches)"
        return [ActionCall("finish_research", {"reason": reason})]
    enough = state.narrow or len(unique_domains(state.search_results)) >= state.min_domains
    if (
        enough
        and not state.analyze_when_covered
        and evidence_covers(state.question, evidence_texts(state))
    ):
        reason = "the sources found state every word the question asks"
        return [ActionCall("finish_research", {"reason": reason})]
    return [trigger("analyzer")]


def evidence_texts(state: ResearchState) -> list[str]:
    """What the run found so far: the pages read and the snippets of the others."""
    read = [page.excerpt for page in state.pages if page.error is None]
    return [*read, *(f"{hit.title} {hit.snippet}" for hit in state.search_results)]


RULES: list[Rule[ResearchState]] = [
    when_changed(
        "question",
        then=trigger("planner"),
        only_if=lambda s: bool(s.question) and s.plan_with_model,
    ),
    # By default the first search is the question's keywords: no planner call.
    when_changed(
        "question",
        then=ActionCall("plan", {"research_query": "", "narrow": False, "freshness": None}),
        only_if=lambda s: bool(s.question) and not s.plan_with_model,
    ),
    when_changed(
        "search_input",
        then=trigger("searcher"),
        only_if=lambda s: s.search_input is not None and s.status == "CONTINUE",
    ),
    after_search,
    # With no evidence at all there is nothing to report: the run ends without a reporter.
    when_changed(
        "status",
        then=trigger("reporter"),
        only_if=lambda s: s.status == "FINISH" and bool(s.search_results),
    ),
]
