"""Declared writes are checked against the writes an action really made."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from sentinel.store import Store, WriteMismatch


@dataclass
class Agent:
    should_act: bool = False
    notes: list[str] = field(default_factory=list)


@dataclass
class State:
    language: str = "en"
    document: str = ""
    agents: dict[str, Agent] = field(
        default_factory=lambda: {"translator": Agent(), "summarizer": Agent()}
    )


def wake_translator(state: State) -> None:
    state.agents["translator"].should_act = True


def test_an_undeclared_write_raises_with_declared_written_and_undeclared_paths() -> None:
    store = Store(State())

    def set_language(state: State, lang: str) -> None:
        state.language = lang
        state.document = "oops"

    store.register(set_language, writes=["language"])
    with pytest.raises(WriteMismatch) as raised:
        store.dispatch("set_language", lang="fr")
    error = raised.value
    assert error.undeclared == ("document",)
    assert error.never_written == ()
    assert str(error) == (
        "action 'set_language' did not write what it declared: declared ['language'], "
        "written ['language', 'document'], undeclared: ['document'], never written: []"
    )
    assert store.state == State()


def test_a_declared_exact_path_never_written_raises() -> None:
    store = Store(State())
    store.register(wake_translator, writes=["agents.translator.should_act", "document"])
    with pytest.raises(WriteMismatch, match=r"never written: \['document'\]"):
        store.dispatch("wake_translator")


def test_a_wildcard_pattern_allows_a_subset_and_is_never_required() -> None:
    store = Store(State())
    store.register(wake_translator, writes=["agents.*.should_act", "agents.*.notes"])
    assert store.dispatch("wake_translator").paths == ("agents.translator.should_act",)


def test_declaring_a_node_allows_writes_below_it() -> None:
    store = Store(State())
    store.register(wake_translator, writes=["agents.translator"])
    assert store.dispatch("wake_translator").paths == ("agents.translator.should_act",)


def test_a_pattern_does_not_cover_its_own_parent() -> None:
    store = Store(State())

    def reset_agents(state: State) -> None:
        state.agents.clear()

    store.register(reset_agents, writes=["agents.*"])
    with pytest.raises(WriteMismatch, match=r"undeclared: \['agents'\]"):
        store.dispatch("reset_agents")


def test_a_write_of_an_unchanged_value_still_counts_as_written() -> None:
    # Debouncing: setting should_act when it is already set is not a change, yet the action
    # did what it declared.
    store = Store(State())
    store.register(wake_translator, writes=["agents.translator.should_act"])
    store.dispatch("wake_translator")
    assert store.dispatch("wake_translator").changes == ()
