"""A draft session: the log of one action's writes, and the switch that ends its drafts."""

from __future__ import annotations

from typing import Any

from sentinel.store.delta import Change, Op
from sentinel.store.errors import DraftError
from sentinel.store.paths import Location, path_of


def same_value(before: Any, after: Any) -> bool:
    """Whether writing ``after`` over ``before`` changes nothing.

    Values of different types always differ (``True`` over ``1`` is a change). A comparison
    that raises (arrays, odd ``__eq__``) counts as a change: recording one too many changes is
    harmless, losing one is not.
    """
    if before is after:
        return True
    if type(before) is not type(after):
        return False
    try:
        return bool(before == after)
    except Exception:
        return False


class DraftSession:
    """Shared by all drafts of one action: records writes, and can end or forbid them.

    ``written`` holds every location the action wrote, including writes that changed nothing
    (so an action that sets a flag already set still counts as having written it); ``changes``
    holds the writes that changed something, in order.
    """

    __slots__ = ("changes", "is_open", "owner", "readonly", "written")

    def __init__(self, owner: str, *, readonly: bool = False) -> None:
        self.owner = owner
        self.readonly = readonly
        self.is_open = True
        self.changes: list[Change] = []
        self.written: list[Location] = []

    def close(self) -> None:
        """End the session: any later use of its drafts raises DraftError."""
        self.is_open = False

    def ensure_open(self) -> None:
        """Raise if the session has ended (a draft escaped its action)."""
        if not self.is_open:
            raise DraftError(
                f"a draft of {self.owner!r} was used after it ended; drafts live only while "
                "their action runs (read store.state instead)"
            )

    def begin_write(self, location: Location | None) -> None:
        """Check that a write may happen and note it (``None``: a node no longer in the tree)."""
        self.ensure_open()
        if self.readonly:
            where = "(a detached node)" if location is None else repr(path_of(location))
            raise DraftError(
                f"{self.owner!r} tried to write {where} through a read-only view; an async "
                "action writes by returning a mutation function"
            )
        if location is not None:
            self.written.append(location)

    def log(
        self,
        location: Location | None,
        op: Op,
        before: Any,
        after: Any,
        index: int | None = None,
    ) -> None:
        """Record a change; consecutive writes at one location collapse into one change."""
        if location is None:
            return
        changes = self.changes
        if changes and changes[-1].location == location and op != "insert" and index is None:
            last = changes[-1]
            if last.op == "set" and op == "set":
                changes.pop()
                if not same_value(last.before, after):
                    changes.append(Change(last.path, "set", last.before, after, location))
                return
            if last.op == "insert" and last.index is None:
                changes.pop()
                if op == "set":
                    changes.append(Change(last.path, "insert", None, after, location))
                return
        changes.append(Change.at(location, op, before, after, index))
