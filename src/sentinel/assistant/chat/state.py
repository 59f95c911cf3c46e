"""What one turn knows as it goes: the request, the persona, the memories, the reasoning,
every action's outcome, the answer, the usage. The flow's stages read and fill it."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sentinel.assistant.chat.actions import UsageMeter
from sentinel.assistant.chat.deps import ChatDeps
from sentinel.assistant.chat.events import ChatEvent, ChatRequest
from sentinel.assistant.chat.personas import DEFAULT_PERSONA, Persona, PersonaProfile, profile
from sentinel.assistant.chat.prompts import memories_text, outcomes_text
from sentinel.assistant.chat.runtime import ActionOutcome
from sentinel.llm import Message


@dataclass
class Turn:
    """One turn of one owner."""

    request: ChatRequest
    owner: str
    deps: ChatDeps
    turn_id: str
    started: float = field(default_factory=time.perf_counter)
    usage: UsageMeter = field(default_factory=UsageMeter)
    memories: list[dict[str, Any]] = field(default_factory=list)
    persona: Persona = DEFAULT_PERSONA
    confidence: float | None = None
    """How sure the model said it was of the persona, when believable (see ``steps``)."""
    stated_confidence: float | None = None
    """What the model wrote as its confidence, believable or not (kept in the receipt)."""
    reasoning: list[str] = field(default_factory=list)
    outcomes: list[ActionOutcome] = field(default_factory=list)
    iterations: int = 0
    waiting_for: str | None = None
    answer: str = ""
    suggestions: list[str] = field(default_factory=list)
    errors: list[dict[str, str]] = field(default_factory=list)
    removed_claims: list[str] = field(default_factory=list)
    ran: set[str] = field(default_factory=set)
    """Each action that succeeded, as planned (name and parameters): not run twice."""
    started_at: datetime | None = None

    def __post_init__(self) -> None:
        self.started_at = self.deps.clock.now()

    def elapsed_s(self) -> float:
        """Seconds since the turn started, on the deps' clock (virtual in tests)."""
        assert self.started_at is not None
        return (self.deps.clock.now() - self.started_at).total_seconds()

    @property
    def query(self) -> str:
        """What the turn answers: the last user message."""
        return self.request.query

    @property
    def profile(self) -> PersonaProfile:
        """The chosen persona's profile."""
        return profile(self.persona)

    @property
    def max_iterations(self) -> int:
        """The request's cap, never above the settings'."""
        return min(self.request.max_iterations, self.deps.settings.max_iterations)

    def history(self) -> list[Message]:
        """The conversation before the query (its last messages): the decision and the
        answer both start with it, after the system message, so it is a cached prefix."""
        messages = list(self.request.messages)
        last = max(i for i, m in enumerate(messages) if m.role == "user" and m.content.strip())
        recent = messages[:last][-(self.deps.settings.history_messages - 1) :]
        return [Message(m.role, m.content) for m in recent if m.role != "system"]

    def results_text(self) -> str:
        """Every outcome so far, as the model reads them."""
        return outcomes_text((o.report() for o in self.outcomes), self.deps.settings.result_chars)

    def memories_text(self) -> str:
        """The retrieved memories, as the model reads them."""
        return memories_text(self.memories)

    def error(self, stage: str, problem: str) -> ChatEvent:
        """Note a failed stage and return its visible ``error`` event."""
        self.errors.append({"stage": stage, "error": problem})
        return ChatEvent("error", {"error": problem, "stage": stage})

    def status(self, stage: str, text: str) -> ChatEvent:
        """A ``status`` event."""
        return ChatEvent("status", {"status": text, "stage": stage})

    def reasoning_event(
        self, text: str, *, actions: list[ActionOutcome] | None = None
    ) -> ChatEvent:
        """A ``reasoning`` event for the current iteration."""
        return ChatEvent(
            "reasoning",
            {
                "reasoning": text,
                "iteration": self.iterations,
                "persona": self.persona.value,
                "confidence": self.confidence,
                "actions": None if actions is None else [o.report() for o in actions],
            },
        )

    def duration_ms(self) -> int:
        """Milliseconds since the turn started."""
        return round((time.perf_counter() - self.started) * 1000)
