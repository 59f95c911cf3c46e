"""Reading the chat's server-sent events the strict way: each frame exactly
``event: <name>\\ndata: <one line of JSON>\\n\\n`` (comment frames ``: …`` are keep-alives)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

FRAME = re.compile(r"event: (?P<name>[a-z]+)\ndata: (?P<data>[^\n]*)")


@dataclass(frozen=True)
class Sse:
    """One parsed event."""

    event: str
    data: dict[str, Any]


def parse_frames(text: str) -> list[Sse]:
    """Every event of a complete stream; AssertionError on any frame of another shape."""
    assert text.endswith("\n\n"), f"the stream does not end a frame: {text[-80:]!r}"
    events = []
    for frame in text[:-2].split("\n\n"):
        if frame.startswith(":"):
            continue
        match = FRAME.fullmatch(frame)
        assert match, f"not an event frame: {frame!r}"
        data = json.loads(match["data"])
        assert isinstance(data, dict), frame
        events.append(Sse(match["name"], data))
    return events


def names(events: list[Sse]) -> list[str]:
    """The events' names in order."""
    return [e.event for e in events]


def datas(events: list[Sse], name: str) -> list[dict[str, Any]]:
    """The data of the events called ``name``."""
    return [e.data for e in events if e.event == name]


def answer(events: list[Sse]) -> str:
    """The streamed answer."""
    return "".join(d["content"] for d in datas(events, "content"))
