"""The assistant on the agent runtime: its actions are store actions, its plan is checked
against its hard limit, and the plan's actions run concurrently, bounded and timed.

One :class:`ActionRuntime` per ``ChatDeps`` holds a ``Store`` whose state keeps each running
turn's recorded outcomes (``turns.<id>.outcomes.<index>``), and an ``assistant`` agent whose
``available_actions`` is the catalogue minus ``ChatSettings.disabled_actions``. Every planned
step goes through ``agent.resolve``: an action outside the limit is refused
(``ForbiddenAction``: the runtime's own bookkeeping actions exist in the store but are not the
agent's), an unknown one is ``UnknownAction``, bad parameters are ``InvalidPayload``, each
becoming a visible failed outcome, never a crash. The agent is never activated: its steps come
from the flow's plan, not from a loop of its own, so ``generate`` refuses to be called.

Execution (``run_plan``): at most ``max_parallel_actions`` at once (``parallel=False`` runs
one at a time), each cut off after its timeout, results returned in plan order, one failure
never sinking the others. The owner of an action is the turn's, set when the turn opens: a
plan cannot name another owner.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from sentinel.agents import Agent, AgentError, AgentState, AIApp, ModelConfig, StepError
from sentinel.agents.actions import ActionCall
from sentinel.assistant.chat.actions import CATALOG, ActionContext, ActionEntry, UsageMeter
from sentinel.assistant.chat.grammar import decision_type
from sentinel.assistant.chat.prompts import system_message
from sentinel.assistant.chat.schemas import Decision, PlannedAction
from sentinel.errors import InvalidInput, SentinelError
from sentinel.llm import Message
from sentinel.store import Store

if TYPE_CHECKING:
    from sentinel.assistant.chat.deps import ChatDeps

AGENT = "assistant"


@dataclass(frozen=True)
class ActionOutcome:
    """What one planned action did: its result (JSON) or its error, and how long it took."""

    index: int
    action: str
    parameters: dict[str, Any]
    ok: bool
    result: dict[str, Any] | None = None
    error: str | None = None
    duration_ms: int = 0

    def report(self) -> dict[str, Any]:
        """The outcome as events, prompts and receipts show it."""
        return {
            "action": self.action,
            "parameters": self.parameters,
            "ok": self.ok,
            "result": self.result,
            "error": self.error,
            "duration_ms": self.duration_ms,
        }


@dataclass
class TurnActions:
    """A running turn: whose it is and what its actions did so far."""

    owner: str
    outcomes: dict[int, ActionOutcome] = field(default_factory=dict)


@dataclass
class AssistantAgents:
    """The agent states of the runtime (one agent)."""

    assistant: AgentState[ModelConfig]


@dataclass
class RuntimeState:
    """Every running turn's actions, and the assistant agent's state (its hard limit)."""

    agents: AssistantAgents
    turns: dict[str, TurnActions] = field(default_factory=dict)


def open_turn(state: RuntimeState, turn: str, owner: str) -> None:
    """Start recording a turn's actions for ``owner``."""
    state.turns[turn] = TurnActions(owner)


def close_turn(state: RuntimeState, turn: str) -> None:
    """Forget a finished turn (its receipt keeps what mattered)."""
    del state.turns[turn]


def record_outcome(state: RuntimeState, turn: str, outcome: ActionOutcome) -> None:
    """Record an outcome decided outside its action (refused, timed out)."""
    state.turns[turn].outcomes[outcome.index] = outcome


async def _never_generates(config: ModelConfig) -> str:
    raise AgentError("the assistant agent acts on the flow's plan; it is never activated")


