"""Copy-on-write drafts: how an action writes a new state without touching the committed one.

``open_draft(state, session)`` gives the action a stand-in for the root; ``finalize`` builds
the new root once the action returns. See ``base`` for the rules.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from sentinel.store.draft.base import Draft, current_value, draft_kind
from sentinel.store.draft.lists import ListDraft
from sentinel.store.draft.mappings import DictDraft
from sentinel.store.draft.objects import ObjectDraft, shallow_copy
from sentinel.store.draft.session import DraftSession, same_value
from sentinel.store.draft.sets import SetDraft
from sentinel.store.errors import StoreError

__all__ = [
    "DictDraft",
    "Draft",
    "DraftSession",
    "ListDraft",
    "ObjectDraft",
    "SetDraft",
    "current_value",
    "descend",
    "finalize",
    "open_draft",
    "same_value",
    "shallow_copy",
]


def open_draft(state: Any, session: DraftSession) -> Any:
    """A draft standing in for ``state`` as the root of the tree."""
    kind = draft_kind(type(state))
    if kind is None:
        raise StoreError(
            f"the state must be a (non-frozen) dataclass, list, dict or set, "
            f"not {type(state).__name__}"
        )
    return kind(state, None, None, session)


def descend(node: Any, location: Sequence[Hashable]) -> Any:
    """The draft (or value) at ``location`` below ``node``; LookupError if there is none.

    Text keys address list items by number, so locations rebuilt from dotted paths work.
    """
    for key in location:
        if isinstance(node, ListDraft):
            node = node[int(key)]  # type: ignore[call-overload]
        elif isinstance(node, DictDraft):
            node = node[key]
        elif isinstance(node, ObjectDraft) and isinstance(key, str):
            try:
                node = getattr(node, key)
            except AttributeError as exc:
                raise LookupError(key) from exc
        else:
            raise LookupError(key)
    return node


def finalize(root: Any) -> Any:
    """The new state built from a root draft: written nodes copied, the rest shared."""
    if not isinstance(root, Draft):
        raise StoreError(f"finalize expects a root draft, not {type(root).__name__}")
    return root._d_finalize()
