"""The declared type at a path, through containers, optionals and generic dataclasses."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from sentinel.store.typepaths import decode_value, type_at

C = TypeVar("C")


@dataclass
class Config:
    context: str = ""


@dataclass
class Agent(Generic[C]):
    config: C
    history: list[C] = field(default_factory=list)


@dataclass
class App:
    agents: dict[str, Agent[Config]]
    maybe: Config | None = None
    extra: Any = None


def test_type_at_follows_fields_containers_and_type_parameters() -> None:
    assert type_at(App, ("agents",)) == dict[str, Agent[Config]]
    assert type_at(App, ("agents", "x", "config")) is Config
    assert type_at(App, ("agents", "x", "history", 3)) is Config
    assert type_at(App, ("maybe", "context")) is str
    assert type_at(App, ("extra", "anything")) is Any
    assert type_at(App, ("missing",)) is Any


def test_decode_value_validates_json_as_the_declared_type() -> None:
    assert decode_value(App, ("agents", "x", "config"), {"context": "c"}) == Config("c")
    assert decode_value(App, ("extra",), {"raw": 1}) == {"raw": 1}
