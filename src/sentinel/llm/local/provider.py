"""The embedded local provider: a registered GGUF model run in-process by llama.cpp.

Structured output uses llama.cpp's JSON-schema grammar (``response_format`` json_schema), so
even a 0.5B model can only emit JSON of the requested shape. Every blocking call runs on the
loaded model's worker thread; the event loop never waits on llama.cpp.

With ``server=True`` (what ``get_model`` passes when ``SENTINEL_LLM_SERVER=auto``) the model
runs in the home's model server (``sentinel.llm.local.server``), started by the first call
that needs it, so its prompt cache outlives the command; otherwise in this process.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator, Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from sentinel.llm.base import LanguageModel
from sentinel.llm.errors import MalformedResponseError, ModelRequestError, ServerGone
from sentinel.llm.interface import StreamEvent
from sentinel.llm.local.registry import DEFAULT_LOCAL_MODEL, ModelSpec, get_spec
from sentinel.llm.local.runtime import ModelHandle, RuntimeOptions, load
from sentinel.llm.local.weights import weights_path
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

DEFAULT_PARAMS = GenerationParams(max_tokens=512, temperature=0.2)
"""Small models wander at llama.cpp's default temperature (0.8) and never stop without a cap."""


class LocalModel(LanguageModel):
    """A registered local model (default ``qwen2.5-coder-0.5b``), loaded on first use."""

    def __init__(
        self,
        model: str = DEFAULT_LOCAL_MODEL,
        *,
        options: RuntimeOptions | None = None,
        structured: StructuredMode = "schema",
        defaults: GenerationParams | None = None,
        home: Path | None = None,
        server: bool = False,
        server_idle_s: float = 600.0,
    ) -> None:
        super().__init__(model, structured=structured, defaults=defaults or DEFAULT_PARAMS)
        self.spec: ModelSpec = get_spec(model)
        self.options = options or RuntimeOptions(n_ctx=self.spec.n_ctx)
        self.server = server
        """Run in the home's model server (started when none runs) rather than in-process."""
        self.server_idle_s = server_idle_s
        """How long a server this model starts stays up without a request."""
        self._home = home
        self._loaded: ModelHandle | None = None

    @property
    def label(self) -> str:
        """How errors name this model: ``local:<name>``."""
        return f"local:{self.name}"

    def load_sync(self) -> ModelHandle:
        """The model to call: the home's model server (with ``server``, when it runs with
        these options or can be started), else the model loaded in this process (verifying
        the weights first; shared process-wide). Blocking."""
        if self._loaded is None or not self._loaded.usable:
            handle: ModelHandle | None = None
            if self.server:
                # Imported here: a process that never uses a server never imports httpx for it.
                from sentinel.config import get_settings
                from sentinel.llm.local.launch import attach

                home = self._home or get_settings().home
                handle = attach(self.spec, self.options, home=home, idle_s=self.server_idle_s)
            self._loaded = handle or load(weights_path(self.spec, home=self._home), self.options)
        return self._loaded

    async def load(self) -> ModelHandle:
        """:meth:`load_sync` without blocking the event loop."""
        if self._loaded is None or not self._loaded.usable:
            self._loaded = await asyncio.to_thread(self.load_sync)
        return self._loaded

    async def _reattach(self, gone: ModelHandle) -> ModelHandle:
        """The server ``gone`` stopped answering: forget it and find or start another."""
        from sentinel.llm.local.launch import detach
        from sentinel.llm.local.remote import RemoteModel

        if isinstance(gone, RemoteModel):
            detach(gone)
        if self._loaded is gone:
            self._loaded = None
        return await self.load()

    async def _generate(
        self,
        messages: tuple[Message, ...],
        params: GenerationParams,
        output: type[BaseModel] | None,
    ) -> RawCompletion:
        loaded = await self.load()
        fmt: dict[str, Any] | None = None
        if output is not None:
            mode: StructuredMode = "instructions" if self.structured == "instructions" else "schema"
            messages, fmt = self.structured_request(messages, output, mode)
        body = self._body(messages, params, fmt)
        loop = asyncio.get_running_loop()
        try:
            try:
                result = await loop.run_in_executor(loaded.executor, loaded.chat, body)
            except ServerGone:  # stopped or killed meanwhile: a new one answers, once
                loaded = await self._reattach(loaded)
                result = await loop.run_in_executor(loaded.executor, loaded.chat, body)
        except ValueError as exc:  # how xllamacpp rejects a bad request, e.g. a bad schema
            raise ModelRequestError(self.label, str(exc), status=400) from exc
        return self._raw(result)

    async def _stream(
        self, messages: tuple[Message, ...], params: GenerationParams
    ) -> AsyncIterator[StreamEvent]:
        loaded = await self.load()
        body = {**self._body(messages, params, None), "stream_options": {"include_usage": True}}
        said = False
        try:
            async for event in self._stream_on(loaded, body):
                said = said or isinstance(event, str)
                yield event
        except ServerGone:
            if said:  # half an answer cannot be taken back: the caller sees the failure
                raise
            async for event in self._stream_on(await self._reattach(loaded), body):
                yield event

    async def _stream_on(
        self, loaded: ModelHandle, body: dict[str, Any]
    ) -> AsyncIterator[StreamEvent]:
        loop = asyncio.get_running_loop()
        chunks: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        stop = threading.Event()

        def on_chunk(chunk: dict[str, Any]) -> bool:
            try:
                loop.call_soon_threadsafe(chunks.put_nowait, chunk)
            except RuntimeError:  # the loop is gone: nobody is listening, stop generating
                return True
            return stop.is_set()

        done = loop.run_in_executor(loaded.executor, loaded.chat_stream, body, on_chunk)
        done.add_done_callback(lambda _: chunks.put_nowait(None))
        parts: list[str] = []
        usage = Usage(requests=1)
        finish: FinishReason = "stop"
        timings: Timings | None = None
        try:
            while (chunk := await chunks.get()) is not None:
                self._raise_error(chunk)
                usage = _usage(chunk.get("usage")) if chunk.get("usage") else usage
                timings = Timings.from_llama_cpp(chunk.get("timings")) or timings
                for choice in chunk.get("choices") or ():
                    text = (choice.get("delta") or {}).get("content")
                    if text:
                        parts.append(text)
                        yield text
                    if choice.get("finish_reason"):
                        finish = to_finish_reason(choice["finish_reason"])
            try:
                await done
            except ValueError as exc:
                raise ModelRequestError(self.label, str(exc), status=400) from exc
            yield RawCompletion("".join(parts), usage, finish, self.name, timings)
        finally:
            stop.set()

    def _body(
        self, messages: tuple[Message, ...], params: GenerationParams, fmt: dict[str, Any] | None
    ) -> dict[str, Any]:
        body: dict[str, Any] = {
            "messages": [m.as_dict() for m in messages],
            "cache_prompt": True,
            **params.extra_body,
        }
        if params.max_tokens is not None:
            body["max_tokens"] = params.max_tokens
        if params.temperature is not None:
            body["temperature"] = params.temperature
        if params.stop:
            body["stop"] = list(params.stop)
        if params.seed is not None:
            body["seed"] = params.seed
        if fmt is not None:
            body["response_format"] = fmt
        return body

    def _raw(self, result: Mapping[str, Any]) -> RawCompletion:
        self._raise_error(result)
        try:
            choice = result["choices"][0]
            text = choice["message"].get("content") or ""
            finish = to_finish_reason(choice.get("finish_reason"))
        except (KeyError, IndexError, TypeError, AttributeError) as exc:
            raise MalformedResponseError(
                self.label, f"unexpected llama.cpp reply: {exc!r}", body=str(result)[:500]
            ) from exc
        return RawCompletion(
            text=text,
            usage=_usage(result.get("usage")),
            finish_reason=finish,
            model=self.name,
            timings=Timings.from_llama_cpp(result.get("timings")),
        )

    def _raise_error(self, result: Mapping[str, Any]) -> None:
        error = result.get("error")
        if not isinstance(error, Mapping):
            return
        status = error.get("code")
        status = status if isinstance(status, int) else None
        retryable = status is not None and status >= 500
        message = str(error.get("message", error))
        raise ModelRequestError(self.label, message, retryable=retryable, status=status)


def _usage(raw: object) -> Usage:
    if not isinstance(raw, Mapping):
        return Usage(requests=1)
    details = raw.get("prompt_tokens_details")
    cached = details.get("cached_tokens", 0) if isinstance(details, Mapping) else 0
    return Usage(
        int(raw.get("prompt_tokens", 0)), int(raw.get("completion_tokens", 0)), int(cached), 1
    )
