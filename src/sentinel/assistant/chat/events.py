"""The chat turn's contract: the request body (seed 003) and the events a turn streams.

A turn is ``stream_turn(request, owner=..., deps=...)`` (``sentinel.assistant.chat.flow``):
an async iterator of :class:`ChatEvent`. The SSE endpoint writes each event as
``event: <name>\\ndata: <json>\\n\\n``; the CLI renders them; the web UI's chat page reads them.

Event names and data (exactly these names; ``data`` is always a JSON object):

- ``status``      ``{"status": "Retrieving relevant memories...", "stage": "memories"}``
  (only when ``stream_status``; ``stage`` is one of :data:`STAGES`)
- ``reasoning``   ``{"reasoning": str, "iteration": int, "persona": str | None,
  "confidence": float | None, "actions": [ActionReport...] | None}``
  (only when ``include_reasoning``; the persona choice, each iteration's reasoning and the
  results of the actions it ran)
- ``content``     ``{"content": str}`` (answer text, streamed as deltas in order)
- ``suggestions`` ``{"suggestions": [str, ...]}``
- ``receipt``     ``{"seq": int, "hash": str, "prev_hash": str}``
- ``error``       ``{"error": str, "stage": str}`` (a stage failed visibly; the turn goes on
  when it can, and always ends with ``done``)
- ``done``        ``{"duration_ms": int, "iterations": int}`` (always last)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

EventName = Literal["status", "reasoning", "content", "suggestions", "receipt", "error", "done"]
EVENT_NAMES: tuple[EventName, ...] = (
    "status",
    "reasoning",
    "content",
    "suggestions",
    "receipt",
    "error",
    "done",
)
STAGES = (
    "memories",
    "persona",
    "reasoning",
    "planning",
    "actions",
    "reflection",
    "answer",
    "suggestions",
    "receipt",
)
MAX_ITERATIONS_CAP = 3
MAX_MESSAGES = 200
MAX_MESSAGE_CHARS = 20_000


class ChatMessage(BaseModel):
    """One message of the conversation history."""

    model_config = ConfigDict(extra="forbid")

    role: Literal["user", "assistant", "system"]
    content: str = Field(max_length=MAX_MESSAGE_CHARS)


class ChatRequest(BaseModel):
    """The body of ``POST /api/v1/chat/agentic/stream`` (seed 003's request)."""

    model_config = ConfigDict(extra="forbid")

    messages: list[ChatMessage] = Field(min_length=1, max_length=MAX_MESSAGES)
    use_agentic: bool = True
    max_iterations: int = Field(default=MAX_ITERATIONS_CAP, ge=1, le=MAX_ITERATIONS_CAP)
    stream_status: bool = True
    include_reasoning: bool = True
    parallel_actions: bool = True

    @field_validator("messages")
    @classmethod
    def _has_user_message(cls, messages: list[ChatMessage]) -> list[ChatMessage]:
        if not any(m.role == "user" and m.content.strip() for m in messages):
            raise ValueError("no user message found: the last turn needs a non-empty user message")
        return messages

    @property
    def query(self) -> str:
        """The last non-empty user message: what this turn answers."""
        return next(
            m.content for m in reversed(self.messages) if m.role == "user" and m.content.strip()
        )


@dataclass(frozen=True)
class ChatEvent:
    """One server-sent event of a turn."""

    event: EventName
    data: dict[str, Any] = field(default_factory=dict)
