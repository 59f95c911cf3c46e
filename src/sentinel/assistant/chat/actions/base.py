"""What every chat action is: a name, a parameter model, a handler, and the result it returns.

A handler gets an :class:`ActionContext` (the owner of the turn and the services) and its
validated parameters, and returns a pydantic result. It raises ``SentinelError`` subclasses
(``InvalidInput``, ``RecordNotFound``...) for a request it cannot honour: the runtime turns
them into a visible error result of that one action.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from types import UnionType
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict

from sentinel.llm import Usage

if TYPE_CHECKING:
    from sentinel.assistant.chat.deps import ChatDeps

Family = Literal["memories", "tasks", "monitors", "research", "control"]


class Params(BaseModel):
    """Base of every action's parameters: unknown keys are errors, so the model learns them."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class Result(BaseModel):
    """Base of every action's result (JSON-able: it is shown to the model and digested into
    the turn's receipt)."""

    model_config = ConfigDict(extra="forbid")


class UsageMeter:
    """The model usage of one turn, summed over its calls (actions' own calls included)."""

    def __init__(self) -> None:
        self.total = Usage()

    def add(self, usage: Usage) -> None:
        """Count one more call's usage."""
        self.total = self.total + usage


@dataclass(frozen=True, slots=True)
class ActionContext:
    """Who the action acts for, and with what. ``owner`` comes from the turn, never from the
    model's parameters."""

    owner: str
    deps: ChatDeps
    usage: UsageMeter


Handler = Callable[[ActionContext, Any], Awaitable[Result]]


@dataclass(frozen=True, slots=True)
class ActionEntry:
    """One action of the catalogue."""

    name: str
    family: Family
    description: str
    params: type[Params]
    handler: Handler

    def prompt_line(self) -> str:
        """The action for a prompt: name, what it does, its parameters."""
        fields = []
        for field_name, info in self.params.model_fields.items():
            required = "" if info.is_required() else "?"
            fields.append(f"{field_name}{required}: {type_name(info.annotation)}")
        return f"- {self.name}({', '.join(fields)}): {self.description}"


def type_name(annotation: Any) -> str:
    """A parameter's type as a model reads it: ``int``, ``list[str]``, ``"once"|"always"``
    (optional parameters are marked ``?`` instead of ``| None``)."""
    origin, args = get_origin(annotation), get_args(annotation)
    if origin is Literal:
        return "|".join(json.dumps(arg) for arg in args)
    if origin in (Union, UnionType):
        return " | ".join(type_name(arg) for arg in args if arg is not type(None))
    if origin is list:
        return f"list[{type_name(args[0])}]" if args else "list"
    if origin is Annotated:
        return type_name(args[0])
    return getattr(annotation, "__name__", str(annotation))
