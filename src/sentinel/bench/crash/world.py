"""What the crash campaign's worker talks to, all on one loopback HTTP server of the bench:

- ``/page/<trial>/<n>``: the page monitor ``n`` of trial ``trial`` reads (its release code);
- ``/v1/chat/completions``: an OpenAI-compatible model that answers the sensor (the code the
  page shows, quoted verbatim) and the governor (notify, with the code as the fact);
- ``/hook/<trial>/<n>``: the monitor's webhook receiver, which verifies the signature with the
  monitor's secret and records the Idempotency-Key of each request.

Before answering a governor request or a webhook POST, the server asks the campaign's
``interrupt`` whether to SIGKILL the worker right there (the request is then left unanswered).
"""

from __future__ import annotations

import json
import re
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from sentinel.notify import verify_webhook_signature
from sentinel.notify.errors import WebhookSignatureError

_PAGE_PATH = re.compile(r"^/page/(\d+)/(\d+)$")
_HOOK_PATH = re.compile(r"^/hook/(\d+)/(\d+)$")
_PAGE_BLOCK = re.compile(r'<page n="(\d+)"[^>]*>\n(.*?)\n</page>', re.S)
_CODE_SENTENCE = re.compile(r"[^.\n]*release code (R-\d+-\d+-[0-9a-f]{6})\.")
_CURRENT = re.compile(r"^Current state: (\{.*\})$", re.M)

Slot = tuple[int, int]
"""A monitor of the campaign: (trial, number within the trial)."""
Interrupt = Callable[[str], None]
"""Called with ``"governor"`` or ``"webhook"`` before the server answers such a request."""


def release_code(slot: Slot) -> str:
    """The code the page of ``slot`` announces (what its notification is about)."""
    trial, number = slot
    return f"R-{trial}-{number}-{(trial * 7919 + number * 104729) % 0xFFFFFF:06x}"


def page_html(slot: Slot) -> str:
    trial, number = slot
    return (
        f"<!doctype html><html><head><title>Release board {trial}/{number}</title></head>"
        f"<body><main><h1>Release board {trial}/{number}</h1>"
        f"<p>Build {trial}-{number} shipped today with release code {release_code(slot)}.</p>"
        "<p>Nothing else changed.</p></main></body></html>"
    )


@dataclass(frozen=True)
class Received:
    """One webhook request as the receiver saw it."""

    slot: Slot
    key: str
    verified: bool
    code: Any


def sensor_reply(prompt: str) -> dict[str, Any]:
    for number, text in _PAGE_BLOCK.findall(prompt):
        match = _CODE_SENTENCE.search(text)
        if match:
            state = {"released": True, "release_code": match.group(1)}
            evidence = [{"page": int(number), "quote": match.group(0).strip()}]
            break
    else:
        state, evidence = {"released": False}, []
    payload = {"updated_state": state, "evidence": evidence}
    return {
        "action": "report_state",
        "payload": payload | {"volatility_hint": None, "query_update": None},
    }


def governor_reply(prompt: str) -> dict[str, Any]:
    match = _CURRENT.search(prompt)
    current = json.loads(match.group(1)) if match else {}
    code = current.get("release_code") if isinstance(current, dict) else None
    if not code:
        return {
            "reasoning": "not released",
            "should_act": False,
            "answer": None,
            "facts": {},
            "evidence": [],
            "next_check": "1 day",
        }
    return {
        "reasoning": "the page announces the release",
        "should_act": True,
        "answer": f"The build shipped with release code {code}.",
        "facts": {"release_code": code},
        "evidence": [1],
        "next_check": "1 day",
    }


def _completion(content: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": "chatcmpl-crash",
        "object": "chat.completion",
        "created": 1,
        "model": "crash-scripted",
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": json.dumps(content)},
                "finish_reason": "stop",
            }
        ],
        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
    }


@dataclass
class CrashWorld:
    """The loopback server's shared state: the monitors' secrets, what the receiver got, and
    the campaign's interrupt hook. Thread-safe: the server answers on threads."""

    interrupt: Interrupt = lambda _event: None
    secrets: dict[Slot, str] = field(default_factory=dict)
    received: list[Received] = field(default_factory=list)
    model_calls: dict[str, int] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def record(self, item: Received) -> None:
        with self.lock:
            self.received.append(item)

    def count_call(self, role: str) -> None:
        with self.lock:
            self.model_calls[role] = self.model_calls.get(role, 0) + 1

    def receipts(self) -> list[Received]:
        with self.lock:
            return list(self.received)


def _handler(world: CrashWorld) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:  # quiet
            return

        def _answer(self, status: int, body: bytes = b"", kind: str = "text/plain") -> None:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self) -> None:
            match = _PAGE_PATH.match(self.path)
            if match is None:
                self._answer(404, b"not found")
                return
            slot = (int(match.group(1)), int(match.group(2)))
            self._answer(200, page_html(slot).encode(), "text/html; charset=utf-8")

        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            hook = _HOOK_PATH.match(self.path)
            if hook is not None:
                self._hook((int(hook.group(1)), int(hook.group(2))), body)
            elif self.path.endswith("/chat/completions"):
                self._model(body)
            else:
                self._answer(404, b"not found")

        def _hook(self, slot: Slot, body: bytes) -> None:
            secret = world.secrets.get(slot)
            header = self.headers.get("Sentinel-Signature")
            try:
                verified = secret is not None and bool(
                    verify_webhook_signature(secret, header, body)
                )
            except WebhookSignatureError:
                verified = False
            try:
                code = json.loads(body).get("facts", {}).get("release_code")
            except (ValueError, AttributeError):
                code = None
            key = self.headers.get("Idempotency-Key") or ""
            world.record(Received(slot, key, verified, code))
            world.interrupt("webhook")
            self._answer(204 if verified else 401)

        def _model(self, body: bytes) -> None:
            request = json.loads(body)
            text = "\n".join(str(m.get("content") or "") for m in request.get("messages", []))
            output = (request.get("response_format") or {}).get("json_schema", {}).get("name")
            if output == "GovernorReply":
                world.count_call("governor")
                world.interrupt("governor")
                reply = governor_reply(text)
            elif "<page n=" in text:
                world.count_call("sensor")
                reply = sensor_reply(text)
            else:
                world.count_call("other")
                self._answer(400, b'{"error": {"message": "unexpected request"}}')
                return
            self._answer(200, json.dumps(_completion(reply)).encode(), "application/json")

    return Handler


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A killed worker resets the connections it had open: expected here, not reported."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class WorldServer:
    """The :class:`CrashWorld` served on 127.0.0.1 (a free port) on a thread of its own."""

    def __init__(self, world: CrashWorld) -> None:
        self.world = world
        self._server = _Server(("127.0.0.1", 0), _handler(world))
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    def __enter__(self) -> WorldServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=10)
