"""Store dispatch: atomic actions, payload validation, empty deltas, structural sharing."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import pytest
from hypothesis import given, settings

from sentinel.store import (
    ActionDefinitionError,
    ActionNotFound,
    InvalidPayload,
    Store,
    StoreError,
    WriteMismatch,
)
from tests.store.model import Item, Model, programs, run_program, sample_model


@dataclass
class Agent:
    should_act: bool = False
    runs: int = 0


@dataclass
class AppState:
    language: str = "en"
    agents: dict[str, Agent] = field(default_factory=lambda: {"translator": Agent()})
    log: list[str] = field(default_factory=list)


def set_language(state: AppState, lang: str) -> None:
    """Set the target language."""
    state.language = lang


def trigger(state: AppState, agent: str, note: str = "") -> None:
    state.agents[agent].should_act = True
    if note:
        state.log.append(note)


def make_store(**options: Any) -> Store[AppState]:
    store = Store(AppState(), **options)
    store.register(set_language, writes=["language"])
    store.register(trigger, writes=["agents.*.should_act", "log.*"])
    return store


def test_dispatch_commits_a_new_state_and_returns_its_delta() -> None:
    moments = iter([datetime(2026, 1, 1, tzinfo=UTC), datetime(2026, 1, 2, tzinfo=UTC)])
    store = make_store(clock=lambda: next(moments))
    old = store.state

    delta = store.dispatch("set_language", lang="fr")

    assert store.state.language == "fr"
    assert old.language == "en"
    assert store.state.agents is old.agents
    assert (delta.seq, delta.action, delta.payload) == (1, "set_language", {"lang": "fr"})
    assert [(c.path, c.op, c.before, c.after) for c in delta.changes] == [
        ("language", "set", "en", "fr")
    ]
    assert delta.at == datetime(2026, 1, 1, tzinfo=UTC)
    assert store.seq == 1
    assert store.history == (delta,)


def test_action_spec_describes_the_action_for_agents() -> None:
    store = make_store()
    spec = store.actions["trigger"]
    assert spec.writes == ("agents.*.should_act", "log.*")
    assert not spec.is_async
    assert spec.payload_model.model_json_schema()["required"] == ["agent"]
    assert store.actions["set_language"].description == "Set the target language."


def test_an_action_that_changes_nothing_returns_an_empty_delta_and_is_not_recorded() -> None:
    store = make_store()
    calls: list[Any] = []
    store.subscribe(calls.append)
    store.dispatch("set_language", lang="fr")

    delta = store.dispatch("set_language", lang="fr")

    assert delta.changes == ()
    assert delta.seq == 1
    assert len(store.history) == 1
    assert len(calls) == 1


class Boom(Exception):
    pass


@settings(max_examples=60, deadline=None)
@given(programs)
def test_a_raising_action_leaves_state_and_history_untouched_and_no_subscriber_runs(
    program: list[tuple[Any, ...]],
) -> None:
    store = Store(sample_model())

    def edit(state: Model) -> None:
        state.title = "edited"

    def run_then_fail(state: Model) -> None:
        run_program(state, program)
        state.items.append(Item("last"))
        raise Boom("after writing")

    store.register(edit)
    store.register(run_then_fail)
    store.dispatch("edit")
    before, pristine, history = store.state, copy.deepcopy(store.state), store.history
    calls: list[Any] = []
    store.subscribe(calls.append)

    with pytest.raises(Boom):
        store.dispatch("run_then_fail")

    assert store.state is before
    assert store.state == pristine
    assert store.history == history
    assert store.seq == 1
    assert calls == []


def test_a_write_mismatch_rolls_the_action_back() -> None:
    store = make_store()

    def sneaky(state: AppState) -> None:
        state.language = "de"
        state.log.append("x")

    store.register(sneaky, writes=["language"])
    with pytest.raises(WriteMismatch):
        store.dispatch("sneaky")
    assert store.state.language == "en"
    assert store.history == ()


def test_payload_is_validated_and_the_error_names_the_action_and_field() -> None:
    store = make_store()
    with pytest.raises(InvalidPayload) as raised:
        store.dispatch("set_language", lang=["fr"])
    assert raised.value.action == "set_language"
    assert raised.value.field == "lang"
    assert "action 'set_language': invalid payload field 'lang' = ['fr']" in str(raised.value)

    with pytest.raises(InvalidPayload, match=r"'agent'.*Field required"):
        store.dispatch("trigger")
    with pytest.raises(InvalidPayload, match=r"'colour'.*Extra inputs are not permitted"):
        store.dispatch("set_language", lang="fr", colour="red")


def test_payload_values_are_coerced_like_json_from_a_model() -> None:
    store = Store(sample_model())

    def set_count(state: Model, count: int) -> None:
        state.count = count

    store.register(set_count, writes=["count"])
    assert store.dispatch("set_count", count="7").payload == {"count": 7}
    assert store.state.count == 7


def test_unknown_action_lists_the_registered_ones() -> None:
    with pytest.raises(ActionNotFound, match="'nope'; registered actions: set_language, trigger"):
        make_store().dispatch("nope")


def test_registration_rejects_duplicates_and_unusable_signatures() -> None:
    store = make_store()
    with pytest.raises(ActionDefinitionError, match="registered already"):
        store.register(set_language)

    def splat(state: AppState, *args: int) -> None:
        del state, args

    with pytest.raises(ActionDefinitionError, match=r"\*args is not allowed"):
        store.register(splat)
    with pytest.raises(ActionDefinitionError, match="empty segment"):
        store.register(set_language, name="other", writes=["a..b"])
    with pytest.raises(ActionDefinitionError, match="give it a name"):
        store.register(lambda state: None)


def test_writes_none_tracks_paths_without_checking_them() -> None:
    store = Store(AppState())

    def anything(state: AppState) -> None:
        state.log.append("a")
        state.language = "it"

    store.register(anything)
    assert store.dispatch("anything").paths == ("log.0", "language")


def test_an_action_cannot_dispatch_while_it_runs() -> None:
    store = make_store()

    def nested(state: AppState) -> None:
        store.dispatch("set_language", lang="xx")

    store.register(nested)
    with pytest.raises(StoreError, match="while action 'nested' was running"):
        store.dispatch("nested")
    assert store.state.language == "en"


def test_dispatch_refuses_an_async_action() -> None:
    store = make_store()

    async def fetch(view: AppState) -> Any:
        return lambda state: None

    store.register(fetch)
    with pytest.raises(StoreError, match=r"is async: use `await store\.dispatch_async"):
        store.dispatch("fetch")


def test_the_state_root_must_be_a_tree_node() -> None:
    with pytest.raises(StoreError, match="not int"):
        Store(3)


def test_store_works_with_slotted_dataclasses() -> None:
    @dataclass(slots=True)
    class Point:
        x: int = 0
        y: int = 0

    @dataclass(slots=True)
    class Plane:
        points: list[Point] = field(default_factory=lambda: [Point(), Point(1, 1)])

    def move(state: Plane, index: int, x: int) -> None:
        state.points[index].x = x

    store = Store(Plane())
    store.register(move, writes=["points.*.x"])
    old = store.state
    store.dispatch("move", index=1, x=5)
    assert store.state.points == [Point(), Point(5, 1)]
    assert store.state.points[0] is old.points[0]
    assert old.points[1] == Point(1, 1)
