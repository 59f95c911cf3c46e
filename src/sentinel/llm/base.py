"""The shared half of every provider: parameters, structured output with one repair round,
the real-model guard, latency and usage accounting. A provider supplies only the raw call
(``_generate``) and the raw stream (``_stream``)."""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Sequence
from types import TracebackType
from typing import Any, ClassVar, Self, TypeVar, overload

from pydantic import BaseModel

from sentinel.llm.errors import OutputParseError, TruncatedOutputError
from sentinel.llm.guard import ensure_allowed
from sentinel.llm.interface import StreamEvent, TextStream
from sentinel.llm.structured import (
    parse_output,
    repair_messages,
    response_format,
    schema_instructions,
    with_instructions,
)
from sentinel.llm.types import (
    Completion,
    GenerationParams,
    Message,
    Prompt,
    RawCompletion,
    StructuredMode,
    Usage,
    to_messages,
)
from sentinel.llm.usage import record_usage

M = TypeVar("M", bound=BaseModel)


class LanguageModel(ABC):
    """The one model interface: ``complete`` for a whole reply (optionally parsed into a
    pydantic model, one repair round), ``stream`` for text deltas. Every provider
    (LocalModel, OpenAICompatibleModel, ScriptedModel) subclasses it and supplies only the
    raw call (``_generate``) and the raw stream (``_stream``)."""

    real: ClassVar[bool] = True
    """Whether calls reach a real model (and so obey ``forbid_real_models``)."""

    def __init__(
        self,
        name: str,
        *,
        structured: StructuredMode = "auto",
        defaults: GenerationParams | None = None,
    ) -> None:
        self._name = name
        self.structured: StructuredMode = structured
        self.defaults = defaults or GenerationParams()

    @property
    def name(self) -> str:
        """The model's name as reported in completions and usage records."""
        return self._name

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._name!r})"

    async def aclose(self) -> None:
        """Release connections held for the running event loop (a no-op for most providers)."""
        return None

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.aclose()

    @overload
    async def complete(
        self,
        messages: Prompt,
        *,
        output: None = None,
        max_tokens: int | None = None,
        temperature: float | None = None,
        stop: Sequence[str] = (),
        seed: int | None = None,
        repair: bool = True,
    ) -> Completion[None]: ...

    @overload
    async def complete(
        self,
        messages: Prompt,
        *,
        output: type[M],
        max_tokens: int | None = None,
        temperature: float | None = None,
        stop: Sequence[str] = (),
        seed: int | None = None,
        repair: bool = True,
    ) -> Completion[M]: ...

    async def complete(
        self,
        messages: Prompt,
        *,
        output: type[M] | None = None,
        max_tokens: int | None = None,
        temperature: float | None = None,
        stop: Sequence[str] = (),
        seed: int | None = None,
        repair: bool = True,
    ) -> Completion[M] | Completion[None]:
        """Generate one reply; with ``output=`` parse it (one repair round on failure)."""
        msgs = to_messages(messages)
        params = self._params(max_tokens, temperature, stop, seed)
        if self.real:
            ensure_allowed(self.name)
        started = time.perf_counter()
        spent: list[RawCompletion] = []
        try:
            if output is None:
                raw = await self._generate(msgs, params, None)
                spent.append(raw)
                return self._completion(raw, None, spent, started)
            return await self._complete_structured(msgs, params, output, repair, spent, started)
        finally:
            # Tokens spent on failed attempts still count.
            if spent:
                record_usage(self.name, _sum_usage(spent), time.perf_counter() - started)

    def stream(
        self,
        messages: Prompt,
        *,
        max_tokens: int | None = None,
        temperature: float | None = None,
        stop: Sequence[str] = (),
        seed: int | None = None,
    ) -> TextStream:
        """Generate one reply as a stream of text deltas (see TextStream)."""
        msgs = to_messages(messages)
        params = self._params(max_tokens, temperature, stop, seed)
        if self.real:
            ensure_allowed(self.name)
        started = time.perf_counter()

        def finish(raw: RawCompletion) -> Completion[None]:
            record_usage(self.name, raw.usage, time.perf_counter() - started)
            return self._completion(raw, None, [raw], started)

        return TextStream(self._stream(msgs, params), finish)

    def structured_request(
        self, messages: tuple[Message, ...], output: type[BaseModel], mode: StructuredMode
    ) -> tuple[tuple[Message, ...], dict[str, Any] | None]:
        """The messages and ``response_format`` to send for ``output`` in ``mode``."""
        if mode == "instructions":
            return with_instructions(messages, schema_instructions(output)), None
        return messages, response_format(output)

    @abstractmethod
    async def _generate(
        self,
        messages: tuple[Message, ...],
        params: GenerationParams,
        output: type[BaseModel] | None,
    ) -> RawCompletion:
        """One raw request. With ``output``, ask for that structure (``structured`` mode)."""

    @abstractmethod
    def _stream(
        self, messages: tuple[Message, ...], params: GenerationParams
    ) -> AsyncIterator[StreamEvent]:
        """One raw streaming request: text deltas, then a final RawCompletion."""

    def _params(
        self,
        max_tokens: int | None,
        temperature: float | None,
        stop: Sequence[str],
        seed: int | None,
    ) -> GenerationParams:
        return GenerationParams(
            max_tokens=self.defaults.max_tokens if max_tokens is None else max_tokens,
            temperature=self.defaults.temperature if temperature is None else temperature,
            stop=tuple(stop) or self.defaults.stop,
            seed=self.defaults.seed if seed is None else seed,
            extra_body=self.defaults.extra_body,
        )

    async def _complete_structured(
        self,
        messages: tuple[Message, ...],
        params: GenerationParams,
        output: type[M],
        repair: bool,
        spent: list[RawCompletion],
        started: float,
    ) -> Completion[M]:
        raw = await self._generate(messages, params, output)
        spent.append(raw)
        try:
            return self._completion(raw, parse_output(raw.text, output), spent, started)
        except OutputParseError as first:
            if raw.finish_reason == "length":
                raise TruncatedOutputError(output.__name__, raw.text, params.max_tokens) from first
            if not repair:
                raise
            problem = first.problem
        retry = await self._generate(repair_messages(messages, raw.text, problem), params, output)
        spent.append(retry)
        try:
            parsed = parse_output(retry.text, output)
        except OutputParseError as second:
            if retry.finish_reason == "length":
                raise TruncatedOutputError(
                    output.__name__, retry.text, params.max_tokens
                ) from second
            raise OutputParseError(
                output.__name__, second.problem, retry.text, attempts=(raw.text, retry.text)
            ) from second
        return self._completion(retry, parsed, spent, started)

    def _completion(
        self, raw: RawCompletion, parsed: M | None, spent: list[RawCompletion], started: float
    ) -> Completion[Any]:
        return Completion(
            text=raw.text,
            parsed=parsed,
            usage=_sum_usage(spent),
            latency_s=time.perf_counter() - started,
            model=raw.model or self.name,
            finish_reason=raw.finish_reason,
            repairs=len(spent) - 1,
            timings=raw.timings,
        )


def _sum_usage(raws: list[RawCompletion]) -> Usage:
    total = Usage()
    for raw in raws:
        total += raw.usage
    return total
