"""A real HTTP server on 127.0.0.1 for web tests; each test programs the routes it needs."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit


@dataclass
class Request:
    """One request the server received."""

    method: str
    path: str
    query: dict[str, list[str]]
    headers: dict[str, str]
    body: bytes
    peer: tuple[str, int] = ("", 0)
    """The client's address and port: requests on one kept-alive connection share it."""


@dataclass
class Reply:
    """What a route answers. ``close_delimited`` omits Content-Length and closes instead."""

    status: int = 200
    body: bytes | str = b""
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    close_delimited: bool = False


Route = Callable[[Request], Reply]


class LoopbackServer:
    """A threaded HTTP/1.1 server on an ephemeral loopback port."""

    def __init__(self) -> None:
        self.routes: dict[str, Route] = {}
        self.requests: list[Request] = []
        self.in_flight = 0
        self.peak_in_flight = 0
        self._count_lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: object) -> None:
                return  # keep test output clean

            def _serve(self) -> None:
                parts = urlsplit(self.path)
                length = int(self.headers.get("Content-Length") or 0)
                request = Request(
                    method=self.command,
                    path=parts.path,
                    query=parse_qs(parts.query),
                    headers={k.lower(): v for k, v in self.headers.items()},
                    body=self.rfile.read(length) if length else b"",
                    peer=(str(self.client_address[0]), int(self.client_address[1])),
                )
                server.requests.append(request)
                route = server.routes.get(parts.path)
                reply = route(request) if route else Reply(404, b"not found")
                with server._count_lock:
                    server.in_flight += 1
                    server.peak_in_flight = max(server.peak_in_flight, server.in_flight)
                if reply.delay:
                    time.sleep(reply.delay)
                with server._count_lock:
                    server.in_flight -= 1
                body = reply.body.encode() if isinstance(reply.body, str) else reply.body
                self.send_response(reply.status)
                for name, value in reply.headers.items():
                    self.send_header(name, value)
                if reply.close_delimited:
                    self.send_header("Connection", "close")
                    self.close_connection = True
                else:
                    self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                if self.command != "HEAD" and reply.status not in (204, 304):
                    self.wfile.write(body)

            do_GET = do_POST = do_HEAD = _serve

        class Server(ThreadingHTTPServer):
            daemon_threads = True

            def handle_error(self, request: object, client_address: object) -> None:
                # A client that timed out and hung up is expected in these tests.
                return

        self._server = Server(("127.0.0.1", 0), Handler)
        self.port = self._server.server_address[1]
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    def start(self) -> LoopbackServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def reset(self) -> None:
        self.routes.clear()
        self.requests.clear()
        self.peak_in_flight = 0

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, path: str) -> str:
        return self.base_url + path

    def paths(self) -> list[str]:
        """The paths requested so far, in order."""
        return [r.path for r in self.requests]

    def reply(self, path: str, *replies: Reply) -> None:
        """Answer ``path`` with these replies in turn, repeating the last one."""
        queue = list(replies)

        def route(_: Request) -> Reply:
            return queue.pop(0) if len(queue) > 1 else queue[0]

        self.routes[path] = route


class FakeClock:
    """A monotonic clock that only moves when slept on; records every sleep."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start
        self.sleeps: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        import asyncio

        self.sleeps.append(seconds)
        self.now += max(0.0, seconds)
        await asyncio.sleep(0)
