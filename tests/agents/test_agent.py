"""Agent: configs built from state, replies resolved against the agent's limits."""

from __future__ import annotations

import pytest

from sentinel.agents import (
    ActionNotAvailable,
    Agent,
    AgentError,
    ForbiddenAction,
    Generation,
    InvalidPayload,
    Message,
    ModelConfig,
    UnknownAction,
    WiringError,
)
from tests.agents.scripted import ScriptedModel, call, make_app


@pytest.fixture
def app():
    return make_app(
        ScriptedModel(),
        worker={"actions": ["add_note", "slow_note"], "initially_available": ["add_note"]},
    )


def test_parse_result_returns_the_bound_action_and_validated_payload(app):
    bound, payload = app.agents["worker"].parse_result(call("add_note", text="hello"))
    assert bound.name == "add_note"
    assert bound.store_action == "add_note"
    assert payload.model_dump() == {"text": "hello"}


def test_finish_is_the_agents_own_built_in(app):
    bound, _ = app.agents["worker"].parse_result(call("finish"))
    assert bound.store_action == "worker.finish"


def test_an_action_of_the_store_outside_the_limit_is_forbidden(app):
    with pytest.raises(ForbiddenAction, match="'explode' is forbidden for agent 'worker'"):
        app.agents["worker"].parse_result(call("explode", reason="x"))


def test_another_agents_built_in_is_forbidden_too(app):
    with pytest.raises(ForbiddenAction):
        app.agents["worker"].parse_result(call("helper.finish"))


def test_an_action_that_exists_nowhere_is_unknown(app):
    with pytest.raises(UnknownAction, match=r"unknown action 'fly'.*add_note, finish"):
        app.agents["worker"].parse_result(call("fly"))


def test_an_allowed_action_that_is_not_currently_available_is_refused(app):
    with pytest.raises(ActionNotAvailable, match="'slow_note' is not available right now"):
        app.agents["worker"].parse_result(call("slow_note", text="x", delay=0))


@pytest.mark.parametrize(
    ("payload", "problem"),
    [
        ({}, r"text: Field required"),
        ({"text": "a", "mood": "sad"}, r"unexpected field\(s\) \['mood'\]"),
    ],
)
def test_a_payload_that_does_not_validate_names_the_problem(app, payload, problem):
    with pytest.raises(InvalidPayload, match=problem):
        app.agents["worker"].parse_result(call("add_note", **payload))


def test_build_config_renders_context_and_appends_feedback_to_a_private_copy(app):
    worker = app.agents["worker"]
    feedback = [Message("assistant", "oops"), Message("user", "Error: bad")]
    config = worker.build_config(app.store.state, feedback)
    assert config.context.startswith("# Actions")
    assert config.messages == feedback
    stored = worker.get_agent_state().current_config
    assert stored.context == ""
    assert stored.messages == []


async def test_a_plain_async_function_can_generate_and_report_usage():
    async def model(config: ModelConfig) -> Generation:
        return Generation("{}", usage={"tokens": 3})

    agent = Agent("solo", actions=[], config=ModelConfig(), generate=model)
    assert await agent.generate(ModelConfig()) == Generation("{}", {"tokens": 3})


async def test_a_generating_function_returning_something_else_is_a_type_error():
    async def model(config: ModelConfig) -> str:
        return 42  # type: ignore[return-value]

    agent = Agent("solo", actions=[], config=ModelConfig(), generate=model)
    with pytest.raises(TypeError, match="must return str or Generation, got int"):
        await agent.generate(ModelConfig())


def test_an_unwired_agent_says_so():
    agent = Agent("solo", actions=[], config=ModelConfig(), generate=ScriptedModel())
    with pytest.raises(AgentError, match="'solo' is not wired"):
        agent.get_agent_state()


@pytest.mark.parametrize(
    ("options", "problem"),
    [
        ({"name": "bad name"}, "agent name must be"),
        ({"actions": "add_note"}, "must be a collection of names"),
        ({"initially_available": ["explode"]}, r"outside its limit: \['explode'\]"),
        ({"max_steps": 0}, "max_steps >= 1"),
    ],
)
def test_an_inconsistent_agent_definition_is_refused(options, problem):
    arguments = {"name": "solo", "actions": ["add_note"], **options}
    with pytest.raises(WiringError, match=problem):
        Agent(config=ModelConfig(), generate=ScriptedModel(), **arguments)
