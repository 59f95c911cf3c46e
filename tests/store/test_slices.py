"""Composition: agent slices written against their own types, mounted next to shared state."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from sentinel.store import Slice, Store, StoreError, WriteMismatch


@dataclass
class TranslatorState:
    should_act: bool = False
    target_language: str = "fr"
    translations: list[str] = field(default_factory=list)


@dataclass
class SummarizerState:
    should_act: bool = False
    max_words: int = 50
    summary: str = ""


@dataclass
class AgentsState:
    translator: TranslatorState
    summarizer: SummarizerState


@dataclass
class Document:
    text: str = ""
    version: int = 0


@dataclass
class AppState:
    agents: AgentsState
    document: Document = field(default_factory=Document)
    language: str = "en"


# -- the translator's part, written once against TranslatorState ------------------------------
def set_target(state: TranslatorState, language: str) -> None:
    state.target_language = language


def add_translation(state: TranslatorState, text: str) -> None:
    state.translations.append(text)
    state.should_act = False


translator = Slice(TranslatorState())
translator.register(set_target, writes=["target_language"])
translator.register(add_translation, writes=["translations.*", "should_act"])


# -- the summarizer's part ---------------------------------------------------------------------
def write_summary(state: SummarizerState, summary: str) -> None:
    state.summary = summary
    state.should_act = False


summarizer = Slice(SummarizerState(max_words=20))
summarizer.register(write_summary, writes=["summary", "should_act"])


# -- the app: a cross-cutting action on the whole state -----------------------------------------
def submit_document(state: AppState, text: str) -> None:
    state.document.text = text
    state.document.version += 1
    state.agents.summarizer.should_act = True


def make_app() -> Store[AppState]:
    store = Store.compose(
        AppState,
        slices={"agents.translator": translator, "agents.summarizer": summarizer},
        shared={"document": Document("draft"), "language": "de"},
    )
    store.register(submit_document, writes=["document", "agents.summarizer.should_act"])
    return store


def test_compose_builds_the_state_from_slices_and_shared_values() -> None:
    store = make_app()
    assert store.state == AppState(
        agents=AgentsState(TranslatorState(), SummarizerState(max_words=20)),
        document=Document("draft"),
        language="de",
    )
    assert sorted(store.actions) == [
        "agents.summarizer.write_summary",
        "agents.translator.add_translation",
        "agents.translator.set_target",
        "submit_document",
    ]
    spec = store.actions["agents.translator.add_translation"]
    assert spec.writes == ("agents.translator.translations.*", "agents.translator.should_act")
    assert spec.mount == ("agents", "translator")


def test_mounted_actions_act_on_their_part_and_report_full_paths() -> None:
    store = make_app()
    seen: list[tuple[str, ...]] = []
    store.subscribe(lambda d: seen.append(d.paths), paths=["agents.summarizer"])

    store.dispatch("submit_document", text="Bonjour")
    delta = store.dispatch("agents.summarizer.write_summary", summary="Hi")
    store.dispatch("agents.translator.set_target", language="es")

    assert delta.paths == ("agents.summarizer.summary", "agents.summarizer.should_act")
    assert store.state.agents.summarizer == SummarizerState(max_words=20, summary="Hi")
    assert store.state.agents.translator.target_language == "es"
    assert store.state.document == Document("Bonjour", 1)
    assert seen == [
        ("document.text", "document.version", "agents.summarizer.should_act"),
        ("agents.summarizer.summary", "agents.summarizer.should_act"),
    ]


def test_a_slice_action_cannot_write_outside_its_declared_part() -> None:
    def meddle(state: TranslatorState) -> None:
        state.should_act = True
        state.target_language = "xx"

    part = Slice(TranslatorState())
    part.register(meddle, writes=["should_act"])
    store = Store.compose(
        AppState,
        slices={"agents.translator": part, "agents.summarizer": summarizer},
    )
    with pytest.raises(WriteMismatch, match=r"undeclared: \['agents.translator.target_language'\]"):
        store.dispatch("agents.translator.meddle")


def test_one_slice_can_be_mounted_in_two_stores_independently() -> None:
    first, second = make_app(), make_app()
    first.dispatch("agents.translator.add_translation", text="hola")
    assert first.state.agents.translator.translations == ["hola"]
    assert second.state.agents.translator.translations == []
    assert translator.initial.translations == []


def test_mount_checks_the_type_at_the_mount_path() -> None:
    store = make_app()
    with pytest.raises(StoreError, match="cannot mount a TranslatorState slice at 'document'"):
        store.mount("document", translator)
    with pytest.raises(StoreError, match="no node there"):
        store.mount("agents.reviewer", translator)


def test_compose_explains_a_missing_part() -> None:
    with pytest.raises(StoreError, match="cannot build AgentsState at 'agents'"):
        Store.compose(AppState, slices={"agents.translator": translator})
    with pytest.raises(StoreError, match="AppState has no field 'extra'"):
        Store.compose(
            AppState,
            slices={"agents.translator": translator, "agents.summarizer": summarizer},
            shared={"extra": 1},
        )
