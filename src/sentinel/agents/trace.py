"""The activity trace: one record per agent step, readable as a list and as a live stream.

The trace is the raw material of activity trails, receipts and progress displays, so a record
says everything about a step: which agent, which activation and step, what the model chose,
what came of it (a committed delta or an error), whether it was refused, when it started, how
long it took, and what the model reported as usage.
"""

from __future__ import annotations

import asyncio
import weakref
from collections import deque
from collections.abc import Iterable, Iterator, Mapping, Sequence
from datetime import datetime
from typing import Any, Literal, overload

from pydantic import BaseModel, ConfigDict


class TraceRecord(BaseModel):
    """What happened in one agent step.

    Exactly one of ``result`` and ``error`` is set for a step that reached a decision; a step
    whose generation was discarded (``should_act`` turned false meanwhile) has ``result`` only.
    ``refused`` marks a forbidden action: the runtime declined to run it at all. ``event`` is
    ``step`` for a step and ``error_state`` for the record that closes an activation which
    ended in the error state (its ``error`` is the agent's ``last_error``).
    """

    model_config = ConfigDict(frozen=True)

    agent: str
    activation: int
    step: int
    event: Literal["step", "error_state"] = "step"
    action: str | None = None
    payload: dict[str, Any] | None = None
    result: str | None = None
    error: str | None = None
    refused: bool = False
    output: str | None = None
    started_at: datetime
    duration_s: float
    usage: Mapping[str, int | float] | None = None

    @property
    def ok(self) -> bool:
        """True when the step did what the model asked."""
        return self.error is None


class TraceStream:
    """A live view of a trace: an async iterator that ends when the trace closes.

    Each consumer gets its own stream; the trace holds streams weakly, so a consumer that stops
    iterating and drops its stream leaves nothing behind.
    """

    def __init__(self, backlog: Iterable[TraceRecord], closed: bool) -> None:
        self._pending: deque[TraceRecord] = deque(backlog)
        self._closed = closed
        self._wakeup = asyncio.Event()

    def _push(self, record: TraceRecord) -> None:
        self._pending.append(record)
        self._wakeup.set()

    def _close(self) -> None:
        self._closed = True
        self._wakeup.set()

    def __aiter__(self) -> TraceStream:
        return self

    async def __anext__(self) -> TraceRecord:
        while not self._pending:
            if self._closed:
                raise StopAsyncIteration
            self._wakeup.clear()
            await self._wakeup.wait()
        return self._pending.popleft()


class Trace(Sequence[TraceRecord]):
    """Append-only list of trace records with live streams for any number of consumers."""

    def __init__(self) -> None:
        self._records: list[TraceRecord] = []
        self._streams: weakref.WeakSet[TraceStream] = weakref.WeakSet()
        self._closed = False

    @overload
    def __getitem__(self, index: int) -> TraceRecord: ...
    @overload
    def __getitem__(self, index: slice) -> list[TraceRecord]: ...
    def __getitem__(self, index: int | slice) -> TraceRecord | list[TraceRecord]:
        return self._records[index]

    def __len__(self) -> int:
        return len(self._records)

    def __iter__(self) -> Iterator[TraceRecord]:
        return iter(list(self._records))

    @property
    def closed(self) -> bool:
        """True once the app shut down; streams have ended and nothing more is appended."""
        return self._closed

    def append(self, record: TraceRecord) -> None:
        """Record a step and hand it to every live stream."""
        if self._closed:
            raise RuntimeError(
                f"trace is closed; cannot append step {record.step} of {record.agent}"
            )
        self._records.append(record)
        for stream in list(self._streams):
            stream._push(record)

    def stream(self, *, replay: bool = False) -> TraceStream:
        """A live iterator of records appended from now on (``replay``: the earlier ones first)."""
        stream = TraceStream(self._records if replay else (), self._closed)
        if not self._closed:
            self._streams.add(stream)
        return stream

    def close(self) -> None:
        """End every stream; called by the app on shutdown."""
        self._closed = True
        for stream in list(self._streams):
            stream._close()
        self._streams.clear()

    def for_agent(self, agent: str) -> list[TraceRecord]:
        """The records of one agent, in order."""
        return [record for record in self._records if record.agent == agent]
