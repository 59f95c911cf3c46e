"""A chat turn as server-sent events: ``event: <name>\\ndata: <json>\\n\\n`` per ChatEvent.

Shared by ``POST /api/v1/chat/agentic/stream`` and the web UI's chat page. The stream ends
with ``done``. A turn that fails outside the flow's own error handling (a bug, a lost
database) still ends the stream properly: an ``error`` event naming the failure, then
``done`` — never a cut-off chunked response. When the client goes away, sse-starlette
cancels the response task: the turn is cancelled where it awaits (a model call, an action)
and its generator closed, so nothing keeps running for nobody.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import AsyncGenerator, AsyncIterator
from typing import Any

from sse_starlette import EventSourceResponse, ServerSentEvent

from sentinel.assistant.chat.events import ChatEvent

log = logging.getLogger(__name__)

PING_S = 15
"""A comment line every 15 s keeps proxies from closing a slow turn's connection."""
STREAM_HEADERS = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}


def event_json(data: dict[str, Any]) -> str:
    """An event's data as one line of JSON (UTF-8, never a raw newline)."""
    return json.dumps(data, ensure_ascii=False, default=str, separators=(",", ":"))


def sse_frame(event: ChatEvent) -> ServerSentEvent:
    """The server-sent event of ``event``."""
    return ServerSentEvent(event_json(event.data), event=event.event, sep="\n")


async def framed(events: AsyncIterator[ChatEvent]) -> AsyncIterator[ServerSentEvent]:
    """``events`` as server-sent events, always ending with ``done``."""
    started = time.monotonic()
    iterations = 0
    finished = False
    try:
        async for event in events:
            if event.event == "reasoning":
                iterations = max(iterations, int(event.data.get("iteration") or 0))
            finished = event.event == "done"
            yield sse_frame(event)
    except Exception as error:  # the turn broke: say so in the stream (see module doc)
        log.exception("chat turn failed")
        problem = str(error) or type(error).__name__
        yield sse_frame(ChatEvent("error", {"error": problem, "stage": "turn"}))
    finally:
        # Cancelled while this generator waited at a yield, the turn is not running: close it.
        if isinstance(events, AsyncGenerator):
            await events.aclose()
    if not finished:
        duration_ms = int((time.monotonic() - started) * 1000)
        yield sse_frame(ChatEvent("done", {"duration_ms": duration_ms, "iterations": iterations}))


def event_stream(events: AsyncIterator[ChatEvent]) -> EventSourceResponse:
    """The ``text/event-stream`` response of a turn."""
    return EventSourceResponse(
        framed(events),
        sep="\n",
        ping=PING_S,
        ping_message_factory=keep_alive,
        headers=STREAM_HEADERS,
    )


def keep_alive() -> ServerSentEvent:
    """The keep-alive comment (``: ping``), framed like the events."""
    return ServerSentEvent(comment="ping", sep="\n")
