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
    # location -> (covered by a pattern?, indices of the exact patterns it satisfies)
    _verdicts: dict[Location, tuple[bool, frozenset[int]]] = field(
        default_factory=dict, repr=False, compare=False
    )

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
        patterns = self.patterns
        if patterns is None:
            return
        exact = [index for index, pattern in enumerate(patterns) if is_exact(pattern)]
        locations = list(dict.fromkeys(written))
        satisfied: set[int] = set()
        undeclared = []
        for location in locations:
            covered, hits = self._verdict(location, patterns, exact)
            if not covered:
                undeclared.append(path_of(location))
            satisfied |= hits
        if undeclared or len(satisfied) < len(exact):
            declared = self.writes or ()
            never = [declared[index] for index in exact if index not in satisfied]
            texts = [path_of(location) for location in locations]
            raise WriteMismatch(self.name, declared, texts, undeclared, never)

    def _verdict(
        self, location: Location, patterns: tuple[Pattern, ...], exact: list[int]
    ) -> tuple[bool, frozenset[int]]:
        # Actions write the same few paths again and again: remember each verdict.
        verdict = self._verdicts.get(location)
        if verdict is None:
            path = segments(location)
            verdict = (
                any(covers(pattern, path) for pattern in patterns),
                frozenset(index for index in exact if covers(patterns[index], path)),
            )
            if len(self._verdicts) >= 4096:
                self._verdicts.clear()
            self._verdicts[location] = verdict
        return verdict
