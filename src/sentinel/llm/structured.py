"""Structured output: the JSON schema of an output type, prompt instructions for servers
without schema support, JSON extraction from prose, validation and the repair message."""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from sentinel.llm.errors import OutputParseError
from sentinel.llm.types import Message

M = TypeVar("M", bound=BaseModel)

_FENCE = re.compile(r"```(?:json|JSON)?\s*\n?(.*?)```", re.DOTALL)
_DECODER = json.JSONDecoder()


@lru_cache(maxsize=512)
def output_schema(output: type[BaseModel]) -> dict[str, Any]:
    """The JSON schema of an output type, as sent to providers: built once per type and
    process (pydantic takes milliseconds to generate one), so the dict is shared: never
    modify it."""
    return output.model_json_schema()


def response_format(output: type[BaseModel]) -> dict[str, Any]:
    """The OpenAI ``response_format`` asking for JSON that matches ``output``'s schema."""
    # strict=False: strict mode demands additionalProperties=false and every property
    # required, which ordinary pydantic schemas do not satisfy; llama.cpp ignores it anyway.
    return {
        "type": "json_schema",
        "json_schema": {"name": output.__name__, "schema": output_schema(output), "strict": False},
    }


@lru_cache(maxsize=512)
def schema_instructions(output: type[BaseModel]) -> str:
    """Instructions that ask for a JSON object matching ``output``, for prompt-only mode."""
    schema = json.dumps(output_schema(output), separators=(",", ":"))
    return (
        "Reply with one JSON object and nothing else: no prose, no code fences. "
        f"It must match this JSON schema: {schema}"
    )


def with_instructions(messages: tuple[Message, ...], instructions: str) -> tuple[Message, ...]:
    """Append ``instructions`` to the first system message (or add one in front).

    The instructions depend only on the output type, so they belong to the static prefix
    that prompt caches can reuse.
    """
    if messages and messages[0].role == "system":
        first = Message.system(f"{messages[0].content}\n\n{instructions}")
        return (first, *messages[1:])
    return (Message.system(instructions), *messages)


def extract_json(text: str) -> Any:
    """The first JSON object (or array) in ``text``: bare, inside a code fence, or in prose.

    Raises ValueError naming what was found when there is no JSON value to extract.
    """
    stripped = text.strip()
    try:
        return json.loads(stripped)
    except json.JSONDecodeError:
        pass
    for block in _FENCE.findall(text):
        try:
            return json.loads(block.strip())
        except json.JSONDecodeError:
            continue
    for start, char in enumerate(text):
        if char not in "{[":
            continue
        try:
            value, _ = _DECODER.raw_decode(text, start)
        except json.JSONDecodeError:
            continue
        if isinstance(value, dict | list):
            return value
    preview = stripped[:60] + ("…" if len(stripped) > 60 else "")
    raise ValueError(f"no JSON object found in the reply ({preview!r})")


def parse_output(text: str, output: type[M]) -> M:
    """Extract the JSON in ``text`` and validate it as ``output``.

    Raises OutputParseError (a ModelOutputError) with the raw text and a problem statement
    short enough to show the model in a repair round.
    """
    try:
        value = extract_json(text)
    except ValueError as exc:
        raise OutputParseError(output.__name__, str(exc), text) from exc
    try:
        return output.model_validate(value)
    except ValidationError as exc:
        raise OutputParseError(output.__name__, _describe(exc), text) from exc


def repair_messages(messages: tuple[Message, ...], reply: str, problem: str) -> tuple[Message, ...]:
    """The conversation for the repair round: the bad reply and what was wrong with it."""
    return (
        *messages,
        Message.assistant(reply),
        Message.user(
            f"Your reply was not valid: {problem}. Reply again with only the corrected JSON object."
        ),
    )


def _describe(exc: ValidationError) -> str:
    parts = []
    for error in exc.errors(include_url=False):
        location = ".".join(str(item) for item in error["loc"]) or "(root)"
        parts.append(f"{location}: {error['msg']}")
    return "; ".join(parts)
