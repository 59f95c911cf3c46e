"""Subscribers: path filters, unsubscribe, failure isolation, and queued nested dispatch."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

import pytest

from sentinel.store import Delta, Store, StoreError, SubscriberFailure


@dataclass
class Agent:
    should_act: bool = False


@dataclass
class State:
    document: str = ""
    summary: str = ""
    agents: dict[str, Agent] = field(
        default_factory=lambda: {"summarizer": Agent(), "translator": Agent()}
    )


def set_document(state: State, text: str) -> None:
    state.document = text


def set_summary(state: State, text: str) -> None:
    state.summary = text


def trigger(state: State, agent: str) -> None:
    state.agents[agent].should_act = True


def make_store(**options: Any) -> Store[State]:
    store = Store(State(), **options)
    store.register(set_document, writes=["document"])
    store.register(set_summary, writes=["summary"])
    store.register(trigger, writes=["agents.*.should_act"])
    return store


def test_subscribers_are_filtered_by_path_pattern() -> None:
    store = make_store()
    everything: list[str] = []
    agents: list[str] = []
    summarizer: list[str] = []
    store.subscribe(lambda d: everything.append(d.action))
    store.subscribe(lambda d: agents.append(d.action), paths=["agents.*"])
    store.subscribe(lambda d: summarizer.append(d.action), paths=["agents.summarizer"])

    store.dispatch("set_document", text="doc")
    store.dispatch("trigger", agent="translator")
    store.dispatch("trigger", agent="summarizer")

    assert everything == ["set_document", "trigger", "trigger"]
    assert agents == ["trigger", "trigger"]
    assert summarizer == ["trigger"]


def test_a_change_above_a_pattern_reaches_its_subscriber() -> None:
    store = make_store()

    def replace_agents(state: State) -> None:
        state.agents = {"summarizer": Agent(should_act=True)}

    store.register(replace_agents, writes=["agents"])
    seen: list[tuple[str, ...]] = []
    store.subscribe(lambda d: seen.append(d.paths), paths=["agents.*.should_act"])
    store.dispatch("replace_agents")
    assert seen == [("agents",)]


def test_unsubscribe_stops_deliveries() -> None:
    store = make_store()
    seen: list[int] = []
    subscription = store.subscribe(lambda d: seen.append(d.seq))
    store.dispatch("set_document", text="a")
    subscription.unsubscribe()
    subscription.unsubscribe()
    store.dispatch("set_document", text="b")
    assert seen == [1]
    assert not subscription.active


def test_a_failing_subscriber_is_isolated_and_reported(caplog: pytest.LogCaptureFixture) -> None:
    hooked: list[SubscriberFailure] = []
    store = make_store(on_subscriber_error=hooked.append)
    seen: list[str] = []

    def broken(delta: Delta) -> None:
        raise RuntimeError(f"cannot handle {delta.action}")

    store.subscribe(lambda d: seen.append("first"))
    failing = store.subscribe(broken)
    store.subscribe(lambda d: seen.append("third"))

    with caplog.at_level(logging.WARNING, logger="sentinel.store"):
        delta = store.dispatch("set_document", text="x")

    assert seen == ["first", "third"]
    assert store.state.document == "x"
    (failure,) = store.subscriber_errors
    assert failure.subscription is failing
    assert failure.delta is delta
    assert str(failure.error) == "cannot handle set_document"
    assert hooked == [failure]
    assert "subscriber test_a_failing_subscriber_is_isolated_and_reported.<locals>.broken" in (
        caplog.text
    )


def test_dispatch_from_a_subscriber_is_queued_so_every_subscriber_sees_seq_order() -> None:
    store = make_store()
    log: list[tuple[str, int, str]] = []

    def summarize_on_document(delta: Delta) -> None:
        log.append(("rule", delta.seq, store.state.summary))
        if "document" in delta.paths:
            queued = store.dispatch("set_summary", text="short")
            assert queued.queued
            assert queued.changes == ()
            store.dispatch("trigger", agent="translator")

    def observer(delta: Delta) -> None:
        # the state seen while handling delta N is the state right after delta N
        log.append(("observer", delta.seq, store.state.summary))

    store.subscribe(summarize_on_document)
    store.subscribe(observer)

    delta = store.dispatch("set_document", text="long text")

    assert delta.seq == 1
    assert log == [
        ("rule", 1, ""),
        ("observer", 1, ""),
        ("rule", 2, "short"),
        ("observer", 2, "short"),
        ("rule", 3, "short"),
        ("observer", 3, "short"),
    ]
    assert [d.action for d in store.history] == ["set_document", "set_summary", "trigger"]


def test_a_queued_action_that_fails_is_reported_against_its_subscriber() -> None:
    store = make_store()
    rule = store.subscribe(
        lambda d: store.dispatch("trigger", agent="nobody") if d.seq == 1 else None
    )
    store.dispatch("set_document", text="x")
    (failure,) = store.subscriber_errors
    assert failure.subscription is rule
    assert isinstance(failure.error, KeyError)
    assert store.seq == 1


def test_undo_is_refused_inside_a_subscriber() -> None:
    store = make_store()
    store.subscribe(lambda d: store.undo())
    store.dispatch("set_document", text="x")
    (failure,) = store.subscriber_errors
    assert isinstance(failure.error, StoreError)
    assert "undo cannot run from inside a subscriber" in str(failure.error)


def test_async_subscribers_are_rejected() -> None:
    async def callback(delta: Delta) -> None:
        del delta

    with pytest.raises(StoreError, match="subscribers run synchronously"):
        make_store().subscribe(callback)
