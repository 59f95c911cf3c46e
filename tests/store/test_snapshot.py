"""Typed JSON snapshots and atomic snapshot files."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Generic, TypeVar

import pytest

from sentinel.store import SnapshotError, Store, dump_state, load_state, write_atomic
from tests.store.model import Model, sample_model

C = TypeVar("C")


@dataclass
class Config:
    context: str = ""
    temperature: float = 0.2


@dataclass
class AgentState(Generic[C]):
    init_config: C
    current_config: C
    available_actions: frozenset[str] = frozenset()
    should_act: bool = False


@dataclass
class Agents:
    translator: AgentState[Config]
    tags: set[str] = field(default_factory=set)


def test_snapshot_round_trips_to_an_equal_typed_state() -> None:
    store = Store(sample_model())
    restored = Store.restore_snapshot(Model, store.snapshot())
    assert restored.state == store.state
    assert isinstance(restored.state.inner.flags, set)


def test_generic_dataclasses_sets_and_frozensets_round_trip() -> None:
    state = Agents(
        AgentState(Config("a"), Config("b", 0.7), frozenset({"search", "fetch"}), True),
        tags={"x"},
    )
    assert load_state(Agents, dump_state(state)) == state


def test_load_snapshot_replaces_the_state_as_an_undoable_delta() -> None:
    store = Store(sample_model())
    other = sample_model()
    other.title = "other"
    seen: list[str] = []
    store.subscribe(lambda d: seen.append(d.action), paths=["items"])

    delta = store.load_snapshot(dump_state(other))

    assert store.state == other
    assert delta.action == "load_snapshot"
    assert delta.paths == ("",)
    assert seen == ["load_snapshot"]
    store.undo()
    assert store.state == sample_model()


def test_an_invalid_snapshot_names_the_state_type_and_field() -> None:
    with pytest.raises(SnapshotError, match=r"(?s)snapshot does not match Model.*count"):
        load_state(Model, '{"count": "many"}')


def test_save_and_load_snapshot_file(tmp_path: Path) -> None:
    store = Store(sample_model())
    path = store.save_snapshot(tmp_path / "state" / "model.json")
    assert path.read_text(encoding="utf-8") == store.snapshot()
    fresh = Store(Model())
    fresh.load_snapshot_file(path)
    assert fresh.state == store.state
    assert os.listdir(tmp_path / "state") == ["model.json"]


def test_write_atomic_keeps_the_old_file_when_writing_fails(tmp_path: Path) -> None:
    target = tmp_path / "state.json"
    target.write_text("old", encoding="utf-8")

    with pytest.raises(TypeError):
        write_atomic(target, b"not text")  # type: ignore[arg-type]  # fails mid-write
    assert target.read_text(encoding="utf-8") == "old"
    assert sorted(os.listdir(tmp_path)) == ["state.json"]
