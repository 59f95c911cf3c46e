"""OpenAI-compatible endpoints (OpenAI, OpenRouter, Ollama, vLLM, llama.cpp server…) through
the official ``openai`` SDK, with our own retries (backoff, jitter, Retry-After), a
concurrency limit, and structured output by ``response_format`` or by instructions."""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any, cast

import openai
from openai import AsyncOpenAI, omit
from openai.types.chat import ChatCompletion, ChatCompletionChunk, ChatCompletionMessageParam
from openai.types.chat.completion_create_params import ResponseFormat
from openai.types.completion_usage import CompletionUsage
from pydantic import BaseModel

from sentinel.errors import InvalidInput
from sentinel.llm.base import LanguageModel
from sentinel.llm.errors import MalformedResponseError, ModelRequestError
from sentinel.llm.interface import StreamEvent
from sentinel.llm.types import (
    FinishReason,
    GenerationParams,
    Message,
    RawCompletion,
    StructuredMode,
    Timings,
    Usage,
    to_finish_reason,
)
from sentinel.pacing import RetryPolicy, is_retryable_status, retry_after_from_headers

# Local servers (llama.cpp, Ollama, vLLM) accept any key; the SDK insists on one.
PLACEHOLDER_API_KEY = "sk-no-key-required"
REJECTED_FORMAT_STATUS = frozenset({400, 422})
DEFAULT_RETRY = RetryPolicy(max_attempts=4)
"""Four attempts, 0.5 s, 1 s, 2 s apart (jittered); a Retry-After over a minute gives up."""


@dataclass(slots=True)
class _LoopState:
    client: AsyncOpenAI
    semaphore: asyncio.Semaphore


