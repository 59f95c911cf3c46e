"""A LanguageModel as the agents runtime's generating function."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

import pytest
from pydantic import BaseModel

from sentinel.errors import ModelOutputError
from sentinel.llm import Message, ScriptedModel, generating_function


@dataclass
class AgentConfig:
    context: str
    messages: list[Message] = field(default_factory=list)
    system: str | None = None


@dataclass
class BareConfig:
    context: str


class Action(BaseModel):
    action: str
    payload: dict[str, str]


async def test_context_becomes_the_last_user_message_after_static_and_history() -> None:
    model = ScriptedModel(["reply"])
    generate = generating_function(model, system="You are the sensor.", max_tokens=20)

    text = await generate(
        AgentConfig("state: 3 new hits", messages=[Message.user("hi"), Message.assistant("yo")])
    )

    assert text == "reply"
    assert model.last_call.messages == (
        Message.system("You are the sensor."),
        Message.user("hi"),
        Message.assistant("yo"),
        Message.user("state: 3 new hits"),
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
