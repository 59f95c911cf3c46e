"""A scripted OpenAI-compatible HTTP server on 127.0.0.1 for the error paths real servers
rarely produce on demand: 429 with Retry-After, 5xx, slow replies, malformed bodies, dropped
connections. Raw asyncio, one scripted reply per request, ``Connection: close`` each time."""

from __future__ import annotations

import asyncio
import json
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Reply:
    """One scripted HTTP reply."""

    status: int = 200
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    drop: bool = False
    """Close the connection without answering."""
    events: list[dict[str, Any]] | None = None
    """Send these as a server-sent-event stream instead of ``body``."""


@dataclass
class Received:
    """One request as the server saw it."""

    path: str
    headers: dict[str, str]
    body: dict[str, Any]
    at: float


def chat_body(
    text: str,
    *,
    finish_reason: str = "stop",
    prompt_tokens: int = 11,
    completion_tokens: int = 7,
    cached_tokens: int = 0,
) -> dict[str, Any]:
    """A well-formed chat completion body."""
    return {
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "created": 1,
        "model": "fake-model",
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": text},
                "finish_reason": finish_reason,
            }
        ],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
            "prompt_tokens_details": {"cached_tokens": cached_tokens},
        },
    }


def chunk_events(pieces: list[str], *, finish_reason: str = "stop") -> list[dict[str, Any]]:
    """A streamed chat completion: one chunk per piece, a finish chunk, a usage chunk."""
    base = {"id": "c", "object": "chat.completion.chunk", "created": 1, "model": "fake-model"}
    events = [
        {**base, "choices": [{"index": 0, "delta": {"content": p}, "finish_reason": None}]}
        for p in pieces
    ]
    events.append({**base, "choices": [{"index": 0, "delta": {}, "finish_reason": finish_reason}]})
    usage = {"prompt_tokens": 5, "completion_tokens": len(pieces), "total_tokens": 5}
    events.append({**base, "choices": [], "usage": usage})
    return events


class FakeOpenAIServer:
    """Serves scripted replies in order; a request beyond the script gets a 500."""

    def __init__(self, *replies: Reply) -> None:
        self.replies: deque[Reply] = deque(replies)
        self.received: list[Received] = []
        self.in_flight = 0
        self.max_in_flight = 0
        self._server: asyncio.Server | None = None
        self._handlers: set[asyncio.Task[None]] = set()

    @property
    def base_url(self) -> str:
        """The ``…/v1`` base URL to give an OpenAI client."""
        assert self._server is not None, "start the server first"
        host, port = self._server.sockets[0].getsockname()[:2]
        return f"http://{host}:{port}/v1"

    async def __aenter__(self) -> FakeOpenAIServer:
        self._server = await asyncio.start_server(self._handle, "127.0.0.1", 0)
        return self

    async def __aexit__(self, *exc: object) -> None:
        assert self._server is not None
        self._server.close()
        for task in list(self._handlers):
            task.cancel()
        await asyncio.gather(*self._handlers, return_exceptions=True)
        await self._server.wait_closed()

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._handlers.add(task)
        try:
            await self._answer(reader, writer)
        finally:
            self._handlers.discard(task)
            writer.close()

    async def _answer(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        head = await reader.readuntil(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        path = lines[0].split(" ")[1]
        headers = {
            k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])
        }
        raw = await reader.readexactly(int(headers.get("content-length", "0")))
        self.received.append(Received(path, headers, json.loads(raw or b"{}"), time.monotonic()))
        reply = self.replies.popleft() if self.replies else Reply(500, {"error": "unscripted"})
        self.in_flight += 1
        self.max_in_flight = max(self.max_in_flight, self.in_flight)
        try:
            await asyncio.sleep(reply.delay)
        finally:
            self.in_flight -= 1
        if reply.drop:
            return
        if reply.events is not None:
            payload = "".join(f"data: {json.dumps(e)}\n\n" for e in reply.events)
            body = (payload + "data: [DONE]\n\n").encode()
            content_type = "text/event-stream"
        elif isinstance(reply.body, str | bytes):
            body = reply.body.encode() if isinstance(reply.body, str) else reply.body
            content_type = "application/json"
        else:
            body = json.dumps(reply.body).encode()
            content_type = "application/json"
        head_lines = [
            f"HTTP/1.1 {reply.status} X",
            f"Content-Type: {content_type}",
            f"Content-Length: {len(body)}",
            "Connection: close",
            *(f"{k}: {v}" for k, v in reply.headers.items()),
        ]
        writer.write(("\r\n".join(head_lines) + "\r\n\r\n").encode() + body)
        await writer.drain()
