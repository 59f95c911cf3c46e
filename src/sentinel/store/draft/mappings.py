"""Drafts of dicts: one change per key written (``prices.sku1``).

The copy made on the first write is a shallow ``dict.copy``: fast, but proportional to the
number of keys. For very wide collections, nest them (a dict of dicts) to bound that cost.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, MutableMapping
from typing import Any

from sentinel.store.draft.base import Draft, register_kind
from sentinel.store.draft.session import DraftSession, same_value


class DictDraft(Draft, MutableMapping[Any, Any]):
    """Draft of a dict; ``isinstance(draft, dict)`` holds."""

    # Child drafts stay in this map (keys are stable) and are folded into the copy at the end.
    # ``_d_written`` and ``_d_reordered`` let finalize tell, without scanning every key (only
    # the key order, after a delete), whether anything changed.
    __slots__ = ("_d_children", "_d_reordered", "_d_written")
    _d_children: dict[Any, Draft]
    _d_written: set[Any]
    _d_reordered: bool

    def __init__(self, base: Any, parent: Draft | None, key: Any, session: DraftSession) -> None:
        super().__init__(base, parent, key, session)
        self._d_children = {}
        self._d_written = set()
        self._d_reordered = False

    @property  # type: ignore[misc]
    def __class__(self) -> type:
        return dict

    def _d_source(self) -> dict[Any, Any]:
        self._d_session.ensure_open()
        return self._d_base if self._d_copy is None else self._d_copy  # type: ignore[no-any-return]

    def __getitem__(self, key: Any) -> Any:
        child = self._d_children.get(key)
        if child is not None:
            self._d_session.ensure_open()
            return child
        value = self._d_source()[key]
        wrapped = self._d_wrap(value, key)
        if wrapped is not value:
            self._d_children[key] = wrapped
        return wrapped

    def __setitem__(self, key: Any, value: Any) -> None:
        location = self._d_begin_write(key)
        source = self._d_source()
        child = self._d_children.get(key)
        existed = child is not None or key in source
        before = child._d_current() if child is not None else source.get(key)
        stored, after, moved = self._d_incoming(value)
        if existed and not moved and same_value(before, after):
            return
        self._d_touch()
        self._d_copy[key] = after
        self._d_written.add(key)
        if child is not None:
            child._d_detach()
            del self._d_children[key]
        if moved:
            self._d_adopt(stored, key)
            self._d_children[key] = stored
        self._d_session.log(location, "set" if existed else "insert", before, after)

    def __delitem__(self, key: Any) -> None:
        source = self._d_source()
        if key not in source:
            raise KeyError(key)
        location = self._d_begin_write(key)
        child = self._d_children.pop(key, None)
        before = child._d_current() if child is not None else source[key]
        # Dicts are ordered: remember where a key other than the last one was, for undo.
        index = None if key == next(reversed(source)) else list(source).index(key)
        self._d_touch()
        del self._d_copy[key]
        self._d_reordered = True  # a key put back later goes last: the order changed
        if child is not None:
            child._d_detach()
        self._d_session.log(location, "delete", before, None, index)

    def _d_insert_at(self, key: Any, value: Any, index: int) -> None:
        """Insert a new ``key`` at position ``index`` (replaying an undone delete)."""
        source = self._d_source()
        if key in source:
            raise KeyError(f"{key!r} is already present")
        location = self._d_begin_write(key)
        stored, after, _ = self._d_incoming(value)
        self._d_touch()
        items = list(self._d_copy.items())
        items.insert(index, (key, stored))
        self._d_copy.clear()
        self._d_copy.update(items)
        self._d_reordered = True
        self._d_session.log(location, "insert", None, after, index)

    def __iter__(self) -> Iterator[Any]:
        return iter(self._d_source())

    def __len__(self) -> int:
        return len(self._d_source())

    def __contains__(self, key: object) -> bool:
        return key in self._d_source()

    def popitem(self) -> tuple[Any, Any]:
        """Remove and return the last inserted item, like ``dict.popitem``."""
        source = self._d_source()
        if not source:
            raise KeyError("popitem(): dictionary is empty")
        key = next(reversed(source))
        value = self[key]
        del self[key]
        return key, value

    def clear(self) -> None:
        """Remove every key (one ``set`` of the dict to ``{}``)."""
        if not self._d_source():
            return
        location = self._d_begin_write(None, own=True)
        before = self._d_current()
        self._d_touch()
        for child in self._d_children.values():
            child._d_detach()
        self._d_children.clear()
        self._d_copy.clear()
        self._d_reordered = True
        self._d_session.log(location, "set", before, {})

    def copy(self) -> dict[Any, Any]:
        """A new plain dict holding this dict's items (drafts of the nodes in it)."""
        return {key: self[key] for key in self}

    def __or__(self, other: Mapping[Any, Any]) -> dict[Any, Any]:
        return {**self.copy(), **other}

    def __ior__(self, other: Any) -> DictDraft:  # type: ignore[misc]
        self.update(other)
        return self

    def _d_make_copy(self) -> None:
        self._d_copy = dict(self._d_base)

    def _d_current(self) -> Any:
        if self._d_copy is None:
            return self._d_base
        value = dict(self._d_copy)
        for key, child in self._d_children.items():
            value[key] = child._d_current()
        return value

    def _d_finalize(self) -> Any:
        copy = self._d_copy
        if copy is None:
            return self._d_base
        for key, child in self._d_children.items():
            copy[key] = child._d_finalize()
        base = self._d_base
        if len(copy) != len(base):
            return copy
        # A delete marks the order as changed, but deleting a key inserted by the same action
        # (or putting one back where it was) leaves the keys as they were: compare them then.
        if self._d_reordered and list(copy) != list(base):
            return copy
        missing = object()
        for key in (*self._d_written, *self._d_children):
            if copy.get(key, missing) is not base.get(key, missing):
                return copy
        return base


register_kind(dict, DictDraft)
