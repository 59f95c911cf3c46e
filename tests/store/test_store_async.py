"""Async actions: await with a read-only view, then commit a mutation atomically."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest

from sentinel.store import DraftError, Slice, Store, StoreError, WriteMismatch


@dataclass
class State:
    url: str = "http://127.0.0.1/a"
    pages: dict[str, str] = field(default_factory=dict)
    fetches: int = 0


async def fetch(view: State, path: str) -> Callable[[State], None]:
    url = view.url + path
    await asyncio.sleep(0)
    body = f"<html>{url}</html>"

    def save(state: State) -> None:
        state.pages[url] = body
        state.fetches += 1

    return save


def make_store() -> Store[State]:
    store = Store(State())
    store.register(fetch, writes=["pages.*", "fetches"])
    return store


async def test_an_async_action_commits_the_mutation_it_returns() -> None:
    store = make_store()
    assert store.actions["fetch"].is_async
    delta = await store.dispatch_async("fetch", path="/x")
    assert store.state.pages == {"http://127.0.0.1/a/x": "<html>http://127.0.0.1/a/x</html>"}
    assert delta.paths == ("pages.http://127.0.0.1/a/x", "fetches")
    assert delta.payload == {"path": "/x"}


async def test_the_mutation_applies_to_the_state_current_at_commit_time() -> None:
    store = make_store()
    gate = asyncio.Event()

    async def slow(view: State) -> Callable[[State], None]:
        seen = view.fetches
        await gate.wait()

        def count(state: State) -> None:
            state.fetches += 10
            state.pages["seen"] = str(seen)

        return count

    store.register(slow, writes=["fetches", "pages.seen"])
    pending = asyncio.create_task(store.dispatch_async("slow"))
    await asyncio.sleep(0)
    await store.dispatch_async("fetch", path="/y")  # commits while `slow` awaits
    gate.set()
    await pending
    assert store.state.fetches == 11
    assert store.state.pages["seen"] == "0"


async def test_a_failing_async_action_changes_nothing() -> None:
    store = make_store()

    async def broken(view: State) -> Callable[[State], None]:
        raise ConnectionError("refused")

    store.register(broken)
    with pytest.raises(ConnectionError):
        await store.dispatch_async("broken")
    assert store.state == State()
    assert store.history == ()


async def test_the_view_is_read_only() -> None:
    store = make_store()

    async def cheat(view: State) -> Callable[[State], None]:
        view.fetches = 5
        return lambda state: None

    store.register(cheat)
    with pytest.raises(DraftError, match="read-only view"):
        await store.dispatch_async("cheat")


async def test_the_mutation_is_checked_against_declared_writes() -> None:
    store = Store(State())
    store.register(fetch, writes=["fetches"])
    with pytest.raises(WriteMismatch, match="undeclared"):
        await store.dispatch_async("fetch", path="/z")
    assert store.state == State()


async def test_an_async_action_must_return_a_mutation() -> None:
    store = make_store()

    async def forgetful(view: State) -> None:
        del view

    store.register(forgetful)  # type: ignore[arg-type]
    with pytest.raises(StoreError, match="must return a mutation"):
        await store.dispatch_async("forgetful")


async def test_dispatch_async_also_runs_sync_actions() -> None:
    store = make_store()

    def bump(state: State) -> None:
        state.fetches += 1

    store.register(bump, writes=["fetches"])
    await store.dispatch_async("bump")
    assert store.state.fetches == 1


async def test_an_async_slice_action_sees_and_writes_its_own_part() -> None:
    @dataclass
    class App:
        crawler: State = field(default_factory=State)

    part = Slice(State())
    part.register(fetch, writes=["pages.*", "fetches"])
    store = Store.compose(App, slices={"crawler": part})
    delta = await store.dispatch_async("crawler.fetch", path="/p")
    assert delta.paths == ("crawler.pages.http://127.0.0.1/a/p", "crawler.fetches")
