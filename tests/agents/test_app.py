"""AIApp: validated wiring, event-driven activations, rules, clean shutdown, trace, persistence."""

from __future__ import annotations

import asyncio
import logging

import pytest

from sentinel.agents import (
    AgentCrashed,
    AgentError,
    AgentState,
    AIApp,
    AppTimeout,
    RuleFailed,
    WiringError,
    trigger,
    when_changed,
)
from sentinel.store import Store
from tests.agents.scripted import (
    Agents,
    ScriptedModel,
    World,
    call,
    eventually,
    make_agent,
    make_app,
    make_store,
)


def other_tasks() -> set[asyncio.Task[object]]:
    return asyncio.all_tasks() - {asyncio.current_task()}


# -- construction ---------------------------------------------------------------------------


def test_an_agent_naming_an_unknown_action_is_refused_naming_both():
    worker = make_agent("worker", ScriptedModel(), actions=["add_note", "launch_rockets"])
    helper = make_agent("helper", ScriptedModel())
    store = make_store(worker, helper)
    with pytest.raises(
        WiringError, match=r"agent 'worker' references unknown action\(s\) \['launch_rockets'\]"
    ):
        AIApp(store, [worker, helper])


def test_an_agent_without_state_in_the_store_is_refused():
    worker, helper = make_agent("worker", ScriptedModel()), make_agent("helper", ScriptedModel())
    stray = make_agent("stray", ScriptedModel())
    with pytest.raises(WiringError, match=r"agent 'stray' has no AgentState at 'agents\.stray'"):
        AIApp(make_store(worker, helper), [worker, helper, stray])


def test_a_selector_pointing_at_something_else_is_refused():
    worker = make_agent("worker", ScriptedModel(), state="notes")
    helper = make_agent("helper", ScriptedModel())
    with pytest.raises(WiringError, match="expected an AgentState at 'notes', found list"):
        AIApp(make_store(worker, helper), [worker, helper])


def test_a_state_whose_limit_differs_from_the_agents_is_refused():
    worker, helper = make_agent("worker", ScriptedModel()), make_agent("helper", ScriptedModel())
    wider = make_agent("worker", ScriptedModel(), actions=["add_note", "explode"])
    with pytest.raises(WiringError, match=r"available_actions in the store .* differ"):
        AIApp(make_store(wider, helper), [worker, helper])


def test_two_agents_with_one_name_are_refused():
    worker = make_agent("worker", ScriptedModel())
    store = make_store(worker, make_agent("helper", ScriptedModel()))
    with pytest.raises(WiringError, match="two agents are named 'worker'"):
        AIApp(store, [worker, make_agent("worker", ScriptedModel())])


def test_a_store_action_named_finish_clashes_with_the_built_in():
    worker, helper = make_agent("worker", ScriptedModel()), make_agent("helper", ScriptedModel())
    store = make_store(worker, helper)

    def finish(state: World) -> None:
        state.request = ""

    store.register(finish, writes=["request"])
    with pytest.raises(WiringError, match="action named 'finish'"):
        AIApp(store, [worker, helper])


def test_wiring_registers_each_agents_built_in_actions():
    app = make_app(ScriptedModel())
    assert {"worker.finish", "worker.trigger", "helper.fail_activation"} <= set(app.store.actions)
    with pytest.raises(WiringError, match="already registered"):
        AIApp(app.store, list(app.agents.values()))


def test_a_function_selector_works_like_a_path():
    app = make_app(ScriptedModel(), worker={"state": lambda s: s.agents.worker})
    assert app.state_of("worker") is app.store.state.agents.worker


# -- running ----------------------------------------------------------------------------------


async def test_two_agents_hand_off_through_state_and_a_rule():
    worker = ScriptedModel(call("add_note", text="draft"), call("finish"))
    helper = ScriptedModel(
        lambda config: call("add_note", text=f"reviewed after {len(config.context)}"),
        call("finish"),
    )
    rule = when_changed(
        "agents.worker.should_act",
        then=trigger("helper"),
        only_if=lambda s: s.notes == ["draft"] and not s.agents.worker.should_act,
    )
    app = make_app(worker, helper, rules=[rule])
    async with app:
        app.store.dispatch("worker.trigger")
        await app.run_until_idle(timeout=5)
    assert app.store.state.notes[0] == "draft"
    assert app.store.state.notes[1].startswith("reviewed")
    assert [r.agent for r in app.trace] == ["worker", "worker", "helper", "helper"]
    actions = [delta.action for delta in app.store.history]
    assert actions.index("worker.finish") < actions.index("helper.trigger")


