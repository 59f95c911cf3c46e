"""One activation: steps until should_act is false; failures fed back, bounded, visible."""

from __future__ import annotations

import asyncio

import pytest

from sentinel.agents import AgentState, Generation, ModelConfig, StateContext, ToolsContext
from tests.agents.scripted import ScriptedModel, call, make_agent, make_app


async def run(app, agent: str = "worker"):
    async with app:
        app.trigger(agent)
        await app.run_until_idle(timeout=5)
    return app


async def test_an_activation_runs_until_the_agent_finishes():
    model = ScriptedModel(call("add_note", text="a"), call("add_note", text="b"), call("finish"))
    app = await run(make_app(model))
    assert app.store.state.notes == ["a", "b"]
    state = app.state_of("worker")
    assert (state.should_act, state.status, state.activations) == (False, "idle", 1)
    assert [(r.step, r.action, r.ok) for r in app.trace] == [
        (1, "add_note", True),
        (2, "add_note", True),
        (3, "finish", True),
    ]
    assert app.trace[0].result == "committed #3: notes.0"


async def test_the_model_sees_its_error_and_can_correct_itself():
    model = ScriptedModel("I'd add a note.", call("add_note", text="x"), call("finish"))
    app = await run(make_app(model))
    assert app.store.state.notes == ["x"]
    first, second, third = model.seen
    assert first.messages == []
    assert [m.role for m in second.messages] == ["assistant", "user"]
    assert second.messages[0].content == "I'd add a note."
    assert second.messages[1].content.startswith("Error: no JSON object found in your reply")
    assert third.messages == []  # a success clears the feedback
    assert app.trace[0].error is not None
    assert "no JSON object" in app.trace[0].error
    assert app.trace[0].output == "I'd add a note."


@pytest.mark.parametrize(
    ("reply", "told"),
    [
        (call("fly"), "unknown action 'fly'"),
        (call("slow_note", text="t", delay=0), "'slow_note' is not available right now"),
        (call("add_note"), "invalid payload for action 'add_note': text: Field required"),
        (call("explode", reason="because"), "action 'explode' failed: RuntimeError: exploded"),
        (call("set_request", text="t"), "'set_request' is forbidden for agent 'worker'"),
    ],
)
async def test_every_kind_of_step_error_is_fed_back_and_changes_nothing(reply, told):
    model = ScriptedModel(reply, call("finish"))
    options = {
        "actions": ["add_note", "explode", "slow_note"],
        "initially_available": ["add_note", "explode"],
    }
    app = await run(make_app(model, worker=options))
    assert told in model.seen[1].messages[1].content
    assert app.store.state.notes == []
    assert app.store.state.request == ""
    assert app.state_of("worker").status == "idle"


async def test_a_forbidden_action_is_refused_and_the_refusal_is_in_the_trace():
    model = ScriptedModel(call("set_request", text="take over"), call("finish"))
    app = await run(make_app(model))
    refused = app.trace[0]
    assert refused.refused
    assert refused.action == "set_request"
    assert refused.payload == {"text": "take over"}
    assert "refused" in (refused.error or "")
    assert app.store.state.request == ""
    assert "set_request" not in [delta.action for delta in app.store.history]
    assert not app.trace[1].refused


async def test_bounded_retries_end_in_the_visible_error_state():
    model = ScriptedModel('{"action": ', repeat_last=True)
    app = await run(make_app(model, worker={"max_retries": 2}))
    assert len(model.seen) == 3  # one try and two retries
    assert len(model.seen[2].messages) == 4  # both earlier errors, each with the reply
    assert all("Error: no JSON object" in m.content for m in model.seen[2].messages[1::2])
    state = app.state_of("worker")
    assert (state.status, state.should_act, state.error_count) == ("error", False, 1)
    assert state.last_error is not None
    assert state.last_error.startswith(
        "gave up after 3 consecutive failed steps; last error: no JSON"
    )
    closing = app.trace[-1]
    assert (closing.event, closing.error) == ("error_state", state.last_error)


async def test_a_new_trigger_runs_an_agent_in_the_error_state_again():
    model = ScriptedModel("nonsense", call("finish"))
    app = make_app(model, worker={"max_retries": 0})
    async with app:
        app.trigger("worker")
        await app.run_until_idle(timeout=5)
        assert app.state_of("worker").status == "error"
        app.trigger("worker")
        await app.run_until_idle(timeout=5)
    state = app.state_of("worker")
    assert (state.status, state.activations, state.error_count) == ("idle", 2, 1)
    assert state.last_error is not None  # kept as history until the next failure


async def test_the_step_limit_stops_an_agent_that_never_finishes():
    model = ScriptedModel(call("add_note", text="again"), repeat_last=True)
    app = await run(make_app(model, worker={"max_steps": 3}))
    assert app.store.state.notes == ["again"] * 3
    state = app.state_of("worker")
    assert state.status == "error"
    assert not state.should_act
    assert state.last_error == "step limit reached: 3 steps in one activation without finishing"


async def test_a_failing_generating_function_is_retried_without_telling_the_model():
    def unavailable(config: ModelConfig) -> str:
        raise ConnectionError("provider down")

    model = ScriptedModel(unavailable, call("finish"))
    app = await run(make_app(model))
    assert app.trace[0].error == "generation failed: ConnectionError: provider down"
    assert model.seen[1].messages == []
    assert app.state_of("worker").status == "idle"


async def test_a_failing_context_component_is_an_error_not_shown_to_the_model():
    def broken(state) -> str:
        raise KeyError("missing")

    model = ScriptedModel()
    options = {"context": [StateContext("Broken", broken), ToolsContext()], "max_retries": 0}
    app = await run(make_app(model, worker=options))
    assert model.seen == []
    assert "rendering the context failed: KeyError" in (app.state_of("worker").last_error or "")


async def test_usage_and_output_of_each_step_are_traced():
    reply = call("finish")
    app = await run(make_app(ScriptedModel(Generation(reply, usage={"tokens": 7}))))
    record = app.trace[0]
    assert record.usage == {"tokens": 7}
    assert record.output == reply
    assert record.duration_s >= 0
    assert record.started_at.tzinfo is not None
    assert (record.agent, record.activation, record.step) == ("worker", 1, 1)


async def test_a_reply_arriving_after_should_act_was_cleared_is_discarded():
    model = ScriptedModel(call("add_note", text="stale"))
    model.gate = asyncio.Event()
    app = make_app(model)
    async with app:
        app.trigger("worker")
        await model.called.wait()
        assert app.state_of("worker").status == "running"
        app.store.dispatch("worker.finish")  # e.g. a person cancelling the request
        model.gate.set()
        await app.run_until_idle(timeout=5)
    assert app.store.state.notes == []
    assert app.trace[0].result == "discarded: should_act became false while generating"
    assert app.state_of("worker").status == "idle"


async def test_an_agent_whose_whole_state_was_swapped_for_a_wider_limit_refuses_to_act():
    model = ScriptedModel(call("explode", reason="now allowed?"))
    app = make_app(model)

    def swap_in_wider_state(state) -> None:
        wider = make_agent("worker", ScriptedModel(), actions=["add_note", "explode"])
        state.agents.worker = AgentState.for_agent(wider, should_act=True)

    app.store.register(swap_in_wider_state, writes=["agents.worker"])
    async with app:
        app.store.dispatch("swap_in_wider_state")
        await app.run_until_idle(timeout=5)
    assert model.seen == []
    state = app.state_of("worker")
    assert state.status == "error"
    assert "differ from the agent's limit" in (state.last_error or "")
