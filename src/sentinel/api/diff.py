"""A JSON diff of two state documents: which paths were added, removed or changed."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel


class Change(BaseModel):
    """One difference at ``path`` (JSON Pointer, RFC 6901)."""

    path: str
    before: Any = None
    after: Any = None


class StateDiff(BaseModel):
    """What changed from one state version to another."""

    added: list[Change]
    removed: list[Change]
    changed: list[Change]


def _pointer(parts: tuple[str, ...]) -> str:
    return "".join("/" + part.replace("~", "~0").replace("/", "~1") for part in parts)


def diff_documents(before: Any, after: Any) -> StateDiff:
    """The differences from ``before`` to ``after``, descending into objects and arrays of
    equal length; anything else that differs is one change of the whole value."""
    result = StateDiff(added=[], removed=[], changed=[])
    _walk(before, after, (), result)
    return result


def _walk(before: Any, after: Any, path: tuple[str, ...], into: StateDiff) -> None:
    if isinstance(before, dict) and isinstance(after, dict):
        for key in before.keys() - after.keys():
            into.removed.append(Change(path=_pointer((*path, str(key))), before=before[key]))
        for key in after.keys() - before.keys():
            into.added.append(Change(path=_pointer((*path, str(key))), after=after[key]))
        for key in before.keys() & after.keys():
            _walk(before[key], after[key], (*path, str(key)), into)
    elif isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        for index, (old, new) in enumerate(zip(before, after, strict=True)):
            _walk(old, new, (*path, str(index)), into)
    elif before != after or type(before) is not type(after):
        into.changed.append(Change(path=_pointer(path), before=before, after=after))
    for changes in (into.added, into.removed, into.changed):
        changes.sort(key=lambda change: change.path)
