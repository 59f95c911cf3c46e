"""Limits on what a request may carry, checked before any route parses it.

- A body larger than ``SENTINEL_API_MAX_BODY_BYTES`` (1 MiB by default) is refused with 413:
  a declared ``Content-Length`` before anything is read, a chunked body as soon as it passes
  the limit — never read whole into memory first.
- Text no database can store — a NUL character (PostgreSQL's ``text`` refuses it) or a lone
  surrogate such as JSON ``"\\ud800"`` (not a character; it cannot even be encoded to answer
  with) — in a JSON body, a form or the query string is refused with 422 naming where it was
  (``body.criteria``, ``query.q``), without echoing the value.

The middleware wraps the whole application (API, UI forms, A2A and MCP endpoints).
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import parse_qsl

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from sentinel.api.problems import FieldProblem, problem_response
from sentinel.text.storable import find_unstorable

DEFAULT_MAX_BODY_BYTES = 1024 * 1024
MAX_BODY_VARIABLE = "SENTINEL_API_MAX_BODY_BYTES"


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
        found = find_unstorable(dict(parse_qsl(scope.get("query_string", b"").decode("latin-1"))))
        if found is not None:
            await _unstorable(found, "query")(scope, receive, send)
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
        found = _body_problem(headers.get("content-type", ""), body)
        if found is not None:
            await _unstorable(found, "body")(scope, receive, send)
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


def _body_problem(content_type: str, body: bytes) -> tuple[str, str] | None:
    """Where the body holds unstorable text; None when it does not (or is not text we read:
    a body that is not valid JSON is left to the route, which says so)."""
    media = content_type.split(";", 1)[0].strip().lower()
    document: Any
    if media == "application/json" or media.endswith("+json"):
        try:
            document = json.loads(body)
        except ValueError:
            return None
    elif media == "application/x-www-form-urlencoded":
        document = dict(parse_qsl(body.decode("utf-8", "replace")))
    else:
        return None
    return find_unstorable(document)


def _unstorable(found: tuple[str, str], where: str) -> ASGIApp:
    path, problem = found
    field = f"{where}.{path}" if path else where
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