class OpenAICompatibleModel(LanguageModel):
    """A model behind an OpenAI-compatible chat completions endpoint."""

    def __init__(
        self,
        model: str,
        *,
        base_url: str | None = None,
        api_key: str | None = None,
        headers: Mapping[str, str] | None = None,
        timeout: float = 60.0,
        max_concurrency: int = 4,
        retry: RetryPolicy | None = None,
        structured: StructuredMode = "auto",
        defaults: GenerationParams | None = None,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        super().__init__(model, structured=structured, defaults=defaults)
        if max_concurrency < 1:
            raise InvalidInput("max_concurrency", max_concurrency, "must be at least 1")
        if timeout <= 0:
            raise InvalidInput("timeout", timeout, "must be positive")
        self.base_url = base_url
        self.api_key = api_key or PLACEHOLDER_API_KEY
        self.headers = dict(headers or {})
        self.timeout = timeout
        self.max_concurrency = max_concurrency
        self.retry = retry or DEFAULT_RETRY
        self.schema_rejected = False
        """Set once the server rejected ``response_format`` (auto mode then uses instructions)."""
        self._sleep = sleep
        # The SDK's HTTP pool and asyncio primitives belong to one event loop; tests and
        # CLIs may run several loops in turn, so each loop gets its own client.
        self._states: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _LoopState] = (
            weakref.WeakKeyDictionary()
        )

    @property
    def label(self) -> str:
        """How errors name this endpoint: ``openai:<model>@<base url>``."""
        return f"openai:{self.name}@{self.base_url or 'api.openai.com'}"

    async def aclose(self) -> None:
        """Close the HTTP connections opened from the running event loop."""
        state = self._states.pop(asyncio.get_running_loop(), None)
        if state is not None:
            await state.client.close()

    async def _generate(
        self,
        messages: tuple[Message, ...],
        params: GenerationParams,
        output: type[BaseModel] | None,
    ) -> RawCompletion:
        if output is None:
            return await self._request(messages, params, None)
        if self.structured == "instructions" or self.schema_rejected:
            send, _ = self.structured_request(messages, output, "instructions")
            return await self._request(send, params, None)
        send, fmt = self.structured_request(messages, output, "schema")
        try:
            return await self._request(send, params, fmt)
        except ModelRequestError as exc:
            if self.structured != "auto" or exc.status not in REJECTED_FORMAT_STATUS:
                raise
        send, _ = self.structured_request(messages, output, "instructions")
        raw = await self._request(send, params, None)
        # Only now is it clear the 400 was about response_format, not the request itself.
        self.schema_rejected = True
        return raw

    async def _request(
        self,
        messages: tuple[Message, ...],
        params: GenerationParams,
        fmt: dict[str, Any] | None,
    ) -> RawCompletion:
        state = self._state()
        attempt = 0
        while True:
            attempt += 1
            try:
                async with state.semaphore:
                    response = await state.client.chat.completions.create(
                        model=self.name,
                        messages=_wire(messages),
                        max_tokens=omit if params.max_tokens is None else params.max_tokens,
                        temperature=omit if params.temperature is None else params.temperature,
                        stop=list(params.stop) or omit,
                        seed=omit if params.seed is None else params.seed,
                        response_format=omit if fmt is None else cast(ResponseFormat, fmt),
                        extra_body=dict(params.extra_body) or None,
                    )
                return self._raw(response, attempt)
            except (openai.APIError, ValueError) as exc:  # ValueError: a body that is not JSON
                error, wait, cause = *self._classify(exc, attempt), exc
            delay = self._retry_delay(error, attempt, wait)
            if delay is None:
                raise error from cause
            await self._sleep(delay)

    async def _stream(
        self, messages: tuple[Message, ...], params: GenerationParams
    ) -> AsyncIterator[StreamEvent]:
        state = self._state()
        attempt = 0
        while True:
            attempt += 1
            parts: list[str] = []
            try:
                async with state.semaphore:
                    stream = await state.client.chat.completions.create(
                        model=self.name,
                        messages=_wire(messages),
                        max_tokens=omit if params.max_tokens is None else params.max_tokens,
                        temperature=omit if params.temperature is None else params.temperature,
                        stop=list(params.stop) or omit,
                        seed=omit if params.seed is None else params.seed,
                        extra_body=dict(params.extra_body) or None,
                        stream=True,
                        stream_options={"include_usage": True},
                    )
                    usage = Usage(requests=1)
                    finish: FinishReason = "stop"
                    model = self.name
                    timings: Timings | None = None
                    async with stream:
                        async for chunk in stream:
                            usage = _chunk_usage(chunk, usage)
                            timings = _timings(chunk) or timings
                            model = chunk.model or model
                            for choice in chunk.choices:
                                if choice.delta.content:
                                    parts.append(choice.delta.content)
                                    yield choice.delta.content
                                if choice.finish_reason:
                                    finish = to_finish_reason(choice.finish_reason)
                yield RawCompletion("".join(parts), usage, finish, model, timings)
                return
            except (openai.APIError, ValueError) as exc:  # ValueError: a body that is not JSON
                error, wait, cause = *self._classify(exc, attempt), exc
            # Text already handed to the caller cannot be taken back: retry only before it.
            delay = None if parts else self._retry_delay(error, attempt, wait)
            if delay is None:
                raise error from cause
            await self._sleep(delay)

    def _retry_delay(
        self, error: ModelRequestError, attempt: int, retry_after: float | None
    ) -> float | None:
        """Seconds before the next attempt, or None to give up (permanent error, attempts
        spent, or a Retry-After longer than the policy waits in a call)."""
        if not error.retryable or attempt >= self.retry.max_attempts:
            return None
        return self.retry.delay(attempt, retry_after)

    def _state(self) -> _LoopState:
        loop = asyncio.get_running_loop()
        state = self._states.get(loop)
        if state is None:
            client = AsyncOpenAI(
                api_key=self.api_key,
                base_url=self.base_url,
                timeout=self.timeout,
                max_retries=0,  # retries are ours: jitter, Retry-After, typed errors
                default_headers=self.headers or None,
            )
            state = _LoopState(client, asyncio.Semaphore(self.max_concurrency))
            self._states[loop] = state
        return state

    def _classify(
        self, exc: openai.APIError | ValueError, attempt: int
    ) -> tuple[ModelRequestError, float | None]:
        """Turn an SDK error into our typed error plus the server's requested wait."""
        if isinstance(exc, openai.APIStatusError):
            status = exc.status_code
            error = ModelRequestError(
                self.label,
                f"HTTP {status}: {exc.message}",
                retryable=is_retryable_status(status),
                status=status,
                attempts=attempt,
            )
            return error, retry_after_from_headers(dict(exc.response.headers))
        if isinstance(exc, openai.APITimeoutError):
            message = f"no response within {self.timeout:g}s"
            return ModelRequestError(self.label, message, retryable=True, attempts=attempt), None
        if isinstance(exc, openai.APIConnectionError):
            message = f"connection failed: {exc.__cause__ or exc}"
            return ModelRequestError(self.label, message, retryable=True, attempts=attempt), None
        if isinstance(exc, openai.APIError):
            body, problem = str(exc.body), exc.message
        else:
            body, problem = str(getattr(exc, "doc", "")), str(exc)
        message = f"malformed response: {problem}"
        return MalformedResponseError(self.label, message, body=body[:500], attempts=attempt), None

    def _raw(self, response: object, attempt: int) -> RawCompletion:
        if not isinstance(response, ChatCompletion) or not response.choices:
            raise MalformedResponseError(
                self.label,
                "malformed response: not a chat completion with choices",
                body=str(response)[:500],
                attempts=attempt,
            )
        choice = response.choices[0]
        return RawCompletion(
            text=choice.message.content or "",
            usage=_usage(response.usage),
            finish_reason=to_finish_reason(choice.finish_reason),
            model=response.model or self.name,
            timings=_timings(response),
        )


def _wire(messages: tuple[Message, ...]) -> list[ChatCompletionMessageParam]:
    return [cast(ChatCompletionMessageParam, m.as_dict()) for m in messages]


def _usage(usage: CompletionUsage | None) -> Usage:
    if usage is None:
        return Usage(requests=1)
    details = usage.prompt_tokens_details
    cached = (details.cached_tokens or 0) if details is not None else 0
    return Usage(usage.prompt_tokens, usage.completion_tokens, cached, 1)


def _chunk_usage(chunk: ChatCompletionChunk, current: Usage) -> Usage:
    return current if chunk.usage is None else _usage(chunk.usage)


def _timings(response: ChatCompletion | ChatCompletionChunk) -> Timings | None:
    """llama.cpp's ``timings`` extension, when the server sends it."""
    return Timings.from_llama_cpp((response.model_extra or {}).get("timings"))
