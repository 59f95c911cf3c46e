"""Tool results: a success carries its data both as JSON text and as structured content; a
failure is an MCP tool error (``isError``) carrying the API's problem details for the same
mistake, so a model reads the message the HTTP API would have answered."""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Mapping
from typing import Any, TypeVar

from mcp.types import CallToolResult, TextContent
from pydantic import BaseModel, ValidationError
from pydantic_core import to_jsonable_python

from sentinel.api.problems import (
    INTERNAL_DETAIL,
    Problem,
    problem_document,
    sentinel_problem,
    validation_problem,
)
from sentinel.errors import SentinelError

log = logging.getLogger(__name__)
RequestModel = TypeVar("RequestModel", bound=BaseModel)


class InvalidArguments(Exception):
    """The arguments failed the API's request model; ``problem`` is the API's 422."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.detail)
        self.problem = problem


def request_of(model: type[RequestModel], arguments: Mapping[str, Any]) -> RequestModel:
    """``arguments`` validated by the API's request ``model`` (absent ones omitted, so the
    model's defaults apply); ``InvalidArguments`` with the API's problem otherwise."""
    try:
        return model.model_validate({k: v for k, v in arguments.items() if v is not None})
    except ValidationError as error:
        raise InvalidArguments(validation_problem(error.errors())) from None


def success(data: object) -> CallToolResult:
    """The result of a call that worked: a pydantic model or a storage record."""
    document = to_jsonable_python(data)
    return CallToolResult(content=[_text(document)], structured_content=document)


def failure(problem: Problem) -> CallToolResult:
    """An MCP tool error carrying ``problem``."""
    document = problem.model_dump(mode="json", exclude_none=True)
    return CallToolResult(content=[_text(document)], structured_content=document, is_error=True)


async def answer(work: Awaitable[object]) -> CallToolResult:
    """The result of ``work``: its data, or the problem of an expected error. Anything else
    is a bug: logged with its traceback, answered as the API's 500 problem (never the
    exception's text, which can hold file paths and the value that caused it)."""
    try:
        return success(await work)
    except InvalidArguments as error:
        return failure(error.problem)
    except SentinelError as error:
        return failure(sentinel_problem(error))
    except Exception:
        log.exception("an MCP tool failed unexpectedly")
        return failure(problem_document(500, INTERNAL_DETAIL, kind="internal"))


def _text(document: Mapping[str, Any]) -> TextContent:
    return TextContent(type="text", text=json.dumps(document, ensure_ascii=False))
