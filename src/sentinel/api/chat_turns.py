"""How the app runs chat turns: one ``ChatDeps`` per app, shared by every turn.

The deps sit over the app's database and clock, its memory service (the one ``/memories``
and the memories page use, so a memory added there is found by the next turn at once, and
one the chat creates is listed there at once), its research runner (the one ``/research``
runs) and the chat model: ``create_app(chat_model=...)``, else the assistant role's
configured model (``SENTINEL_LLM_ASSISTANT``, else ``SENTINEL_LLM``), made on the first turn.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any

from fastapi import Request

from sentinel.api.owners import memory_service
from sentinel.api.state import api_state
from sentinel.assistant.chat.deps import ChatDeps
from sentinel.assistant.chat.events import ChatEvent, ChatRequest
from sentinel.assistant.chat.flow import stream_turn
from sentinel.llm import LanguageModel
from sentinel.llm.errors import LLMConfigError
from sentinel.llm.settings import load_settings
from sentinel.research.runlog import RunLog

ChatTurn = Callable[[ChatRequest, str], AsyncIterator[ChatEvent]]
"""Runs one turn for an owner: ``turn(request, owner)`` streams its events."""

MODEL_ATTRIBUTE = "sentinel_chat_model"
DEPS_ATTRIBUTE = "sentinel_chat"


def configure_chat(app_state: Any, model: LanguageModel | None) -> None:
    """Record the app's chat model (None: the configured one, made on the first turn)."""
    setattr(app_state, MODEL_ATTRIBUTE, model)
    setattr(app_state, DEPS_ATTRIBUTE, None)


def chat_deps(request: Request) -> ChatDeps:
    """The app's chat deps, made on first use (``ConfigError`` when no model is configured)."""
    app_state = request.app.state
    deps = getattr(app_state, DEPS_ATTRIBUTE, None)
    if isinstance(deps, ChatDeps):
        return deps
    state = api_state(request)
    research = state.research.runner

    async def research_once(question: str) -> dict[str, Any]:
        return await research(question, RunLog())

    deps = ChatDeps.open(
        state.db,
        model=getattr(app_state, MODEL_ATTRIBUTE, None),
        memories=memory_service(request),
        research=research_once,
        clock=state.clock,
    )
    setattr(app_state, DEPS_ATTRIBUTE, deps)
    return deps


def chat_turn(request: Request) -> ChatTurn:
    """A turn over the app's deps (made before the response starts, so a configuration error
    is an ordinary problem response, not a broken stream)."""
    deps = chat_deps(request)

    def turn(chat: ChatRequest, owner: str) -> AsyncIterator[ChatEvent]:
        return stream_turn(chat, owner=owner, deps=deps)

    return turn


def chat_model_name(request: Request) -> str:
    """The name of the model turns run on ("not configured" when it cannot be made)."""
    deps = getattr(request.app.state, DEPS_ATTRIBUTE, None)
    model: LanguageModel | None = (
        deps.model
        if isinstance(deps, ChatDeps)
        else getattr(request.app.state, MODEL_ATTRIBUTE, None)
    )
    if model is not None:
        return model.name
    try:
        choice = load_settings().choice("assistant")
    except LLMConfigError as error:  # the page still opens; the first turn names the problem
        return f"not configured ({error})"
    return f"{choice.kind}:{choice.model}" if choice.model else choice.kind