async def test_an_agent_can_hand_off_by_calling_another_agents_trigger():
    worker = ScriptedModel(call("add_note", text="for you"), call("helper.trigger"), call("finish"))
    helper = ScriptedModel(call("add_note", text="thanks"), call("finish"))
    app = make_app(worker, helper, worker={"actions": ["add_note", "helper.trigger"]})
    async with app:
        app.trigger("worker")
        await app.run_until_idle(timeout=5)
    assert app.store.state.notes == ["for you", "thanks"]


async def test_an_agent_already_acting_at_start_runs():
    worker = make_agent("worker", ScriptedModel(call("finish")))
    helper = make_agent("helper", ScriptedModel())
    store = Store(
        World(Agents(AgentState.for_agent(worker, should_act=True), AgentState.for_agent(helper)))
    )
    store.register(lambda s, text: None, name="add_note", writes=None)
    async with AIApp(store, [worker, helper]) as app:
        await app.run_until_idle(timeout=5)
        assert app.state_of("worker").activations == 1


async def test_triggering_a_running_agent_does_not_start_a_second_activation():
    model = ScriptedModel(call("add_note", text="one"), call("finish"), call("finish"))
    model.gate = asyncio.Event()
    app = make_app(model)
    async with app:
        app.trigger("worker")
        await model.called.wait()
        for _ in range(3):
            assert app.trigger("worker").changes == ()  # already true: no delta, no trigger
        app.store.dispatch("worker.finish")
        app.store.dispatch("worker.trigger")  # a real false -> true edge while running
        assert app.running == {"worker"}
        assert len([t for t in other_tasks() if t.get_name() == "sentinel-agent:worker"]) == 1
        model.gate.set()
        await app.run_until_idle(timeout=5)
        assert app.state_of("worker").activations == 1
        app.trigger("worker")
        await app.run_until_idle(timeout=5)
    assert app.state_of("worker").activations == 2
    assert len(model.seen) == 3


async def test_run_until_idle_times_out_naming_the_busy_agent():
    model = ScriptedModel(call("finish"))
    model.gate = asyncio.Event()
    app = make_app(model)
    async with app:
        app.trigger("worker")
        with pytest.raises(AppTimeout, match=r"agents still acting after 0\.05s: worker"):
            await app.run_until_idle(timeout=0.05)
        model.gate.set()
        await app.run_until_idle(timeout=5)


async def test_a_rule_that_raises_is_reported_by_run_until_idle():
    def broken(state: World, delta) -> list[str]:
        raise ValueError("bad rule")

    app = make_app(ScriptedModel(), rules=[broken])
    async with app:
        app.store.dispatch("set_request", text="go")
        with pytest.raises(RuleFailed, match=r"'.*broken': raised ValueError: bad rule"):
            await app.run_until_idle(timeout=5)
        assert len(app.errors) == 1


async def test_a_rule_whose_action_fails_is_reported():
    rule = when_changed("request", then=("explode", {"reason": "rule"}))
    app = make_app(ScriptedModel(), rules=[rule])
    async with app:
        app.store.dispatch("set_request", text="go")
        with pytest.raises(
            RuleFailed, match="action 'explode' failed: RuntimeError: exploded: rule"
        ):
            await app.run_until_idle(timeout=5)


async def test_rules_may_call_async_actions():
    rule = when_changed("request", then=("slow_note", {"text": "later", "delay": 0.01}))
    app = make_app(ScriptedModel(), rules=[rule])
    async with app:
        app.store.dispatch("set_request", text="go")
        await app.run_until_idle(timeout=5)
        assert app.store.state.notes == ["later"]


async def test_a_runtime_failure_is_a_crash_not_a_silent_stop(monkeypatch):
    app = make_app(ScriptedModel(call("finish")))

    def broken_resolve(call):
        raise LookupError("bug in the runtime")

    monkeypatch.setattr(app.agents["worker"], "resolve", broken_resolve)
    async with app:
        app.trigger("worker")
        with pytest.raises(AgentCrashed, match="'worker' crashed: LookupError: bug in the runtime"):
            await app.run_until_idle(timeout=5)
    state = app.state_of("worker")
    assert state.status == "error"
    assert "crashed" in (state.last_error or "")


