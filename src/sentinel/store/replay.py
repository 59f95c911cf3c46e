"""Applying changes to a state: pure, with structural sharing.

``apply_delta(state, delta)`` returns a new state and leaves ``state`` as it was; nodes the
delta does not touch are shared. Replaying a store's deltas on a snapshot of its state
reproduces its state; replaying ``delta.inverted()`` walks one step back (that is how undo
works, so history costs memory in proportion to what changed, not to the state size).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar

from sentinel.store.delta import Change, Delta
from sentinel.store.draft import (
    DictDraft,
    DraftSession,
    ListDraft,
    ObjectDraft,
    descend,
    finalize,
    open_draft,
)
from sentinel.store.errors import DeltaConflict

S = TypeVar("S")


def apply_delta(state: S, delta: Delta) -> S:
    """The state after ``delta`` is applied to ``state`` (which is left untouched)."""
    return apply_changes(state, delta.changes)


def apply_changes(state: S, changes: Iterable[Change]) -> S:
    """The state after ``changes`` are applied in order; DeltaConflict if one does not fit."""
    session = DraftSession("apply_delta")
    root: Any = open_draft(state, session)
    try:
        for change in changes:
            if not change.location:
                if change.op != "set":
                    raise DeltaConflict("", change.op, "only 'set' can replace the root")
                state = finalize(root)
                session.close()
                session = DraftSession("apply_delta")
                root = open_draft(change.after, session)
                continue
            _apply(root, change)
        result: S = finalize(root)
    finally:
        session.close()
    return result


def _apply(root: Any, change: Change) -> None:
    *parents, key = change.location
    try:
        node = descend(root, parents)
    except (LookupError, ValueError) as exc:
        raise DeltaConflict(change.path, change.op, f"no node at {exc}") from exc
    try:
        if isinstance(node, ObjectDraft) and isinstance(key, str):
            if change.op == "delete":
                delattr(node, key)
            else:
                setattr(node, key, change.after)
        elif isinstance(node, ListDraft):
            index = int(key)  # type: ignore[call-overload]
            if change.op == "insert":
                node.insert(index, change.after)
            elif change.op == "delete":
                del node[index]
            else:
                node[index] = change.after
        elif isinstance(node, DictDraft):
            if change.op == "delete":
                del node[key]
            elif change.op == "insert" and change.index is not None:
                node._d_insert_at(key, change.after, change.index)
            else:
                node[key] = change.after
        else:
            raise DeltaConflict(
                change.path, change.op, f"the parent is a {type(node).__name__}, not a container"
            )
    except (LookupError, AttributeError, ValueError) as exc:
        raise DeltaConflict(change.path, change.op, f"{type(exc).__name__}: {exc}") from exc
