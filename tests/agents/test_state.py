"""AgentState: a hard action limit that no action can widen, and a validated dynamic subset."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from sentinel.agents import Agent, AgentState, AgentStateViolation, ModelConfig
from sentinel.store import Store
from tests.agents.scripted import ScriptedModel, World, make_agent, make_store


@dataclass
class TranslatorConfig(ModelConfig):
    target_language: str = "fr"


def translator() -> Agent[TranslatorConfig]:
    return Agent(
        "translator",
        actions=["publish", "search"],
        initially_available=["search"],
        config=TranslatorConfig(),
        generate=ScriptedModel(),
    )


def test_state_for_an_agent_copies_its_limits_and_config():
    agent = translator()
    state = AgentState.for_agent(agent, should_act=True)
    assert state.available_actions == {"publish", "search", "finish"}
    assert state.currently_available_actions == {"search", "finish"}
    assert state.should_act
    assert state.status == "idle"
    assert state.activations == 0
    assert state.current_config == agent.config
    assert state.current_config is not agent.config
    assert state.init_config is not state.current_config


def test_the_action_limit_cannot_be_reassigned():
    state = AgentState.for_agent(translator())
    with pytest.raises(AgentStateViolation, match="available_actions is fixed"):
        state.available_actions = frozenset({"publish", "search", "finish", "delete_all"})
    assert "delete_all" not in state.available_actions


def test_init_config_cannot_be_reassigned():
    state = AgentState.for_agent(translator())
    with pytest.raises(AgentStateViolation, match="init_config is fixed"):
        state.init_config = TranslatorConfig(target_language="de")


def test_currently_available_actions_must_stay_within_the_limit():
    state = AgentState.for_agent(translator())
    with pytest.raises(AgentStateViolation, match=r"not allowed: \['delete_all'\]"):
        state.currently_available_actions = frozenset({"search", "delete_all"})
    state.allow("publish")
    assert state.currently_available_actions == {"search", "publish", "finish"}
    state.disallow("search")
    assert state.currently_available_actions == {"publish", "finish"}


def test_action_names_must_be_a_collection_of_strings():
    state = AgentState.for_agent(translator())
    with pytest.raises(AgentStateViolation, match="collection of action names"):
        state.currently_available_actions = "search"  # type: ignore[assignment]


def widen_limit(state: World) -> None:
    state.agents.worker.available_actions = state.agents.worker.available_actions | {"explode"}


def unlock(state: World, action: str) -> None:
    state.agents.worker.allow(action)


def test_an_action_that_widens_the_limit_fails_and_leaves_state_untouched():
    worker = make_agent("worker", ScriptedModel())
    store = make_store(worker, make_agent("helper", ScriptedModel()))
    store.register(widen_limit, writes=["agents.worker.available_actions"])
    before = store.state
    with pytest.raises(AgentStateViolation):
        store.dispatch("widen_limit")
    assert store.state is before
    assert store.history == ()


def test_actions_may_change_the_currently_available_subset_within_the_limit():
    worker = make_agent("worker", ScriptedModel(), initially_available=[])
    store = make_store(worker, make_agent("helper", ScriptedModel()))
    store.register(unlock, writes=["agents.worker.currently_available_actions"])
    assert store.state.agents.worker.currently_available_actions == {"finish"}
    delta = store.dispatch("unlock", action="add_note")
    assert delta.paths == ("agents.worker.currently_available_actions",)
    assert store.state.agents.worker.currently_available_actions == {"add_note", "finish"}
    with pytest.raises(AgentStateViolation):
        store.dispatch("unlock", action="explode")


def test_agent_state_survives_a_snapshot_round_trip():
    worker = make_agent("worker", ScriptedModel(), initially_available=["add_note"])
    store = make_store(worker, make_agent("helper", ScriptedModel()))
    restored = Store.restore_snapshot(World, store.snapshot())
    assert restored.state == store.state
    assert isinstance(restored.state.agents.worker.available_actions, frozenset)
    assert isinstance(restored.state.agents.worker.current_config, ModelConfig)


@dataclass
class TranslatorWorld:
    translator: AgentState[TranslatorConfig]


def test_a_typed_config_comes_back_as_its_own_class_from_a_snapshot():
    store = Store(TranslatorWorld(AgentState.for_agent(translator())))
    restored = Store.restore_snapshot(TranslatorWorld, store.snapshot())
    config = restored.state.translator.current_config
    assert isinstance(config, TranslatorConfig)
    assert config.target_language == "fr"