async def test_lifecycle_misuse_is_an_error():
    app = make_app(ScriptedModel())
    with pytest.raises(AgentError, match="needs a running app; it is new"):
        await app.run_until_idle()
    await app.start()
    with pytest.raises(AgentError, match="cannot start: it is running"):
        await app.start()
    await app.shutdown()
    await app.shutdown()  # idempotent
    assert app.phase == "stopped"


# -- shutdown ---------------------------------------------------------------------------------


async def slow_step_in_flight(delay: float):
    model = ScriptedModel(call("slow_note", text="slow", delay=delay))
    app = make_app(model, worker={"actions": ["slow_note"]})
    await app.start()
    app.trigger("worker")
    await model.called.wait()
    await asyncio.sleep(0.01)  # the action is now awaiting inside the store
    return app, model


async def test_shutdown_cancels_a_slow_action_cleanly_when_grace_runs_out(caplog):
    caplog.set_level(logging.WARNING)
    app, _ = await slow_step_in_flight(delay=5)
    await app.shutdown(grace=0.05)
    assert app.store.state.notes == []  # nothing half-applied
    last = app.trace[-1]
    assert (last.action, last.error) == (
        "slow_note",
        "cancelled by shutdown before the action committed",
    )
    state = app.state_of("worker")
    assert state.status == "idle"
    assert state.should_act
    assert other_tasks() == set()
    assert caplog.records == []


async def test_shutdown_lets_a_step_within_grace_commit_fully_then_stops():
    app, model = await slow_step_in_flight(delay=0.05)
    await app.shutdown(grace=5)
    assert app.store.state.notes == ["slow"]
    assert len(model.seen) == 1  # no new step once shutdown began
    assert app.trace[-1].ok
    assert app.state_of("worker").status == "idle"
    assert other_tasks() == set()


# -- trace and persistence ----------------------------------------------------------------------


async def test_the_trace_stream_is_live_and_ends_at_shutdown():
    model = ScriptedModel(call("add_note", text="a"), call("finish"))
    app = make_app(model)

    async def consume() -> list[tuple[str, int]]:
        return [(r.agent, r.step) async for r in app.trace.stream()]

    async with app:
        first = asyncio.create_task(consume())
        second = asyncio.create_task(consume())
        app.trigger("worker")
        await app.run_until_idle(timeout=5)
    assert await first == await second == [("worker", 1), ("worker", 2)]


async def test_the_state_is_saved_to_a_snapshot_file_while_running_and_at_shutdown(tmp_path):
    target = tmp_path / "state" / "app.json"
    model = ScriptedModel(call("add_note", text="kept"), call("finish"))
    app = make_app(model, persist_to=target, persist_every_s=0.01)
    async with app:
        app.trigger("worker")
        await app.run_until_idle(timeout=5)
        await eventually(target.exists)
    restored = Store.restore_snapshot(World, target.read_text())
    assert restored.state == app.store.state
    assert restored.state.notes == ["kept"]
    assert [p.name for p in target.parent.iterdir()] == ["app.json"]  # no temp files left


async def test_a_state_saved_mid_activation_starts_idle_and_resumes():
    worker = make_agent("worker", ScriptedModel(call("finish")))
    helper = make_agent("helper", ScriptedModel())
    interrupted = AgentState.for_agent(worker, should_act=True)
    interrupted.status = "running"
    store = Store(World(Agents(interrupted, AgentState.for_agent(helper))))
    store.register(lambda s, text: None, name="add_note", writes=None)
    async with AIApp(store, [worker, helper]) as app:
        await app.run_until_idle(timeout=5)
    state = app.state_of("worker")
    assert (state.status, state.should_act, state.activations) == ("idle", False, 1)


async def test_errors_not_yet_raised_are_raised_by_shutdown():
    def broken(state: World, delta) -> None:
        raise ValueError("bad rule")

    app = make_app(ScriptedModel(), rules=[broken])
    await app.start()
    app.store.dispatch("set_request", text="go")
    with pytest.raises(RuleFailed, match="bad rule"):
        await app.shutdown()
    assert app.phase == "stopped"
