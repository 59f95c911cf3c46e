"""Every error as RFC 9457 problem details (``application/problem+json``).

``type`` is a relative URI naming the kind of problem, ``title`` its summary, ``status`` the
HTTP status and ``detail`` what went wrong with this request; validation problems add
``errors``: one ``{field, value, message}`` per problem (the first
:data:`MAX_LISTED_PROBLEMS`).

Whatever was sent, a problem echoes at most ``MAX_VALUE_CHARS`` characters of any value (in
``value``, ``field``, ``message`` and ``detail`` alike), its detail is at most
``sentinel.errors.MAX_PROBLEM_CHARS`` long, and a server error (5xx) names no path of the
server's file system. An unexpected exception is a 500 problem saying so, never a traceback.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterable, Mapping
from http import HTTPStatus
from typing import Any

from fastapi import FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match

from sentinel.errors import (
    MAX_PROBLEM_CHARS,
    ConfigError,
    InvalidInput,
    SentinelError,
    bounded_problem,
    cut_text,
    shown_value,
)
from sentinel.monitor.models import InvalidMonitorSpec
from sentinel.storage import (
    InvalidTransition,
    ReadOnlyQueryError,
    RecordNotFound,
    TransitionConflict,
)

log = logging.getLogger(__name__)

MEDIA_TYPE = "application/problem+json"
MAX_VALUE_CHARS = 200
MAX_LISTED_PROBLEMS = 20
INTERNAL_DETAIL = "the server failed on this request; its log has the details"
# An absolute file system path in a message (not the path of a URL: no "//" or host before).
_SERVER_PATH = re.compile(r"(?<![\w:/.~-])/(?:[\w.@+~-]+/)+[\w.@+~-]*")
PROBED_METHODS = ("DELETE", "GET", "PATCH", "POST", "PUT")


class Conflict(SentinelError):
    """The resource is not in a state that allows the request (409)."""


class FieldProblem(BaseModel):
    """One invalid value: where it was, what it was, why it was refused."""

    field: str
    value: Any = None
    message: str


class Problem(BaseModel):
    """An RFC 9457 problem details document."""

    type: str
    title: str
    status: int
    detail: str
    errors: list[FieldProblem] | None = None


PROBLEM_RESPONSES: dict[int | str, dict[str, Any]] = {
    status: {
        "model": Problem,
        "content": {MEDIA_TYPE: {}},
        "description": HTTPStatus(status).phrase,
    }
    for status in (400, 401, 404, 409, 422, 429)
}


def problem_document(
    status: int,
    detail: str,
    *,
    kind: str | None = None,
    errors: list[FieldProblem] | None = None,
) -> Problem:
    """The problem details of a ``status`` error (also what the MCP tools answer)."""
    phrase = HTTPStatus(status).phrase
    if status >= 500:
        detail = _SERVER_PATH.sub("…", detail)  # the server's files are its own business
    return Problem(
        type=f"/problems/{kind or phrase.lower().replace(' ', '-')}",
        title=phrase,
        status=status,
        detail=cut_text(detail, MAX_PROBLEM_CHARS),
        errors=errors[:MAX_LISTED_PROBLEMS] if errors is not None else None,
    )


def problem_response(
    status: int,
    detail: str,
    *,
    kind: str | None = None,
    errors: list[FieldProblem] | None = None,
    headers: dict[str, str] | None = None,
) -> JSONResponse:
    """A problem details response."""
    return _respond(problem_document(status, detail, kind=kind, errors=errors), headers=headers)


class ProblemResponse(JSONResponse):
    """A problem document as JSON that always encodes: a lone surrogate the client sent (and
    the document quotes) is written as its ``\\udxxx`` escape instead of failing with 500."""

    media_type = MEDIA_TYPE

    def render(self, content: Any) -> bytes:
        """Compact UTF-8 JSON; unencodable code points as JSON escapes."""
        text = json.dumps(content, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
        return text.encode("utf-8", "backslashreplace")


def _respond(body: Problem, *, headers: dict[str, str] | None = None) -> JSONResponse:
    content = jsonable_encoder(body.model_dump(exclude_none=True))
    return ProblemResponse(content, status_code=body.status, headers=headers)


def _shown(value: Any) -> Any:
    # The value goes back to the client to point at the mistake, not to echo a megabyte.
    if isinstance(value, str) and len(value) > MAX_VALUE_CHARS:
        return value[:MAX_VALUE_CHARS] + "…"
    return value if isinstance(value, str | int | float | bool | type(None)) else shown_value(value)


def _field_problems(error: InvalidInput) -> list[FieldProblem]:
    if isinstance(error, InvalidMonitorSpec):
        data = error.value if isinstance(error.value, dict) else {}
        return [
            FieldProblem(
                field=cut_text(field),
                value=_shown(data.get(field)),
                message=bounded_problem(message, data),
            )
            for field, message in error.problems[:MAX_LISTED_PROBLEMS]
        ]
    return [FieldProblem(field=error.field, value=_shown(error.value), message=error.problem)]


def sentinel_problem(error: SentinelError) -> Problem:
    """The problem details of an expected error."""
    if isinstance(error, RecordNotFound):
        return problem_document(404, str(error), kind="not-found")
    if isinstance(error, InvalidTransition | TransitionConflict | Conflict):
        return problem_document(409, str(error), kind="invalid-transition")
    if isinstance(error, ReadOnlyQueryError):
        return problem_document(403, str(error), kind="read-only", errors=_field_problems(error))
    if isinstance(error, InvalidInput):
        return problem_document(
            422, str(error), kind="invalid-input", errors=_field_problems(error)
        )
    if isinstance(error, ConfigError):
        return problem_document(503, str(error), kind="configuration")
    return problem_document(500, str(error) or type(error).__name__, kind="internal")


def sentinel_error_response(error: SentinelError) -> JSONResponse:
    """The problem response of an expected error."""
    return _respond(sentinel_problem(error))


def validation_problem(items: Iterable[Mapping[str, Any]]) -> Problem:
    """The 422 problem of pydantic validation errors (``ValidationError.errors()``): one
    field problem each, the detail joining them."""
    listed = list(items)
    errors = [
        FieldProblem(
            field=cut_text(".".join(str(part) for part in item["loc"])),
            value=_shown(item.get("input")),
            message=bounded_problem(
                str(item["msg"]).removeprefix("Value error, "), item.get("input")
            ),
        )
        for item in listed[:MAX_LISTED_PROBLEMS]
    ]
    detail = "; ".join(f"{problem.field}: {problem.message}" for problem in errors)
    if len(listed) > len(errors):
        detail += f"; and {len(listed) - len(errors)} more problems"
    return problem_document(422, detail, kind="invalid-input", errors=errors)


def allowed_methods(request: Request) -> list[str]:
    """Every method some route serves at this path. Starlette names only the first partly
    matching route's methods, though one path is served by several routes (one per method)."""
    return [
        method
        for method in PROBED_METHODS
        if any(
            route.matches({**request.scope, "method": method})[0] is Match.FULL
            for route in request.app.router.routes
        )
    ]


