"""Paths into the state tree and the patterns that select them.

A *location* is the exact address of a node: a tuple of attribute names, list indices and dict
keys, e.g. ``("prices", "sku1")``. Its *path* is the dotted text form used in patterns, logs
and messages (``"prices.sku1"``). Locations are kept next to paths because a dict key may
contain a dot (a URL) or be an int, which the text form cannot tell apart.

A *pattern* is a dotted path where ``*`` matches exactly one segment.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable

Location = tuple[Hashable, ...]
Pattern = tuple[str, ...]

WILDCARD = "*"


def path_of(location: Location) -> str:
    """The dotted text form of ``location`` (the root is ``""``)."""
    return ".".join(str(key) for key in location)


def segments(location: Location) -> Pattern:
    """``location`` with every key as text, ready to match against patterns."""
    return tuple(str(key) for key in location)


def compile_pattern(text: str) -> Pattern:
    """Split a dotted pattern into segments; raises ValueError naming an empty segment."""
    parts = tuple(text.split("."))
    if not text or any(not part for part in parts):
        raise ValueError(f"pattern {text!r} has an empty segment")
    return parts


def is_exact(pattern: Pattern) -> bool:
    """Whether ``pattern`` names one path (it has no wildcard)."""
    return WILDCARD not in pattern


def covers(pattern: Pattern, path: Pattern) -> bool:
    """Whether ``path`` is at or below a path matched by ``pattern``.

    Declaring ``agents.translator`` allows writing ``agents.translator.should_act``; declaring
    ``items.*`` allows writing ``items.3`` and ``items.3.name`` but not ``items`` itself.
    """
    if len(pattern) > len(path):
        return False
    return all(p in (WILDCARD, s) for p, s in zip(pattern, path, strict=False))


def touches(pattern: Pattern, path: Pattern) -> bool:
    """Whether a change at ``path`` concerns a subscriber of ``pattern``.

    True when the change is at or below a matched path, and also when it is above one:
    replacing ``agents`` changes ``agents.translator`` too.
    """
    return all(p in (WILDCARD, s) for p, s in zip(pattern, path, strict=False))


def any_touches(patterns: Iterable[Pattern], path: Pattern) -> bool:
    """Whether any of ``patterns`` touches ``path``."""
    return any(touches(pattern, path) for pattern in patterns)
