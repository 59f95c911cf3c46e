"""The part of the store each agent owns: its trigger, its limits, its config and its health.

``AgentState`` lives inside the app's state tree (``state.agents.translator``) and changes only
through store actions, like everything else. Two invariants are enforced on assignment, so any
action that tries to break them raises and the store rolls it back:

- ``available_actions`` (the hard safety limit) is fixed once set;
- ``currently_available_actions`` is always a subset of it.

``init_config`` is fixed too; ``current_config`` is the one actions may change.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Literal

from sentinel.agents.config import ConfigT
from sentinel.agents.errors import AgentStateViolation

if TYPE_CHECKING:
    from sentinel.agents.agent import Agent

AgentStatus = Literal["idle", "running", "error"]

_FIXED = ("available_actions", "init_config")


@dataclass
class AgentState(Generic[ConfigT]):
    """One agent's slice of state.

    ``should_act`` is the agent's only trigger. ``status`` is ``running`` while an activation is
    in progress and ``error`` after one ended in failure (``last_error`` says why, ``error_count``
    counts such failed activations); ``activations`` counts activations started.
    """

    init_config: ConfigT
    current_config: ConfigT
    available_actions: frozenset[str]
    currently_available_actions: frozenset[str]
    should_act: bool = False
    status: AgentStatus = "idle"
    last_error: str | None = None
    error_count: int = 0
    activations: int = 0

    def __setattr__(self, name: str, value: Any) -> None:
        # Guarding assignment (not only construction) is what makes the limit hard: an action
        # that reassigns it raises inside the store, which then leaves state untouched.
        if name in _FIXED and name in self.__dict__ and value != self.__dict__[name]:
            raise AgentStateViolation(name, value, f"{name} is fixed at construction")
        if name == "available_actions":
            value = _names(name, value)
        elif name == "currently_available_actions":
            value = _names(name, value)
            limit: frozenset[str] | None = self.__dict__.get("available_actions")
            if limit is not None and not value <= limit:
                raise AgentStateViolation(
                    name,
                    sorted(value),
                    f"must be a subset of available_actions; not allowed: {sorted(value - limit)}",
                )
        object.__setattr__(self, name, value)

    def allow(self, *actions: str) -> None:
        """Make more actions currently available (inside an action); they must be in the limit."""
        self.currently_available_actions = self.currently_available_actions | frozenset(actions)

    def disallow(self, *actions: str) -> None:
        """Withdraw actions from the currently available ones (inside an action)."""
        self.currently_available_actions = self.currently_available_actions - frozenset(actions)

    @classmethod
    def for_agent(cls, agent: Agent[ConfigT], *, should_act: bool = False) -> AgentState[ConfigT]:
        """The initial state of ``agent``: its limits, and two independent copies of its config."""
        return agent.initial_state(should_act=should_act)


def _names(field: str, value: Any) -> frozenset[str]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise AgentStateViolation(field, value, "must be a collection of action names")
    names = frozenset(value)
    if not all(isinstance(name, str) for name in names):
        raise AgentStateViolation(field, sorted(map(repr, names)), "action names must be strings")
    return names
