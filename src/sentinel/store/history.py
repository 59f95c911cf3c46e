"""Bounded undo/redo history of deltas.

History keeps deltas, not old states: each delta already holds the before and after values of
what it changed, so undo replays its inverse and memory grows with what changed, never with
the size of the state.
"""

from __future__ import annotations

from collections import deque

from sentinel.store.delta import Delta
from sentinel.store.errors import HistoryError


class History:
    """Deltas that can be undone (``done``, oldest first) and redone (``undone``)."""

    def __init__(self, limit: int) -> None:
        if limit < 0:
            raise HistoryError(f"history_limit must be >= 0, not {limit}")
        self.limit = limit
        self._done: deque[Delta] = deque(maxlen=limit)
        self._undone: list[Delta] = []

    @property
    def done(self) -> tuple[Delta, ...]:
        """Applied deltas, oldest first (at most ``limit``)."""
        return tuple(self._done)

    @property
    def undone(self) -> tuple[Delta, ...]:
        """Undone deltas, next to redo first."""
        return tuple(reversed(self._undone))

    def record(self, delta: Delta) -> None:
        """Remember a newly committed delta; whatever was undone can no longer be redone."""
        if self.limit:
            self._done.append(delta)
        self._undone.clear()

    def take_undo(self) -> Delta | None:
        """The delta to undo next, moved to the redo side (None if there is none)."""
        if not self._done:
            return None
        delta = self._done.pop()
        self._undone.append(delta)
        return delta

    def take_redo(self) -> Delta | None:
        """The delta to redo next, moved back to the done side (None if there is none)."""
        if not self._undone:
            return None
        delta = self._undone.pop()
        self._done.append(delta)
        return delta

    def path_to(self, seq: int) -> tuple[list[Delta], list[Delta]]:
        """The deltas to undo and to redo to reach the state right after delta ``seq``."""
        done = list(self._done)
        for index, delta in enumerate(done):
            if delta.seq == seq:
                return list(reversed(done[index + 1 :])), []
        undone = list(reversed(self._undone))
        for index, delta in enumerate(undone):
            if delta.seq == seq:
                return [], undone[: index + 1]
        known = [delta.seq for delta in done + undone]
        raise HistoryError(
            f"delta {seq} is not in the history (it holds {_ranges(known) or 'nothing'})"
        )

    def move_to(self, seq: int) -> None:
        """Update done/undone after the store moved to the state right after ``seq``."""
        undo, redo = self.path_to(seq)
        for _ in undo:
            self.take_undo()
        for _ in redo:
            self.take_redo()


def _ranges(seqs: list[int]) -> str:
    return f"{min(seqs)}..{max(seqs)}" if seqs else ""
