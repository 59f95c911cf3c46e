"""Dynamic context: components rendered from state at every step.

An agent's prompt is its static context (rendered once, first, so a provider can cache the
prefix) followed by its components, in order. A component is any object with
``render(view) -> str`` or a plain function of the view; an empty rendering is left out.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, TypeAlias, runtime_checkable

from sentinel.agents.actions import BoundAction
from sentinel.agents.parsing import REPLY_FORMAT
from sentinel.agents.state import AgentState


@dataclass(frozen=True)
class ContextView:
    """What a component may look at: the app state, the agent's own state, its usable actions."""

    agent: str
    state: Any
    agent_state: AgentState[Any]
    actions: Mapping[str, BoundAction]


@runtime_checkable
class ContextComponent(Protocol):
    """A piece of the dynamic context."""

    def render(self, view: ContextView) -> str:
        """Render this piece for the current step ("" leaves it out)."""
        ...


ComponentLike: TypeAlias = ContextComponent | Callable[[ContextView], str]


@dataclass(frozen=True)
class FunctionContext:
    """Adapts a plain function of the view into a component."""

    fn: Callable[[ContextView], str]

    def render(self, view: ContextView) -> str:
        """Call the function."""
        return self.fn(view)


@dataclass(frozen=True)
class StateContext:
    """A titled section rendered from the app state alone: ``StateContext("Document", fn)``."""

    title: str
    fn: Callable[[Any], str]

    def render(self, view: ContextView) -> str:
        """``# title`` and the function's text, or nothing when the text is empty."""
        body = self.fn(view.state).strip()
        return f"# {self.title}\n{body}" if body else ""


@dataclass(frozen=True)
class ToolsContext:
    """The currently available actions with their payload schemas, and the reply format.

    Dynamic because the available set changes as actions run; it renders from the view's
    actions, which the runtime restricts to ``currently_available_actions``.
    """

    title: str = "Actions"

    def render(self, view: ContextView) -> str:
        """One entry per action, sorted by name so the text is stable between steps."""
        if not view.actions:
            return f"# {self.title}\nNo action is available right now."
        lines = [view.actions[name].prompt_entry for name in sorted(view.actions)]
        return f"# {self.title}\n{REPLY_FORMAT}\n" + "\n".join(lines)


def as_component(component: ComponentLike) -> ContextComponent:
    """Accept either a component or a function of the view."""
    if isinstance(component, ContextComponent):
        return component
    return FunctionContext(component)


def render_context(static: str, components: list[ContextComponent], view: ContextView) -> str:
    """Static context first, then every non-empty component, separated by blank lines."""
    parts = [static.strip()] if static.strip() else []
    parts.extend(text.strip() for c in components if (text := c.render(view)).strip())
    return "\n\n".join(parts)
