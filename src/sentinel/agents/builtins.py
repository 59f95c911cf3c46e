"""The store actions the runtime registers for each agent.

All state changes go through actions, the runtime's own included, so an agent's lifecycle shows
up in the store's history and subscriptions like anything else. For an agent named ``x``:

- ``x.finish`` — the model's way to end its activation (it writes ``finish``);
- ``x.trigger`` — sets ``should_act``; for orchestration rules, or another agent handing off;
- ``x.begin_activation`` / ``x.end_activation`` — status ``running`` / back to ``idle``;
- ``x.fail_activation(error)`` — the visible error state: status ``error``, ``last_error``,
  ``error_count + 1``, ``should_act = False``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sentinel.agents.selector import CompiledSelector
from sentinel.store import Store


@dataclass(frozen=True)
class AgentControls:
    """The store names of one agent's built-in actions."""

    finish: str
    trigger: str
    begin: str
    end: str
    fail: str


def control_names(agent: str) -> AgentControls:
    """Store action names of ``agent``'s built-ins (``<agent>.finish`` ...)."""
    return AgentControls(
        finish=f"{agent}.finish",
        trigger=f"{agent}.trigger",
        begin=f"{agent}.begin_activation",
        end=f"{agent}.end_activation",
        fail=f"{agent}.fail_activation",
    )


def register_builtins(store: Store[Any], select: CompiledSelector) -> AgentControls:
    """Register ``select.agent``'s built-in actions in ``store`` and return their names."""
    names = control_names(select.agent)

    def finish(state: Any) -> None:
        """End your turn: call this when your task is done (nothing else happens until you are
        triggered again)."""
        select(state).should_act = False

    def trigger(state: Any) -> None:
        """Ask the agent to act (no change when it already should)."""
        select(state).should_act = True

    def begin_activation(state: Any) -> None:
        """Mark an activation as started."""
        agent_state = select(state)
        agent_state.status = "running"
        agent_state.activations += 1

    def end_activation(state: Any) -> None:
        """Mark an activation as over without error."""
        select(state).status = "idle"

    def fail_activation(state: Any, error: str) -> None:
        """Put the agent in the error state and stop it."""
        agent_state = select(state)
        agent_state.status = "error"
        agent_state.last_error = error
        agent_state.error_count += 1
        agent_state.should_act = False

    def writes(*fields: str) -> list[str] | None:
        paths = [select.field(name) for name in fields]
        return [p for p in paths if p is not None] or None

    table: list[tuple[str, Callable[..., None], list[str] | None]] = [
        (names.finish, finish, writes("should_act")),
        (names.trigger, trigger, writes("should_act")),
        (names.begin, begin_activation, writes("status", "activations")),
        (names.end, end_activation, writes("status")),
        (names.fail, fail_activation, writes("status", "last_error", "error_count", "should_act")),
    ]
    for name, fn, paths in table:
        store.register(fn, name=name, writes=paths)
    return names