def install_problem_handlers(app: FastAPI) -> None:
    """Render framework errors, validation errors and ``SentinelError`` as problems."""

    async def on_sentinel(_: Request, error: Exception) -> JSONResponse:
        assert isinstance(error, SentinelError)
        return sentinel_error_response(error)

    async def on_http(request: Request, error: Exception) -> JSONResponse:
        assert isinstance(error, StarletteHTTPException)
        headers = dict(error.headers) if error.headers else {}
        if error.status_code == 405:
            headers["Allow"] = ", ".join(allowed_methods(request))
        return problem_response(error.status_code, str(error.detail), headers=headers or None)

    async def on_validation(_: Request, error: Exception) -> JSONResponse:
        assert isinstance(error, RequestValidationError)
        return _respond(validation_problem(error.errors()))

    async def on_unexpected(request: Request, error: Exception) -> JSONResponse:
        # A bug, not the client's mistake: the log keeps the traceback, the answer says so.
        log.error("%s %s failed: %s", request.method, request.url.path, type(error).__name__)
        return problem_response(500, INTERNAL_DETAIL, kind="internal")

    app.add_exception_handler(SentinelError, on_sentinel)
    app.add_exception_handler(Exception, on_unexpected)
    app.add_exception_handler(StarletteHTTPException, on_http)
    app.add_exception_handler(RequestValidationError, on_validation)
