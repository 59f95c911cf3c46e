"""Where an agent's state lives in the app state: a dotted path or a function.

A path (``"agents.translator"``) is preferred: the runtime can then declare exact write paths
for its built-in actions and subscribe to ``<path>.should_act`` only. A function works with any
state layout, at the price of coarser subscriptions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeAlias

from sentinel.agents.errors import WiringError
from sentinel.agents.state import AgentState

StateSelector: TypeAlias = str | Callable[[Any], AgentState[Any]]


def resolve_path(root: Any, path: str) -> Any:
    """Follow a dotted path through attributes, mapping keys and list indexes."""
    node = root
    for segment in path.split("."):
        if isinstance(node, Mapping):
            node = node[segment]
        elif isinstance(node, Sequence) and not isinstance(node, str) and segment.isdigit():
            node = node[int(segment)]
        else:
            node = getattr(node, segment)
    return node


@dataclass(frozen=True)
class CompiledSelector:
    """A selector ready to use: ``select(state)`` plus the path, when there is one."""

    agent: str
    path: str | None
    fn: Callable[[Any], Any]

    def __call__(self, state: Any) -> AgentState[Any]:
        """The agent's state inside ``state`` (committed state or an action's working copy)."""
        found = self.fn(state)
        if not isinstance(found, AgentState):
            where = f"at {self.path!r}" if self.path else "from its selector"
            raise WiringError(
                f"agent {self.agent!r}: expected an AgentState {where}, "
                f"found {type(found).__name__} {found!r:.80}"
            )
        return found

    def field(self, name: str) -> str | None:
        """The dotted path of one AgentState field, when the selector is a path."""
        return f"{self.path}.{name}" if self.path else None


def compile_selector(agent: str, selector: StateSelector) -> CompiledSelector:
    """Turn a path or function into a ``CompiledSelector`` for ``agent``."""
    if isinstance(selector, str):
        path = selector.strip(".")
        if not path:
            raise WiringError(f"agent {agent!r}: empty state path")
        return CompiledSelector(agent, path, lambda state: resolve_path(state, path))
    return CompiledSelector(agent, None, selector)
