"""A webhook receiver on 127.0.0.1 that does what a careful receiver should.

It verifies ``Sentinel-Signature`` (when given the secret), refuses a bad one with 400, and
processes each ``Idempotency-Key`` once: a repeated key is acknowledged (200) but not processed
again. Tests script the status codes it answers with, per request, in order.
"""

from __future__ import annotations

import json
import threading
from collections import deque
from dataclasses import dataclass, field
from datetime import datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any

from sentinel.notify import WebhookSignatureError, verify_webhook_signature


@dataclass
class Received:
    """One request as the receiver saw it."""

    path: str
    headers: dict[str, str]
    body: bytes
    verdict: str

    def json(self) -> Any:
        """The body parsed as JSON."""
        return json.loads(self.body)


@dataclass
class LoopbackReceiver:
    """An HTTP server on an ephemeral loopback port, run in a thread; use as a context manager."""

    secret: str | None = None
    now: datetime | None = None
    tolerance_s: float = 300.0
    script: deque[int] = field(default_factory=deque)
    requests: list[Received] = field(default_factory=list)
    processed: dict[str, bytes] = field(default_factory=dict)
    reply: bytes = b""  # the body of every answer (what an internal service might say)
    _server: ThreadingHTTPServer | None = None
    _thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        """Base URL of the server."""
        assert self._server is not None, "receiver not started"
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    def answer(self, *statuses: int) -> None:
        """Answer the next requests with these statuses (then 200 again)."""
        self.script.extend(statuses)

    def handle(self, path: str, headers: dict[str, str], body: bytes) -> tuple[int, dict[str, str]]:
        """Decide the response to one request (runs in the server thread)."""
        status = self.script.popleft() if self.script else 200
        verdict = "processed"
        if self.secret is not None:
            try:
                verify_webhook_signature(
                    self.secret,
                    headers.get("Sentinel-Signature"),
                    body,
                    self.tolerance_s,
                    self.now,
                )
            except WebhookSignatureError as exc:
                verdict, status = f"rejected: {exc.reason}", 400
        key = headers.get("Idempotency-Key")
        if status == 200 and verdict == "processed":
            if key is not None and key in self.processed:
                verdict = "duplicate"
            elif key is not None:
                self.processed[key] = body
        elif verdict == "processed":
            verdict = f"answered {status}"
        self.requests.append(Received(path, headers, body, verdict))
        extra = {"Retry-After": "120"} if status in (429, 503) else {}
        return status, extra

    def __enter__(self) -> LoopbackReceiver:
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                status, extra = receiver.handle(self.path, dict(self.headers.items()), body)
                self.send_response(status)
                for name, value in extra.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(receiver.reply)))
                self.end_headers()
                self.wfile.write(receiver.reply)

            def log_message(self, format: str, *args: Any) -> None:
                """Keep the test output quiet."""

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        # A short poll interval: shutdown() waits for the serving loop to notice it.
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )
        self._thread.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        assert self._server is not None
        self._server.shutdown()
        self._server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)
