"""Errors the store raises on purpose; each names the action, path or value at fault."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sentinel.errors import InvalidInput, SentinelError


class StoreError(SentinelError):
    """Base class of every store error."""


class ActionDefinitionError(StoreError):
    """An action cannot be registered as written (bad signature, duplicate name, bad pattern)."""

    def __init__(self, action: str, problem: str) -> None:
        self.action = action
        self.problem = problem
        super().__init__(f"action {action!r}: {problem}")


class ActionNotFound(StoreError):
    """``dispatch`` named an action that is not registered."""

    def __init__(self, action: str, known: Sequence[str]) -> None:
        self.action = action
        self.known = tuple(sorted(known))
        super().__init__(
            f"unknown action {action!r}; registered actions: {', '.join(self.known) or '(none)'}"
        )


class InvalidPayload(StoreError, InvalidInput):
    """A payload does not match the action's parameters.

    ``field`` and ``value`` describe the first problem; ``problems`` lists them all.
    """

    def __init__(self, action: str, problems: Sequence[tuple[str, Any, str]]) -> None:
        self.action = action
        self.problems = tuple(problems)
        field, value, problem = self.problems[0]
        InvalidInput.__init__(self, field, value, problem)
        message = f"action {action!r}: invalid payload field {field!r} = {value!r}: {problem}"
        if len(self.problems) > 1:
            rest = "; ".join(f"{f!r}: {p}" for f, _, p in self.problems[1:])
            message += f" (also {rest})"
        self.args = (message,)


class WriteMismatch(StoreError):
    """An action's writes differ from the paths it declared; the action was rolled back."""

    def __init__(
        self,
        action: str,
        declared: Sequence[str],
        written: Sequence[str],
        undeclared: Sequence[str],
        never_written: Sequence[str],
    ) -> None:
        self.action = action
        self.declared = tuple(declared)
        self.written = tuple(written)
        self.undeclared = tuple(undeclared)
        self.never_written = tuple(never_written)
        super().__init__(
            f"action {action!r} did not write what it declared: declared {list(self.declared)}, "
            f"written {list(self.written)}, undeclared: {list(self.undeclared)}, "
            f"never written: {list(self.never_written)}"
        )


class DraftError(StoreError):
    """A draft was used outside its action, or a read-only view was written to."""


class DeltaConflict(StoreError):
    """A change cannot be applied to a state: its path does not exist there."""

    def __init__(self, path: str, op: str, problem: str) -> None:
        self.path = path
        self.op = op
        self.problem = problem
        super().__init__(f"cannot apply {op} at {path or '(root)'!r}: {problem}")


class HistoryError(StoreError):
    """Undo, redo or restore asked for a state the history does not hold."""


class SnapshotError(StoreError):
    """A snapshot does not validate against the state type."""
