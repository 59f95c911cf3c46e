"""``Agent``: the definition of one agent — what it may do, what it sees, how it thinks.

An agent is a plain description until an ``AIApp`` wires it to a store: then it knows where its
state lives (``get_agent_state``) and holds its bound actions (``actions``). The loop that runs
it lives in ``sentinel.agents.activation``.
"""

from __future__ import annotations

import copy
from collections.abc import Awaitable, Callable, Container, Iterable, Mapping, Sequence
from typing import Any, Generic

from pydantic import BaseModel

from sentinel.agents.actions import ActionCall, BoundAction
from sentinel.agents.config import (
    ConfigT,
    GeneratingFunction,
    Generation,
    Message,
    TextGenerator,
    as_generation,
)
from sentinel.agents.context import (
    ComponentLike,
    ContextComponent,
    ContextView,
    ToolsContext,
    as_component,
    render_context,
)
from sentinel.agents.errors import (
    ActionNotAvailable,
    AgentError,
    ForbiddenAction,
    UnknownAction,
    WiringError,
)
from sentinel.agents.parsing import parse_action_call
from sentinel.agents.selector import StateSelector
from sentinel.agents.state import AgentState

FINISH = "finish"
"""The built-in action every agent has: it ends the activation (``should_act = False``)."""


class Agent(Generic[ConfigT]):
    """One agent: name, hard action limit, config, context and generating function.

    ``actions`` are store action names the agent may ever call (``finish`` is always added);
    ``initially_available`` is the subset usable at first (default: all). ``static_context``
    is rendered once, here, and always comes first in the prompt; ``context`` components are
    rendered from state at every step (default: a ``ToolsContext``). ``generate`` is an async
    function of the config, or any object with an async ``generate(config)``; it returns the
    model's text or a ``Generation`` carrying usage. ``state`` says where the agent's
    ``AgentState`` lives (default ``agents.<name>``). ``max_steps`` bounds one activation;
    ``max_retries`` bounds consecutive failed steps before the agent enters the error state.
    """

    def __init__(
        self,
        name: str,
        *,
        actions: Iterable[str],
        config: ConfigT,
        generate: GeneratingFunction[ConfigT] | TextGenerator[ConfigT],
        static_context: str | Callable[[], str] = "",
        context: Sequence[ComponentLike] | None = None,
        initially_available: Iterable[str] | None = None,
        state: StateSelector | None = None,
        max_steps: int = 20,
        max_retries: int = 2,
    ) -> None:
        if not name or not name.replace("_", "").replace("-", "").isalnum():
            raise WiringError(f"agent name must be letters, digits, '_' or '-', got {name!r}")
        if isinstance(actions, str):
            raise WiringError(f"agent {name!r}: actions must be a collection of names, not a str")
        if max_steps < 1 or max_retries < 0:
            raise WiringError(
                f"agent {name!r}: need max_steps >= 1 and max_retries >= 0, "
                f"got {max_steps} and {max_retries}"
            )
        self.name = name
        self.available_actions: frozenset[str] = frozenset(actions) | {FINISH}
        initial = (
            self.available_actions
            if initially_available is None
            else frozenset(initially_available) | {FINISH}
        )
        if not initial <= self.available_actions:
            raise WiringError(
                f"agent {name!r}: initially_available names actions outside its limit: "
                f"{sorted(initial - self.available_actions)}"
            )
        self.initially_available = initial
        self.config = config
        self.static_context = static_context() if callable(static_context) else static_context
        self.components: list[ContextComponent] = [
            as_component(c) for c in (context if context is not None else [ToolsContext()])
        ]
        self.state_selector: StateSelector = state if state is not None else f"agents.{name}"
        self.max_steps = max_steps
        self.max_retries = max_retries
        self._generate: Callable[[ConfigT], Awaitable[str | Generation]] = (
            generate.generate if isinstance(generate, TextGenerator) else generate
        )
        # Set by AIApp when it wires the agent to a store.
        self.actions: dict[str, BoundAction] = {}
        self._get_state: Callable[[], AgentState[ConfigT]] | None = None
        self._store_actions: Container[str] = frozenset()

    def __repr__(self) -> str:
        return f"Agent({self.name!r}, actions={sorted(self.available_actions)})"

    # -- state -------------------------------------------------------------------------------

    def initial_state(self, *, should_act: bool = False) -> AgentState[ConfigT]:
        """This agent's starting ``AgentState``; configs are copies, never shared with the agent."""
        return AgentState(
            init_config=copy.deepcopy(self.config),
            current_config=copy.deepcopy(self.config),
            available_actions=self.available_actions,
            currently_available_actions=self.initially_available,
            should_act=should_act,
        )

    def wire(
        self,
        get_agent_state: Callable[[], AgentState[ConfigT]],
        actions: Mapping[str, BoundAction],
        store_actions: Container[str],
    ) -> None:
        """Connect the agent to a store (called by ``AIApp``; an agent serves one app at a time).

        ``store_actions`` is a live view of the store's action names: it tells a forbidden
        action (one that exists) from an unknown one, other agents' built-ins included.
        """
        missing = self.available_actions - set(actions)
        if missing:
            raise WiringError(f"agent {self.name!r}: no bound action for {sorted(missing)}")
        self._get_state = get_agent_state
        self.actions = dict(actions)
        self._store_actions = store_actions

    def get_agent_state(self) -> AgentState[ConfigT]:
        """The agent's current committed state; only valid once wired."""
        if self._get_state is None:
            raise AgentError(f"agent {self.name!r} is not wired to a store; add it to an AIApp")
        return self._get_state()

    def usable_actions(self) -> dict[str, BoundAction]:
        """Bound actions that are currently available."""
        current = self.get_agent_state().currently_available_actions
        return {name: bound for name, bound in self.actions.items() if name in current}

    # -- one step ----------------------------------------------------------------------------

    def render(self, app_state: Any) -> str:
        """The full context for this step: static text first, then each component."""
        view = ContextView(self.name, app_state, self.get_agent_state(), self.usable_actions())
        return render_context(self.static_context, self.components, view)

    def build_config(self, app_state: Any, feedback: Sequence[Message] = ()) -> ConfigT:
        """A private copy of ``current_config`` with the context rendered and feedback appended."""
        config = copy.deepcopy(self.get_agent_state().current_config)
        config.context = self.render(app_state)
        config.messages = [*config.messages, *copy.deepcopy(list(feedback))]
        return config

    async def generate(self, config: ConfigT) -> Generation:
        """Call the generating function once."""
        return as_generation(await self._generate(config))

    def parse_result(self, text: str) -> tuple[BoundAction, BaseModel]:
        """The action the model chose and its validated payload.

        Raises ``ActionParseError`` (no usable JSON), ``ForbiddenAction`` (outside the hard
        limit), ``UnknownAction``, ``ActionNotAvailable`` or ``InvalidPayload``.
        """
        return self.resolve(parse_action_call(text))

    def resolve(self, call: ActionCall) -> tuple[BoundAction, BaseModel]:
        """Check a parsed call against the agent's limits and validate its payload."""
        current = self.get_agent_state().currently_available_actions
        if call.action not in self.available_actions:
            if call.action in self._store_actions:
                raise ForbiddenAction(self.name, call.action, self.available_actions)
            raise UnknownAction(self.name, call.action, current)
        if call.action not in current:
            raise ActionNotAvailable(self.name, call.action, current)
        bound = self.actions[call.action]
        return bound, bound.validate(call.payload)
