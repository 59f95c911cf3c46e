"""The one model interface every provider implements, and the stream it returns."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from types import TracebackType
from typing import Protocol, TypeVar, overload, runtime_checkable

from pydantic import BaseModel

from sentinel.llm.types import Completion, Prompt, RawCompletion

M = TypeVar("M", bound=BaseModel)

StreamEvent = str | RawCompletion
"""What a provider's raw stream yields: text deltas, then one final RawCompletion."""


class TextStream:
    """An async iterator of text deltas; after it is exhausted, ``completion`` holds the
    whole reply with its usage. Use ``async with`` (or ``aclose``) when stopping early so
    the provider stops generating."""

    def __init__(
        self,
        events: AsyncIterator[StreamEvent],
        finish: Callable[[RawCompletion], Completion[None]],
    ) -> None:
        self._events = events
        self._finish = finish
        self._completion: Completion[None] | None = None

    @property
    def completion(self) -> Completion[None]:
        """The finished reply; raises RuntimeError while the stream is still running."""
        if self._completion is None:
            raise RuntimeError("the stream has not finished yet; iterate it to the end first")
        return self._completion

    def __aiter__(self) -> TextStream:
        return self

    async def __anext__(self) -> str:
        while True:
            event = await anext(self._events)
            if isinstance(event, str):
                if event:
                    return event
                continue
            self._completion = self._finish(event)

    async def text(self) -> Completion[None]:
        """Consume the rest of the stream and return the finished completion."""
        async for _ in self:
            pass
        return self.completion

    async def aclose(self) -> None:
        """Stop the stream (and the generation behind it)."""
        closer: Callable[[], Awaitable[None]] | None = getattr(self._events, "aclose", None)
        if closer is not None:
            await closer()

    async def __aenter__(self) -> TextStream:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.aclose()


@runtime_checkable
class LanguageModel(Protocol):
    """A chat model: ``complete`` for a whole reply (optionally parsed into a pydantic
    model), ``stream`` for text deltas. Providers: LocalModel, OpenAICompatibleModel,
    ScriptedModel."""

    @property
    def name(self) -> str:
        """The model's name as reported in completions and usage records."""
        ...

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
        """Generate one reply. With ``output=`` the reply is parsed and validated into that
        type (one repair round on failure, then OutputParseError)."""
        ...

    def stream(
        self,
        messages: Prompt,
        *,
        max_tokens: int | None = None,
        temperature: float | None = None,
        stop: Sequence[str] = (),
        seed: int | None = None,
    ) -> TextStream:
        """Generate one reply as a stream of text deltas."""
        ...
