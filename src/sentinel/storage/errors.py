"""Typed errors of the storage layer."""

from __future__ import annotations

from typing import Any

from sentinel.errors import InvalidInput, SentinelError


class StorageError(SentinelError):
    """Base class of the errors the storage layer raises on purpose."""


class RecordNotFound(StorageError, LookupError):
    """No row of ``kind`` has the key ``key``."""

    def __init__(self, kind: str, key: Any) -> None:
        self.kind = kind
        self.key = key
        super().__init__(f"no {kind} {key!r}")


class InvalidTransition(StorageError):
    """The state machine has no edge from ``from_state`` to ``to_state``."""

    def __init__(self, monitor_id: int, from_state: str, to_state: str) -> None:
        self.monitor_id = monitor_id
        self.from_state = from_state
        self.to_state = to_state
        super().__init__(f"monitor {monitor_id}: cannot go from {from_state!r} to {to_state!r}")


class TransitionConflict(StorageError):
    """A guarded state change lost a race: the state was no longer what the caller saw."""

    def __init__(self, monitor_id: int, expected: str, actual: str, to_state: str) -> None:
        self.monitor_id = monitor_id
        self.expected = expected
        self.actual = actual
        self.to_state = to_state
        super().__init__(
            f"monitor {monitor_id}: expected state {expected!r} to move to {to_state!r}, "
            f"but it is now {actual!r} (changed concurrently)"
        )


class ConcurrentWrite(StorageError):
    """Two writers produced the same unique value (e.g. the same state version) at once."""


class ReadOnlyQueryError(InvalidInput):
    """A query given to ``query_readonly`` tried something other than reading.

    ``kind`` names what was refused ("INSERT", "multiple statements", "PRAGMA write"…).
    """

    def __init__(self, sql: str, kind: str, detail: str = "") -> None:
        self.kind = kind
        problem = f"{kind} refused: queries are read-only, one statement at a time"
        if detail:
            problem = f"{problem} ({detail})"
        super().__init__("sql", sql, problem)


class QueryFailed(InvalidInput):
    """A read-only query was well-behaved but the database rejected it (syntax, timeout…)."""

    def __init__(self, sql: str, problem: str) -> None:
        super().__init__("sql", sql, problem)
