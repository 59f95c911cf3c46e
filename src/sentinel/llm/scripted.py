"""A scripted model for tests and examples: replies from a list or a function of the request,
every call recorded. With ``output=`` it parses, validates and repairs exactly like the real
providers (the shared LanguageModel code does that); ``fill=True`` answers any output type with
example values, like pydantic-ai's TestModel.

    model = ScriptedModel(['{"city": "Paris"}'])
    model = ScriptedModel(lambda request: f"echo: {request.prompt}")
    model = ScriptedModel.filling()
    model = ScriptedModel.from_script({"Decision": [...], "text": ["Hello."]})

``from_script`` (and ``SENTINEL_LLM=scripted`` with ``SENTINEL_LLM_SCRIPT=FILE``, a YAML or
JSON file of that shape) answers each call from the list named after what it asks for: the
output type's class name, or ``text`` for prose (reasoning and streamed answers alike), in
order; a list used up answers with example values, as ``filling`` does.
"""

from __future__ import annotations

import inspect
import json
import re
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from pydantic import BaseModel

from sentinel.llm.base import LanguageModel
from sentinel.llm.errors import ScriptExhaustedError
from sentinel.llm.interface import StreamEvent
from sentinel.llm.schema_fill import fill_model
from sentinel.llm.types import (
    FinishReason,
    GenerationParams,
    Message,
    RawCompletion,
    StructuredMode,
    Usage,
)

ScriptedReply = str | BaseModel | Mapping[str, Any] | Sequence[Any] | BaseException
"""A scripted answer: text, an object to serialise as JSON, or an exception to raise."""

_TOKEN = re.compile(r"\s*\S+|\s+$")
FILL_TEXT = "ok"
"""What a filling ScriptedModel answers when no output type is requested."""
TEXT_KEY = "text"
"""The list of a script that answers prose (no output type)."""


@dataclass(frozen=True, slots=True)
class ScriptedRequest:
    """One request as the scripted model received it (what a responder function sees)."""

    index: int
    messages: tuple[Message, ...]
    output: type[BaseModel] | None
    params: GenerationParams
    streamed: bool

    @property
    def prompt(self) -> str:
        """The content of the last user message ("" when there is none)."""
        return next((m.content for m in reversed(self.messages) if m.role == "user"), "")

    @property
    def system(self) -> str:
        """The content of the first system message ("" when there is none)."""
        return next((m.content for m in self.messages if m.role == "system"), "")


@dataclass(frozen=True, slots=True)
class ScriptedCall(ScriptedRequest):
    """A recorded call: the request plus the text returned (after stop/max_tokens)."""

    reply: str = ""
    finish_reason: FinishReason = "stop"


Responder = Callable[[ScriptedRequest], ScriptedReply | Awaitable[ScriptedReply]]


class ScriptedModel(LanguageModel):
    """A deterministic LanguageModel. Token counts are whitespace-separated words."""

    real: ClassVar[bool] = False

    def __init__(
        self,
        replies: Iterable[ScriptedReply] | Responder | None = None,
        *,
        name: str = "scripted",
        fill: bool = False,
        structured: StructuredMode = "schema",
    ) -> None:
        super().__init__(name, structured=structured)
        self._responder: Responder | None = None
        self._queue: deque[ScriptedReply] = deque()
        if callable(replies):
            self._responder = replies
        elif isinstance(replies, str | BaseModel | Mapping | BaseException):
            self._queue.append(replies)
        elif replies is not None:
            self._queue.extend(replies)
        self.fill = fill
        self.calls: list[ScriptedCall] = []

    @classmethod
    def filling(cls, *, name: str = "scripted") -> ScriptedModel:
        """A model that answers every output type with example values, and text with "ok"."""
        return cls(name=name, fill=True)

    @classmethod
    def from_script(
        cls, script: Mapping[str, Sequence[Any]], *, name: str = "scripted"
    ) -> ScriptedModel:
        """A model answering each call from ``script[<output class name>]`` (``script["text"]``
        for prose), in order; a list used up answers with example values (see the module)."""
        queues = {key: deque(replies) for key, replies in script.items()}

        def reply(request: ScriptedRequest) -> ScriptedReply:
            key = request.output.__name__ if request.output is not None else TEXT_KEY
            queue = queues.get(key)
            if queue:
                answer: ScriptedReply = queue.popleft()
                return answer
            return FILL_TEXT if request.output is None else fill_model(request.output)

        return cls(reply, name=name)

    @property
    def last_call(self) -> ScriptedCall:
        """The most recent call; IndexError if none was made."""
        return self.calls[-1]

    @property
    def remaining(self) -> int:
        """How many scripted replies have not been used yet."""
        return len(self._queue)

    def add(self, *replies: ScriptedReply) -> None:
        """Queue more replies."""
        self._queue.extend(replies)

    async def _generate(
        self,
        messages: tuple[Message, ...],
        params: GenerationParams,
        output: type[BaseModel] | None,
    ) -> RawCompletion:
        if output is not None:
            messages, _ = self.structured_request(messages, output, self.structured)
        return await self._answer(ScriptedRequest(len(self.calls), messages, output, params, False))

    async def _stream(
        self, messages: tuple[Message, ...], params: GenerationParams
    ) -> AsyncIterator[StreamEvent]:
        raw = await self._answer(ScriptedRequest(len(self.calls), messages, None, params, True))
        for piece in _TOKEN.findall(raw.text):
            yield piece
        yield raw

    async def _answer(self, request: ScriptedRequest) -> RawCompletion:
        reply = await self._reply(request)
        if isinstance(reply, BaseException):
            self.calls.append(_record(request, "", "other"))
            raise reply
        text, finish = _apply_limits(_as_text(reply), request.params)
        self.calls.append(_record(request, text, finish))
        prompt_tokens = sum(len(_TOKEN.findall(m.content)) + 4 for m in request.messages)
        usage = Usage(prompt_tokens, len(_TOKEN.findall(text)), 0, 1)
        return RawCompletion(text, usage, finish, self.name)

    async def _reply(self, request: ScriptedRequest) -> ScriptedReply:
        if self._responder is not None:
            reply = self._responder(request)
            return await reply if inspect.isawaitable(reply) else reply
        if self._queue:
            return self._queue.popleft()
        if self.fill:
            return FILL_TEXT if request.output is None else fill_model(request.output)
        raise ScriptExhaustedError(request.index, request.prompt)


def _record(request: ScriptedRequest, reply: str, finish: FinishReason) -> ScriptedCall:
    return ScriptedCall(
        index=request.index,
        messages=request.messages,
        output=request.output,
        params=request.params,
        streamed=request.streamed,
        reply=reply,
        finish_reason=finish,
    )


def _as_text(reply: ScriptedReply) -> str:
    if isinstance(reply, str):
        return reply
    if isinstance(reply, BaseModel):
        return reply.model_dump_json()
    return json.dumps(reply)


def _apply_limits(text: str, params: GenerationParams) -> tuple[str, FinishReason]:
    """Cut the text at the first stop sequence or at max_tokens, as a real model would."""
    cut = min((text.find(s) for s in params.stop if s and s in text), default=-1)
    if cut >= 0:
        text = text[:cut]
    tokens = _TOKEN.findall(text)
    if params.max_tokens is not None and len(tokens) > params.max_tokens:
        return "".join(tokens[: params.max_tokens]), "length"
    return text, "stop"
