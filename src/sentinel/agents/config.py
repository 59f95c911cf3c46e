"""What an agent hands to its generating function, and what it gets back.

``ModelConfig`` is deliberately thin: providers differ, so the runtime only promises a rendered
``context`` (static part first, for prefix caching) and a list of ``messages`` that carries the
runtime's feedback (errors from earlier attempts). A provider layer maps both onto its own API;
an app subclasses ``ModelConfig`` to add prompts, temperatures, model names...
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Literal, Protocol, TypeAlias, TypeVar, runtime_checkable

Role = Literal["system", "user", "assistant"]


@dataclass
class Message:
    """One chat message; the runtime appends (assistant output, user error) pairs on retries."""

    role: Role
    content: str


@dataclass
class ModelConfig:
    """Base of every agent config: everything a generating function needs for one call.

    ``context`` is filled by the runtime before each call (static context, then dynamic context
    components); whatever an app stores there is replaced. ``messages`` is the conversation so
    far: an app may keep a history here, and the runtime appends its error feedback to a copy.
    """

    context: str = ""
    messages: list[Message] = field(default_factory=list)


ConfigT = TypeVar("ConfigT", bound=ModelConfig)
ConfigT_contra = TypeVar("ConfigT_contra", bound=ModelConfig, contravariant=True)

Usage: TypeAlias = Mapping[str, int | float]


@dataclass(frozen=True)
class Generation:
    """A model's answer plus optional usage (tokens, cost, latency) for the trace.

    A generating function may return a plain ``str`` when it has no usage to report.
    """

    text: str
    usage: Usage | None = None


GeneratingFunction: TypeAlias = Callable[[ConfigT], Awaitable["str | Generation"]]


@runtime_checkable
class TextGenerator(Protocol[ConfigT_contra]):
    """An object with an async ``generate``; the model layer's clients fit this shape."""

    async def generate(self, config: ConfigT_contra, /) -> str | Generation:
        """Produce the model's reply for one fully rendered config."""
        ...


def as_generation(result: str | Generation) -> Generation:
    """Normalise what a generating function returned; anything else is a programming error."""
    if isinstance(result, Generation):
        return result
    if isinstance(result, str):
        return Generation(result)
    raise TypeError(
        f"a generating function must return str or Generation, got {type(result).__name__}"
    )
