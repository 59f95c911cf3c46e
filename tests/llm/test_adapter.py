"""A LanguageModel as the agents runtime's generating function."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Literal

import pytest
from pydantic import BaseModel

from sentinel.errors import ModelOutputError
from sentinel.llm import Message, ScriptedModel, generating_function


@dataclass
class AgentConfig:
    context: str
    messages: list[Any] = field(default_factory=list)
    system: str | None = None


@dataclass
class BareConfig:
    context: str


class Action(BaseModel):
    action: str
    payload: dict[str, str]


@dataclass
class RuntimeMessage:
    """A message type of another package: only ``role`` and ``content`` in common."""

    role: Literal["system", "user", "assistant"]
    content: str


async def test_context_comes_first_and_the_runtimes_feedback_after_it() -> None:
    model = ScriptedModel(["reply"])
    generate = generating_function(model, system="You are the sensor.", max_tokens=20)
    feedback = [
        RuntimeMessage("assistant", '{"action": "fly"}'),
        RuntimeMessage("user", "Error: unknown action 'fly'"),
    ]

    text = await generate(AgentConfig("static rules\nstate: 3 new hits", messages=feedback))

    assert text == "reply"
    assert model.last_call.messages == (
        Message.system("You are the sensor."),
        Message.user("static rules\nstate: 3 new hits"),
        Message.assistant('{"action": "fly"}'),
        Message.user("Error: unknown action 'fly'"),
    )
    assert model.last_call.params.max_tokens == 20


async def test_a_config_with_only_context_is_enough() -> None:
    model = ScriptedModel(["ok"])

    await generating_function(model)(BareConfig("just context"))

    assert model.last_call.messages == (Message.user("just context"),)


async def test_the_configs_own_system_prompt_is_used_when_none_is_given() -> None:
    model = ScriptedModel(["ok"])

    await generating_function(model)(AgentConfig("ctx", system="Static rules."))

    assert model.last_call.system == "Static rules."


async def test_structured_output_returns_canonical_json_of_the_validated_object() -> None:
    model = ScriptedModel(['Sure: {"action": "search", "payload": {"query": "rust"}}'])

    text = await generating_function(model, output=Action)(BareConfig("ctx"))

    assert json.loads(text) == {"action": "search", "payload": {"query": "rust"}}


async def test_an_unrepairable_reply_raises_instead_of_reaching_the_agent() -> None:
    model = ScriptedModel(["no idea", "still no idea"])

    with pytest.raises(ModelOutputError):
        await generating_function(model, output=Action)(BareConfig("ctx"))


async def test_the_agents_runtime_config_fits_the_adapter() -> None:
    agents = pytest.importorskip("sentinel.agents")
    model = ScriptedModel(['{"action": "finish", "payload": {}}'])
    config = agents.ModelConfig(
        context="rules\nstate", messages=[agents.Message("user", "Error: try again")]
    )

    text = await generating_function(model)(config)

    assert json.loads(text)["action"] == "finish"
    assert model.last_call.messages[-1] == Message.user("Error: try again")
