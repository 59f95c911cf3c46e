"""Payload models are built once per action definition in a process: the closures a factory
makes anew for each store share their model; a different signature, default or name does not."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sentinel.store.payload import payload_model


def make_fetch(tag: str, default: bool = False) -> Callable[..., None]:
    def fetch(state: Any, url: str, fresh: bool = default) -> None:
        state.seen = (tag, url, fresh)

    return fetch


def make_other() -> Callable[..., None]:
    def fetch(state: Any, url: str, retries: int = 0) -> None:
        state.seen = (url, retries)

    return fetch


def test_closures_of_one_definition_share_their_payload_model() -> None:
    first, second = make_fetch("a"), make_fetch("b")

    assert first is not second
    assert payload_model("fetch", first) is payload_model("fetch", second)


def test_a_different_signature_default_or_name_gets_a_model_of_its_own() -> None:
    base = payload_model("fetch", make_fetch("a"))

    other = payload_model("fetch", make_other())
    assert other is not base
    assert set(other.model_fields) == {"url", "retries"}
    fresh = payload_model("fetch", make_fetch("a", default=True))
    assert fresh is not base
    assert fresh.model_validate({"url": "u"}).fresh is True  # type: ignore[attr-defined]
    assert payload_model("read", make_fetch("a")) is not base


def test_a_callable_object_is_built_each_time() -> None:
    class Action:
        def __call__(self, state: Any, url: str) -> None:
            state.seen = url

    action = Action()
    assert payload_model("act", action) is not payload_model("act", action)
