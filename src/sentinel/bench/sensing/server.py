"""The loopback site a sensing case is served from, and the receiver its webhook posts to.

One HTTP server on ``127.0.0.1`` (a free port) serves one page at a time at the case's path,
as a real site does: ``ETag`` and ``Last-Modified`` on every answer, ``304 Not Modified`` to a
conditional request whose validators still hold. Switching the page to AFTER gives it a new
ETag and a later Last-Modified. Any other path is a 404 (``/robots.txt`` too: everything is
allowed). ``POST`` to :attr:`PageServer.hook_url` is the monitor's webhook receiver; the bodies
it received are kept in order.
"""

from __future__ import annotations

import hashlib
import json
import threading
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime, parsedate_to_datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any

__all__ = ["HOOK_PATH", "PageServer", "ServedRequest"]

HOOK_PATH = "/__bench/hook"
MAX_HOOK_BYTES = 1_000_000


@dataclass(frozen=True)
class ServedRequest:
    """One request the server answered."""

    method: str
    path: str
    status: int
    conditional: bool


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


@dataclass
class _Page:
    path: str = "/"
    body: bytes = b""
    etag: str = '""'
    modified: datetime = _EPOCH


class PageServer:
    """A one-page site and a webhook receiver on loopback; use it as a context manager."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._page = _Page()
        self._version = 0
        self.requests: list[ServedRequest] = []
        self.hooks: list[dict[str, Any]] = []
        self._http = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        self._http.daemon_threads = True
        # A short poll: shutdown() waits for the loop to notice it.
        self._thread = threading.Thread(
            target=self._http.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    @property
    def origin(self) -> str:
        """``http://127.0.0.1:PORT``."""
        host, port = self._http.server_address[:2]
        return f"http://{host!s}:{port}"

    @property
    def hook_url(self) -> str:
        """Where the monitor's webhook posts its notifications."""
        return self.origin + HOOK_PATH

    def url(self, path: str) -> str:
        """The absolute URL of ``path`` on this server."""
        return self.origin + path

    def serve(self, path: str, html: str) -> None:
        """Serve ``html`` at ``path`` from now on, as a new version (new ETag, Last-Modified
        at least a second after the previous version's, so dates order the versions)."""
        body = html.encode("utf-8")
        with self._lock:
            self._version += 1
            now = datetime.now(UTC).replace(microsecond=0)
            if now <= self._page.modified:
                now = self._page.modified.replace(microsecond=0) + _SECOND
            digest = hashlib.sha256(body).hexdigest()[:20]
            self._page = _Page(path, body, f'"{digest}-{self._version}"', now)

    def reset(self) -> None:
        """Forget the requests and webhook bodies received so far."""
        with self._lock:
            self.requests.clear()
            self.hooks.clear()

    def __enter__(self) -> PageServer:
        self._thread.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self._http.shutdown()
        self._http.server_close()
        self._thread.join(timeout=5)

    # -- called by the handler's threads -------------------------------------------------

    def _answer(self, path: str, headers: Any) -> tuple[int, dict[str, str], bytes]:
        with self._lock:
            page = self._page
        if path != page.path:
            return 404, {"Content-Type": "text/plain; charset=utf-8"}, b"Not Found\n"
        validators = {
            "ETag": page.etag,
            "Last-Modified": format_datetime(page.modified, usegmt=True),
            "Cache-Control": "private, max-age=0, must-revalidate",
        }
        if _still_valid(page, headers.get("If-None-Match"), headers.get("If-Modified-Since")):
            return 304, validators, b""
        return 200, {**validators, "Content-Type": "text/html; charset=utf-8"}, page.body

    def _record(self, request: ServedRequest, hook: dict[str, Any] | None = None) -> None:
        with self._lock:
            self.requests.append(request)
            if hook is not None:
                self.hooks.append(hook)


_SECOND = timedelta(seconds=1)


def _still_valid(page: _Page, if_none_match: str | None, if_modified_since: str | None) -> bool:
    # RFC 9110 13.2.2: If-None-Match wins over If-Modified-Since when both are sent.
    if if_none_match is not None:
        tags = {tag.strip().removeprefix("W/") for tag in if_none_match.split(",")}
        return "*" in tags or page.etag in tags
    if if_modified_since is not None:
        try:
            since = parsedate_to_datetime(if_modified_since)
        except (TypeError, ValueError):
            return False
        return since.tzinfo is not None and page.modified <= since
    return False


def _handler(server: PageServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        server_version = "nginx"
        sys_version = ""
        protocol_version = "HTTP/1.1"

        def do_GET(self) -> None:
            self._page(send_body=True)

        def do_HEAD(self) -> None:
            self._page(send_body=False)

        def do_POST(self) -> None:
            size = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(min(size, MAX_HOOK_BYTES))
            if self.path != HOOK_PATH:
                server._record(ServedRequest("POST", self.path, 404, False))
                self._send(404, {"Content-Type": "text/plain"}, b"Not Found\n")
                return
            try:
                body = json.loads(raw or b"null")
            except ValueError:
                body = {"unparsed": raw.decode("utf-8", "replace")}
            hook = body if isinstance(body, dict) else {"body": body}
            # Kept before answering: whoever got the answer may look at once.
            server._record(ServedRequest("POST", self.path, 200, False), hook)
            self._send(200, {"Content-Type": "application/json"}, b'{"ok": true}')

        def _page(self, *, send_body: bool) -> None:
            status, headers, body = server._answer(self.path, self.headers)
            conditional = bool(
                self.headers.get("If-None-Match") or self.headers.get("If-Modified-Since")
            )
            server._record(ServedRequest(self.command, self.path, status, conditional))
            self._send(status, headers, body if send_body else b"", length=len(body))

        def _send(
            self, status: int, headers: dict[str, str], body: bytes, length: int | None = None
        ) -> None:
            self.send_response(status)
            for name, value in headers.items():
                self.send_header(name, value)
            if status != 304:
                self.send_header("Content-Length", str(len(body) if length is None else length))
            self.end_headers()
            if body:
                self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:
            pass  # the bench reports the requests it kept; stderr stays the runner's

    return Handler
