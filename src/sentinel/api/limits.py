"""Limits on what a request may carry, checked before any route parses it.

- A body larger than ``SENTINEL_API_MAX_BODY_BYTES`` (1 MiB by default) is refused with 413:
  a declared ``Content-Length`` before anything is read, a chunked body as soon as it passes
  the limit — never read whole into memory first.
- Text no database can store — a NUL character (PostgreSQL's ``text`` refuses it) or a lone
  surrogate such as JSON ``"\\ud800"`` (not a character; it cannot even be encoded to answer
  with) — in a JSON body, a form or the query string is refused with 422 naming where it was
  (``body.criteria``, ``query.q``), without echoing the value.
- Bytes that are not UTF-8 in the query string or a form (``?tag=a%FF%FEb``) are refused the
  same way, naming the parameter (``query.tag``), instead of being read as U+FFFD and stored.

The middleware wraps the whole application (API, UI forms, A2A and MCP endpoints). On a
JSON-RPC endpoint (registered with :func:`mark_jsonrpc`: A2A, MCP) unstorable text is answered
the protocol's way, a JSON-RPC "invalid params" error, not a problem document.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qsl, unquote_to_bytes

from fastapi.responses import JSONResponse
from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from sentinel.api.problems import FieldProblem, problem_response
from sentinel.errors import cut_text
from sentinel.text.storable import find_unstorable

DEFAULT_MAX_BODY_BYTES = 1024 * 1024
MAX_BODY_VARIABLE = "SENTINEL_API_MAX_BODY_BYTES"
JSONRPC_INVALID_PARAMS = -32602


def mark_jsonrpc(app: Any, path: str) -> None:
    """Record that ``path`` of ``app`` speaks JSON-RPC (its refusals are JSON-RPC errors)."""
    paths: set[str] = getattr(app.state, "jsonrpc_paths", set())
    paths.add(path)
    app.state.jsonrpc_paths = paths


def _jsonrpc_path(scope: Scope) -> bool:
    app = scope.get("app")
    paths: set[str] = getattr(getattr(app, "state", None), "jsonrpc_paths", set())
    return str(scope.get("path", "")).rstrip("/") in {p.rstrip("/") for p in paths}


class ApiLimits(BaseSettings):
    """``SENTINEL_API_MAX_BODY_BYTES``: the largest request body the server reads."""

    model_config = SettingsConfigDict(env_prefix="SENTINEL_API_", extra="ignore")

    max_body_bytes: int = Field(default=DEFAULT_MAX_BODY_BYTES, ge=1024)


class BodyTooLarge(Exception):
    """The body went past the limit while it was being read."""


class RequestLimits:
    """ASGI middleware enforcing the module's limits in front of ``app``."""

    def __init__(self, app: ASGIApp, *, max_body_bytes: int) -> None:
        self.app = app
        self.max_body_bytes = max_body_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Refuse an oversized or unstorable request; pass any other one on, body replayed."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        query = scope.get("query_string", b"")
        found = undecodable(query) or find_unstorable(dict(parse_qsl(query.decode("latin-1"))))
        if found is not None:
            await _unstorable(found, "query", None, jsonrpc=_jsonrpc_path(scope))(
                scope, receive, send
            )
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        declared = headers.get("content-length", "")
        if declared.isdigit() and int(declared) > self.max_body_bytes:
            await self._too_large()(scope, receive, send)
            return
        if not (declared.isdigit() and int(declared) > 0) and "transfer-encoding" not in headers:
            await self.app(scope, receive, send)  # no body to check
            return
        try:
            body = await self._read(receive)
        except BodyTooLarge:
            await self._too_large()(scope, receive, send)
            return
        document = _document(headers.get("content-type", ""), body)
        found = None if document is _UNREAD else find_unstorable(document)
        if document is not _UNREAD and _is_form(headers.get("content-type", "")):
            found = undecodable(body) or found
        if found is not None:
            request_id = document.get("id") if isinstance(document, dict) else None
            refusal = _unstorable(found, "body", request_id, jsonrpc=_jsonrpc_path(scope))
            await refusal(scope, receive, send)
            return
        await self.app(scope, _replay(body, receive), send)

    async def _read(self, receive: Receive) -> bytes:
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body_bytes:
                raise BodyTooLarge
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        return b"".join(chunks)

    def _too_large(self) -> ASGIApp:
        return problem_response(
            413,
            f"the request body is larger than {self.max_body_bytes} bytes, the server's limit "
            f"({MAX_BODY_VARIABLE})",
            kind="too-large",
        )


_UNREAD = object()
NOT_UTF8 = "is not UTF-8 text (its bytes encode no character)"


def undecodable(encoded: bytes) -> tuple[str, str] | None:
    """The first parameter of a query string or form whose name or value is not UTF-8 once
    percent-decoded, as ``(name, problem)``; None when every one is text."""
    for pair in encoded.split(b"&"):
        raw_name, _, raw_value = pair.partition(b"=")
        try:
            name = unquote_to_bytes(raw_name.replace(b"+", b" ")).decode("utf-8")
        except UnicodeDecodeError:
            return "(a parameter's name)", NOT_UTF8
        try:
            unquote_to_bytes(raw_value.replace(b"+", b" ")).decode("utf-8")
        except UnicodeDecodeError:
            return cut_text(name, 64), NOT_UTF8
    return None


def _is_form(content_type: str) -> bool:
    return content_type.split(";", 1)[0].strip().lower() == "application/x-www-form-urlencoded"


def _document(content_type: str, body: bytes) -> Any:
    """The body as data (JSON, or a form as a dict); ``_UNREAD`` for anything else (a body
    that is not valid JSON is left to the route, which says so)."""
    media = content_type.split(";", 1)[0].strip().lower()
    if media == "application/json" or media.endswith("+json"):
        try:
            return json.loads(body)
        except ValueError:
            return _UNREAD
    if media == "application/x-www-form-urlencoded":
        return dict(parse_qsl(body.decode("utf-8", "replace")))
    return _UNREAD


def _unstorable(found: tuple[str, str], where: str, request_id: Any, *, jsonrpc: bool) -> ASGIApp:
    path, problem = found
    field = f"{where}.{path}" if path else where
    if jsonrpc:
        valid_id = request_id if isinstance(request_id, str | int) else None
        error = {"code": JSONRPC_INVALID_PARAMS, "message": f"{field}: {problem}"}
        return JSONResponse({"jsonrpc": "2.0", "id": valid_id, "error": error})
    return problem_response(
        422,
        f"{field}: {problem}",
        kind="invalid-input",
        errors=[FieldProblem(field=field, message=problem)],
    )


def _replay(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that hands the app the body already read, then listens on as before."""
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay
