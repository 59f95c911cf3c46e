"""The values that cross the model interface: messages, parameters, usage, completions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, Protocol, TypeVar, cast

from sentinel.errors import InvalidInput

Role = Literal["system", "user", "assistant"]
FinishReason = Literal["stop", "length", "other"]
StructuredMode = Literal["auto", "schema", "instructions"]
"""How a provider asks for structured output.

``schema`` sends ``response_format`` json_schema (grammar-constrained on llama.cpp);
``instructions`` puts the schema in the prompt and extracts JSON from the reply;
``auto`` tries ``schema`` and falls back to ``instructions`` when the server rejects it.
"""

T = TypeVar("T", covariant=True)

_ROLES: frozenset[str] = frozenset({"system", "user", "assistant"})


def to_finish_reason(reason: object) -> FinishReason:
    """Map a provider's finish reason onto ours (a missing reason means a normal stop)."""
    if reason == "length":
        return "length"
    return "stop" if reason in (None, "stop") else "other"


@dataclass(frozen=True, slots=True)
class Message:
    """One chat message."""

    role: Role
    content: str

    @classmethod
    def system(cls, content: str) -> Message:
        """A system message (instructions; static context belongs here, first)."""
        return cls("system", content)

    @classmethod
    def user(cls, content: str) -> Message:
        """A user message."""
        return cls("user", content)

    @classmethod
    def assistant(cls, content: str) -> Message:
        """An assistant message (a previous model reply)."""
        return cls("assistant", content)

    def as_dict(self) -> dict[str, str]:
        """The OpenAI wire shape ``{"role": ..., "content": ...}``."""
        return {"role": self.role, "content": self.content}


class MessageLike(Protocol):
    """Any message object with a role and text content (e.g. another package's Message)."""

    @property
    def role(self) -> str:
        """system, user or assistant."""
        ...

    @property
    def content(self) -> str:
        """The text."""
        ...


Prompt = str | Sequence[Message | MessageLike | Mapping[str, Any]]
"""What ``complete`` accepts: a bare string (one user message) or a list of messages, dicts
``{"role", "content"}`` or objects with ``role`` and ``content`` attributes."""


def to_messages(prompt: Prompt) -> tuple[Message, ...]:
    """Normalise a prompt into messages, rejecting unknown roles and non-text content."""
    if isinstance(prompt, str):
        return (Message.user(prompt),)
    messages: list[Message] = []
    for index, item in enumerate(prompt):
        if isinstance(item, Message):
            messages.append(item)
            continue
        if isinstance(item, Mapping):
            role, content = item.get("role"), item.get("content")
        else:
            role, content = getattr(item, "role", None), getattr(item, "content", None)
        if role not in _ROLES:
            problem = "expected system, user or assistant"
            raise InvalidInput(f"messages[{index}].role", role, problem)
        if not isinstance(content, str):
            raise InvalidInput(f"messages[{index}].content", content, "expected a string")
        messages.append(Message(cast(Role, role), content))
    if not messages:
        raise InvalidInput("messages", prompt, "at least one message is required")
    return tuple(messages)


@dataclass(frozen=True, slots=True)
class GenerationParams:
    """Sampling parameters of one request; ``None`` means the provider's default."""

    max_tokens: int | None = None
    temperature: float | None = None
    stop: tuple[str, ...] = ()
    seed: int | None = None
    extra_body: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.max_tokens is not None and self.max_tokens < 1:
            raise InvalidInput("max_tokens", self.max_tokens, "must be at least 1")
        if self.temperature is not None and not 0.0 <= self.temperature <= 2.0:
            raise InvalidInput("temperature", self.temperature, "must be between 0 and 2")


@dataclass(frozen=True, slots=True)
class Usage:
    """Token counts of one or more requests. ``cached_tokens`` is the part of the prompt
    that the provider served from its prompt cache (a subset of ``prompt_tokens``)."""

    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int = 0
    requests: int = 0

    @property
    def total_tokens(self) -> int:
        """Prompt plus completion tokens."""
        return self.prompt_tokens + self.completion_tokens

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            self.prompt_tokens + other.prompt_tokens,
            self.completion_tokens + other.completion_tokens,
            self.cached_tokens + other.cached_tokens,
            self.requests + other.requests,
        )


@dataclass(frozen=True, slots=True)
class Timings:
    """Where the time of a local generation went, as llama.cpp reports it."""

    prompt_tokens_evaluated: int
    prompt_ms: float
    generated_tokens: int
    generation_ms: float

    @classmethod
    def from_llama_cpp(cls, raw: object) -> Timings | None:
        """Read llama.cpp's ``timings`` object; None when absent or incomplete."""
        if not isinstance(raw, Mapping):
            return None
        try:
            return cls(
                prompt_tokens_evaluated=int(raw["prompt_n"]),
                prompt_ms=float(raw["prompt_ms"]),
                generated_tokens=int(raw["predicted_n"]),
                generation_ms=float(raw["predicted_ms"]),
            )
        except (KeyError, TypeError, ValueError):
            return None

    @property
    def prompt_tokens_per_second(self) -> float | None:
        """Prompt evaluation speed (tokens actually evaluated, cache hits excluded)."""
        if self.prompt_ms <= 0 or self.prompt_tokens_evaluated == 0:
            return None
        return self.prompt_tokens_evaluated * 1000.0 / self.prompt_ms

    @property
    def generation_tokens_per_second(self) -> float | None:
        """Generation speed."""
        if self.generation_ms <= 0 or self.generated_tokens == 0:
            return None
        return self.generated_tokens * 1000.0 / self.generation_ms


@dataclass(frozen=True, slots=True)
class RawCompletion:
    """What a provider returns for one request, before parsing and accounting."""

    text: str
    usage: Usage
    finish_reason: FinishReason
    model: str
    timings: Timings | None = None


@dataclass(frozen=True, slots=True)
class Completion(Generic[T]):
    """The result of ``complete``: the text, the parsed object (``None`` without ``output=``),
    token usage summed over every request made (repairs included), and wall-clock latency."""

    text: str
    parsed: T
    usage: Usage
    latency_s: float
    model: str
    finish_reason: FinishReason
    repairs: int = 0
    timings: Timings | None = None
