"""Registered actions: ``ActionSpec`` and the check of declared writes against real ones."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from sentinel.store.errors import ActionDefinitionError, WriteMismatch
from sentinel.store.paths import (
    Location,
    Pattern,
    compile_pattern,
    covers,
    is_exact,
    path_of,
    segments,
)
from sentinel.store.payload import payload_model, validate_payload


@dataclass(frozen=True)
class ActionSpec:
    """A registered action.

    ``writes`` are dotted path patterns relative to the store root (``None``: writes are
    tracked but not checked). ``mount`` is where the action's ``state`` argument points: ``()``
    for the whole state, ``("agents", "translator")`` for an action of a mounted slice.
    ``payload_model`` is built from ``fn``'s parameters after ``state``.
    """

    name: str
    fn: Callable[..., Any]
    writes: tuple[str, ...] | None
    is_async: bool
    payload_model: type[BaseModel]
    mount: tuple[Hashable, ...] = ()
    description: str = ""
    patterns: tuple[Pattern, ...] | None = field(default=None, repr=False, compare=False)

    @classmethod
    def build(
        cls,
        fn: Callable[..., Any],
        *,
        name: str | None = None,
        writes: Iterable[str] | None = None,
        mount: tuple[Hashable, ...] = (),
    ) -> ActionSpec:
        """Describe ``fn`` as an action (its name defaults to ``fn.__name__``)."""
        action = name or getattr(fn, "__name__", "")
        if not action or action == "<lambda>":
            raise ActionDefinitionError(repr(fn), "give it a name (name=...)")
        if isinstance(writes, str):
            raise ActionDefinitionError(action, f"writes must be a list of paths, not {writes!r}")
        declared = None if writes is None else tuple(writes)
        try:
            patterns = None if declared is None else tuple(map(compile_pattern, declared))
        except ValueError as exc:
            raise ActionDefinitionError(action, str(exc)) from exc
        return cls(
            name=action,
            fn=fn,
            writes=declared,
            is_async=inspect.iscoroutinefunction(fn),
            payload_model=payload_model(action, fn),
            mount=mount,
            description=inspect.getdoc(fn) or "",
            patterns=patterns,
        )

    def validate(self, payload: Mapping[str, Any]) -> dict[str, Any]:
        """``payload`` validated against ``payload_model`` (InvalidPayload names the field)."""
        return validate_payload(self.name, self.payload_model, payload)

    def check_writes(self, written: Sequence[Location]) -> None:
        """Raise WriteMismatch unless ``written`` matches the declared writes.

        Every written path must be at or below a declared pattern, and every declared path
        without a wildcard must have been written (at or below it).
        """
        if self.patterns is None:
            return
        locations = list(dict.fromkeys(written))
        texts = [path_of(location) for location in locations]
        paths = [segments(location) for location in locations]
        undeclared = [
            text
            for text, path in zip(texts, paths, strict=True)
            if not any(covers(pattern, path) for pattern in self.patterns)
        ]
        never = [
            declared
            for declared, pattern in zip(self.writes or (), self.patterns, strict=True)
            if is_exact(pattern) and not any(covers(pattern, path) for path in paths)
        ]
        if undeclared or never:
            raise WriteMismatch(self.name, self.writes or (), texts, undeclared, never)
