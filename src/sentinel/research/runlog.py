"""The run's audit trail: every node's input, output and query, in order, as JSON lines.

Nodes record what they were given and what they answered (``model`` events carry the exact
messages sent), the searcher records each query, its hits and the pages it read, and every
runtime step (action, payload, result or error, duration, usage) is copied from the app's
trace as it happens. With a path, each event is written and flushed at once, so a run that
is interrupted still leaves its trail.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from sentinel.agents import Trace

Event = dict[str, Any]


class RunLog:
    """Collects events in ``events``; writes them to ``path`` (JSON lines) when given, and
    hands each to ``on_event`` (progress display)."""

    def __init__(
        self, path: str | Path | None = None, *, on_event: Callable[[Event], None] | None = None
    ) -> None:
        self.events: list[Event] = []
        self.on_event = on_event
        self._started = time.perf_counter()
        # Held open for the run's duration and closed by ``close``/``with``.
        self._file: IO[str] | None = (
            Path(path).open("w", encoding="utf-8")  # noqa: SIM115
            if path is not None
            else None
        )

    def record(self, event: str, node: str, **fields: Any) -> Event:
        """Append one event (timestamped, with seconds since the log started)."""
        entry: Event = {
            "at": datetime.now(UTC).isoformat(timespec="milliseconds"),
            "t": round(time.perf_counter() - self._started, 3),
            "event": event,
            "node": node,
            **fields,
        }
        self.events.append(entry)
        if self._file is not None:
            self._file.write(json.dumps(entry, ensure_ascii=False, default=str) + "\n")
            self._file.flush()
        if self.on_event is not None:
            self.on_event(entry)
        return entry

    async def follow(self, trace: Trace) -> None:
        """Copy the app's trace records into the log until the trace closes."""
        async for record in trace.stream(replay=True):
            fields = record.model_dump(mode="json", exclude={"agent", "event"})
            self.record("step", record.agent, kind=record.event, **fields)

    def of(self, event: str, node: str | None = None) -> list[Event]:
        """The events of one kind (and node)."""
        return [e for e in self.events if e["event"] == event and node in (None, e["node"])]

    def close(self) -> None:
        """Close the file, if any."""
        if self._file is not None:
            self._file.close()
            self._file = None

    def __enter__(self) -> RunLog:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


def describe_event(event: Event) -> str | None:
    """One progress line for the events people care about while they wait."""
    kind, node = event["event"], event["node"]
    if kind == "start":
        return f"researching: {event['question']}"
    if kind == "search":
        window = f" (within {event['freshness']})" if event.get("freshness") else ""
        return f"searcher: searching {event['query']!r}{window}"
    if kind == "search_result":
        read = sum(1 for page in event["read"] if page["error"] is None)
        return f"searcher: {len(event['hits'])} hits, {event['new']} new, read {read} pages"
    if kind == "search_error":
        return f"searcher: search failed: {event['error']}"
    if kind == "model":
        if event.get("error"):
            return f"{node}: model error: {event['error']}"
        return f"{node}: answered in {event['latency_s']:.1f}s"
    if kind == "step" and event.get("error"):
        return f"{node}: {event['error']}"
    return None
