"""A small world for agent tests: state, actions, and a scripted model that records its inputs."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from sentinel.agents import Agent, AgentState, AIApp, Generation, ModelConfig, Rule
from sentinel.store import Store

Reply = str | Generation | Callable[[ModelConfig], str | Generation]


def call(action: str, **payload: Any) -> str:
    """A well-formed model reply."""
    return json.dumps({"action": action, "payload": payload})


class ScriptedModel:
    """Replies from a script, in order; records every config it was given.

    The last reply repeats when ``repeat_last`` (a model stuck in a rut); otherwise running out
    of script fails the test loudly. ``gate``, when set, is awaited before each reply.
    """

    def __init__(self, *replies: Reply, repeat_last: bool = False) -> None:
        self.replies = list(replies)
        self.repeat_last = repeat_last
        self.seen: list[ModelConfig] = []
        self.gate: asyncio.Event | None = None
        self.called = asyncio.Event()

    async def generate(self, config: ModelConfig) -> str | Generation:
        self.seen.append(config)
        self.called.set()
        if self.gate is not None:
            await self.gate.wait()
        if not self.replies:
            raise AssertionError(f"script exhausted after {len(self.seen)} calls")
        reply = (
            self.replies[0] if self.repeat_last and len(self.replies) == 1 else self.replies.pop(0)
        )
        return reply(config) if callable(reply) else reply


@dataclass
class Agents:
    worker: AgentState[ModelConfig]
    helper: AgentState[ModelConfig]


@dataclass
class World:
    agents: Agents
    notes: list[str] = field(default_factory=list)
    request: str = ""


def add_note(state: World, text: str) -> None:
    """Append a note."""
    state.notes.append(text)


def explode(state: World, reason: str) -> None:
    """Always fails."""
    raise RuntimeError(f"exploded: {reason}")


def set_request(state: World, text: str) -> None:
    """Ask for work."""
    state.request = text


async def slow_note(view: World, text: str, delay: float) -> Callable[[World], None]:
    """Take a while, then append a note."""
    await asyncio.sleep(delay)

    def commit(state: World) -> None:
        state.notes.append(text)

    return commit


async def eventually(condition: Callable[[], object], within: float = 2.0) -> None:
    """Wait for an outside condition (a file appearing) that no event announces."""
    async with asyncio.timeout(within):
        while not condition():  # noqa: ASYNC110 - nothing to wait on but the filesystem
            await asyncio.sleep(0.005)


def make_agent(name: str, model: ScriptedModel, **options: Any) -> Agent[ModelConfig]:
    """An agent over this world (actions default to add_note)."""
    options.setdefault("actions", ["add_note"])
    return Agent(name, config=ModelConfig(), generate=model, **options)


def make_store(worker: Agent[ModelConfig], helper: Agent[ModelConfig]) -> Store[World]:
    """A store holding both agents' states, with the world's actions registered."""
    store = Store(
        World(Agents(worker=AgentState.for_agent(worker), helper=AgentState.for_agent(helper)))
    )
    store.register(add_note, writes=["notes"])
    store.register(explode, writes=["notes"])
    store.register(set_request, writes=["request"])
    store.register(slow_note, writes=["notes"])
    return store


def make_app(
    worker_model: ScriptedModel,
    helper_model: ScriptedModel | None = None,
    *,
    rules: Iterable[Rule[World]] = (),
    worker: dict[str, Any] | None = None,
    helper: dict[str, Any] | None = None,
    **app_options: Any,
) -> AIApp[World]:
    """An app with a worker and a helper agent (the helper idle unless scripted)."""
    worker_agent = make_agent("worker", worker_model, **(worker or {}))
    helper_agent = make_agent("helper", helper_model or ScriptedModel(), **(helper or {}))
    store = make_store(worker_agent, helper_agent)
    return AIApp(store, [worker_agent, helper_agent], rules=rules, **app_options)
