"""Fixtures of the chat tests: both databases, a scripted model that answers each step by the
output type it asks for, and deps built on them."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import pytest

from sentinel.assistant.chat.deps import ChatDeps
from sentinel.assistant.chat.events import ChatEvent, ChatMessage, ChatRequest
from sentinel.assistant.chat.flow import stream_turn
from sentinel.assistant.chat.schemas import Subtasks
from sentinel.assistant.chat.settings import ChatSettings
from sentinel.llm import ScriptedModel, ScriptedRequest, allow_real_models, forbid_real_models
from sentinel.storage import Database
from tests.storage.databases import db, pg_url, sqlite_template

__all__ = ["db", "pg_url", "sqlite_template"]

Reply = Any  # a dict / str, an exception, or a function of the request


@pytest.fixture(autouse=True)
def no_real_models(request: pytest.FixtureRequest) -> Iterator[None]:
    """Any real model call is an error, except in tests marked ``model``."""
    marked = request.node.get_closest_marker("model")
    with allow_real_models() if marked else forbid_real_models():
        yield


DECISION = "Decision"
TEXT = None


class Script:
    """Replies per step: a queue of decisions (one per round), one for subtasks and one for
    plain text (the streamed answer). An empty queue answers a sensible default."""

    def __init__(
        self,
        *,
        decisions: Iterable[Reply] = (),
        subtasks: Iterable[Reply] = (),
        texts: Iterable[Reply] = (),
    ) -> None:
        self.queues: dict[Any, deque[Reply]] = {
            DECISION: deque(decisions),
            Subtasks: deque(subtasks),
            TEXT: deque(texts),
        }
        self.defaults: dict[Any, Reply] = {
            DECISION: decision(("DONE", {})),
            Subtasks: {"subtasks": ["first step", "second step"]},
            TEXT: lambda r: "Here is what I found." if r.streamed else "The user asks something.",
        }
        self.model = ScriptedModel(self.reply)

    @staticmethod
    def key(output: Any) -> Any:
        """The queue of an output type (each runtime has its own ``Decision`` class)."""
        if output is not None and output.__name__ == DECISION:
            return DECISION
        return output

    def reply(self, request: ScriptedRequest) -> Any:
        key = self.key(request.output)
        queue = self.queues[key]
        answer = queue.popleft() if queue else self.defaults[key]
        return answer(request) if callable(answer) else answer

    def calls_for(self, output: Any) -> list[Any]:
        """The calls asking for ``output`` (``DECISION``: the decision calls)."""
        want = output if output == DECISION else self.key(output)
        return [call for call in self.model.calls if self.key(call.output) == want]


def decision(
    *steps: tuple[str, dict[str, Any]],
    persona: str = "MENTOR",
    confidence: float = 0.8,
    reasoning: str = "needed",
    suggestions: Iterable[str] = ("Shall I add a task?",),
) -> dict[str, Any]:
    """A decision with these actions."""
    return {
        "persona": persona,
        "confidence": confidence,
        "reasoning": reasoning,
        "actions": [{"action": a, "parameters": p} for a, p in steps],
        "suggestions": list(suggestions),
    }


def request(text: str, **options: Any) -> ChatRequest:
    """A one-message request."""
    return ChatRequest(messages=[ChatMessage(role="user", content=text)], **options)


async def run_turn(
    deps: ChatDeps, text: str | ChatRequest, *, owner: str = "alice", **options: Any
) -> list[ChatEvent]:
    """Every event of one turn."""
    chat = text if isinstance(text, ChatRequest) else request(text, **options)
    return [event async for event in stream_turn(chat, owner=owner, deps=deps)]


def named(events: list[ChatEvent], name: str) -> list[dict[str, Any]]:
    """The data of the events called ``name``."""
    return [e.data for e in events if e.event == name]


def content(events: list[ChatEvent]) -> str:
    """The streamed answer."""
    return "".join(d["content"] for d in named(events, "content"))


DepsFactory = Callable[..., ChatDeps]


@pytest.fixture
def make_deps(db: Database) -> DepsFactory:
    """``make_deps(script, **settings)``: deps on the test database, BM25 memories."""

    def build(script: Script, research: Any = None, **settings: Any) -> ChatDeps:
        return ChatDeps.open(
            db,
            model=script.model,
            settings=ChatSettings(**settings),
            embedder=None,
            research=research,
        )

    return build
