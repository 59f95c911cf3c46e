"""Text every database can store: no NUL character, no lone surrogate.

PostgreSQL's ``text`` cannot hold U+0000 (SQLite can, so the same input would work on one
backend and crash on the other), and a lone UTF-16 surrogate (JSON ``"\\ud800"``) is not a
character at all: it cannot be encoded as UTF-8, neither to store it nor to answer with it.
Input carrying either is refused where it enters, naming where it was.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

_SURROGATE = re.compile("[\ud800-\udfff]")
# Deep enough for any document Sentinel accepts; deeper input is judged no further.
MAX_DEPTH = 64


def text_problem(text: str) -> str | None:
    """Why ``text`` cannot be stored, or None when it can."""
    if "\x00" in text:
        return "contains a NUL character (\\u0000), which cannot be stored"
    match = _SURROGATE.search(text)
    if match is not None:
        return f"contains a lone surrogate (\\u{ord(match.group()):04x}), which is not a character"
    return None


def find_unstorable(value: Any, path: str = "", depth: int = 0) -> tuple[str, str] | None:
    """The first string in ``value`` (JSON-like: dicts, lists, strings — keys included) that
    cannot be stored, as ``(dotted path, reason)``; None when every string can."""
    if isinstance(value, str):
        problem = text_problem(value)
        return None if problem is None else (path, problem)
    if depth >= MAX_DEPTH:
        return None
    if isinstance(value, Mapping):
        for key, item in value.items():
            problem = text_problem(key) if isinstance(key, str) else None
            if problem is not None:  # the key cannot be part of a path shown back
                return (f"{path}.(key)" if path else "(key)", f"a key {problem}")
            where = f"{path}.{key}" if path else str(key)
            found = find_unstorable(item, where, depth + 1)
            if found is not None:
                return found
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            found = find_unstorable(item, f"{path}.{index}" if path else str(index), depth + 1)
            if found is not None:
                return found
    return None