class ActionRuntime:
    """The store, the agent and the executor of a ``ChatDeps``."""

    def __init__(self, deps: ChatDeps, disabled: Sequence[str] = ()) -> None:
        unknown = sorted(set(disabled) - set(CATALOG))
        if unknown:
            raise InvalidInput("disabled_actions", unknown, f"unknown; known: {sorted(CATALOG)}")
        self.deps = deps
        self.allowed = [name for name in CATALOG if name not in set(disabled)]
        self.agent: Agent[ModelConfig] = Agent(
            AGENT, actions=self.allowed, config=ModelConfig(), generate=_never_generates
        )
        self.store: Store[RuntimeState] = Store(
            RuntimeState(AssistantAgents(AgentState.for_agent(self.agent))), history_limit=1
        )
        self.store.register(open_turn, writes=["turns"])
        self.store.register(close_turn, writes=["turns"])
        self.store.register(record_outcome, writes=["turns.*.outcomes"])
        for entry in CATALOG.values():
            self.store.register(
                self._store_action(entry), name=entry.name, writes=["turns.*.outcomes"]
            )
        AIApp(self.store, [self.agent])  # validates and wires the agent to the store
        settings = deps.settings
        self.decision: type[Decision] = decision_type(
            [CATALOG[name] for name in self.allowed],
            settings.max_actions_per_plan,
            settings.suggestions,
        )
        """The round's output type: its grammar allows exactly the allowed actions."""
        self.system: Message = system_message(self.catalogue())
        """The one system message of every call of every turn (a cached prefix)."""
        self._ids = itertools.count(1)
        self.usage: dict[str, UsageMeter] = {}

    def catalogue(self) -> str:
        """The allowed actions, one a line, for prompts."""
        return "\n".join(CATALOG[name].prompt_line() for name in self.allowed)

    def open(self, owner: str, usage: UsageMeter) -> str:
        """A new turn for ``owner``; returns its id."""
        turn = f"t{next(self._ids)}"
        self.store.dispatch("open_turn", turn=turn, owner=owner)
        self.usage[turn] = usage
        return turn

    def close(self, turn: str) -> None:
        """Forget the turn."""
        self.usage.pop(turn, None)
        if turn in self.store.state.turns:
            self.store.dispatch("close_turn", turn=turn)

    def _store_action(self, entry: ActionEntry) -> Any:
        deps = self.deps

        async def run(state: RuntimeState, turn: str, index: int, params: BaseModel) -> Any:
            owner = state.turns[turn].owner
            context = ActionContext(owner, deps, self.usage.get(turn) or UsageMeter())
            started = time.perf_counter()
            try:
                result = await entry.handler(context, params)
                outcome = ActionOutcome(
                    index,
                    entry.name,
                    params.model_dump(mode="json", exclude_none=True),
                    True,
                    result=result.model_dump(mode="json"),
                    duration_ms=_ms(started),
                )
            except SentinelError as exc:
                outcome = _failed(index, entry.name, params, str(exc), started)
            except Exception as exc:  # one broken action must not sink the turn
                problem = f"internal error: {type(exc).__name__}: {exc}"
                outcome = _failed(index, entry.name, params, problem, started)

            def commit(draft: RuntimeState) -> None:
                draft.turns[turn].outcomes[index] = outcome

            return commit

        run.__doc__ = entry.description
        run.__annotations__ = {
            "state": RuntimeState,
            "turn": str,
            "index": int,
            "params": entry.params,
        }
        return run

    async def run_plan(
        self, turn: str, plan: Sequence[PlannedAction], *, parallel: bool
    ) -> list[ActionOutcome]:
        """Run ``plan`` for the turn; outcomes in plan order. Steps past
        ``max_actions_per_plan`` are refused, visibly, like any other refused action."""
        settings = self.deps.settings
        gate = asyncio.Semaphore(settings.max_parallel_actions if parallel else 1)
        # Indexes run on across iterations: one turn, one numbering of its actions.
        offset = len(self.store.state.turns[turn].outcomes)

        limit = settings.max_actions_per_plan

        async def one(index: int, step: PlannedAction) -> ActionOutcome:
            started = time.perf_counter()
            if index - offset >= limit:
                problem = f"refused: a plan may hold at most {limit} actions"
                return self._record(turn, index, step, problem, started)
            payload = {"turn": turn, "index": index, "params": step.parameters}
            try:
                bound, validated = self.agent.resolve(ActionCall(step.action, payload))
            except StepError as exc:
                return self._record(turn, index, step, str(exc), started)
            timeout = (
                settings.research_timeout_s
                if step.action == "RESEARCH"
                else settings.action_timeout_s
            )
            async with gate:
                try:
                    await asyncio.wait_for(bound(validated), timeout)
                except TimeoutError:
                    return self._record(turn, index, step, f"timed out after {timeout:g}s", started)
                except Exception as exc:  # the store refused the commit: report, go on
                    problem = f"internal error: {type(exc).__name__}: {exc}"
                    return self._record(turn, index, step, problem, started)
            return self.store.state.turns[turn].outcomes[index]

        if parallel:
            return list(await asyncio.gather(*(one(i, s) for i, s in enumerate(plan, offset))))
        return [await one(i, s) for i, s in enumerate(plan, offset)]

    def _record(
        self, turn: str, index: int, step: PlannedAction, problem: str, started: float
    ) -> ActionOutcome:
        outcome = ActionOutcome(
            index,
            step.action,
            dict(step.parameters),
            False,
            error=problem,
            duration_ms=_ms(started),
        )
        self.store.dispatch("record_outcome", turn=turn, outcome=outcome)
        return outcome


def _failed(
    index: int, action: str, params: BaseModel, problem: str, started: float
) -> ActionOutcome:
    return ActionOutcome(
        index,
        action,
        params.model_dump(mode="json", exclude_none=True),
        False,
        error=problem,
        duration_ms=_ms(started),
    )


def _ms(started: float) -> int:
    return round((time.perf_counter() - started) * 1000)
