"""``/chat``: one turn of the assistant's chat (seed 003), streamed as server-sent events."""

from __future__ import annotations

from fastapi import APIRouter, Request
from sse_starlette import EventSourceResponse

from sentinel.api.chat_stream import event_stream
from sentinel.api.chat_turns import chat_turn
from sentinel.api.owners import Owner
from sentinel.api.problems import PROBLEM_RESPONSES
from sentinel.assistant.chat.events import ChatRequest

router = APIRouter(prefix="/chat", tags=["chat"], responses=PROBLEM_RESPONSES)

EVENTS_DESCRIPTION = """The turn's events in order, each `event: <name>` then `data: <JSON object>`:
`status` (`{"status", "stage"}`, when `stream_status`), `reasoning` (`{"reasoning", "iteration",
"persona", "confidence", "actions"}`, when `include_reasoning`), `content` (`{"content"}`: answer
text deltas), `suggestions` (`{"suggestions": [...]}`), `receipt` (`{"seq", "hash",
"prev_hash"}`), `error` (`{"error", "stage"}`: a stage failed visibly) and always last `done`
(`{"duration_ms", "iterations"}`). Lines starting with `:` are keep-alive comments."""


@router.post(
    "/agentic/stream",
    response_class=EventSourceResponse,
    responses={200: {"content": {"text/event-stream": {}}, "description": EVENTS_DESCRIPTION}},
)
async def agentic_stream(body: ChatRequest, owner: Owner, request: Request) -> EventSourceResponse:
    """Run one turn for the caller: retrieve their memories, choose a persona, reason, plan
    and run actions (in parallel unless ``parallel_actions`` is false), reflect (at most
    ``max_iterations`` rounds), answer, suggest, and sign a receipt in the caller's chain.
    Closing the connection stops the turn."""
    return event_stream(chat_turn(request)(body, owner))
