"""The stream a model returns: text deltas, then the finished completion.

The model interface itself is :class:`sentinel.llm.base.LanguageModel`."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from types import TracebackType
from typing import TypeVar

from pydantic import BaseModel

from sentinel.llm.types import Completion, RawCompletion

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
