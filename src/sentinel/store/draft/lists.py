"""Drafts of lists.

Item writes, inserts and deletes are logged one by one at their index (``items.3``);
operations that rewrite the whole list (sort, reverse, clear, slice assignment) are logged as
one ``set`` of the list itself, so declaring ``items.*`` does not cover them: declare
``items``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, MutableSequence
from typing import Any, SupportsIndex, overload

from sentinel.store.draft.base import Draft, current_value, register_kind
from sentinel.store.draft.session import DraftSession, same_value


class ListDraft(Draft, MutableSequence[Any]):
    """Draft of a list; ``isinstance(draft, list)`` holds."""

    # Before the first write, child drafts are cached by index; after it they live in the copy,
    # so inserts and deletes move them along with their items.
    __slots__ = ("_d_children",)
    _d_children: dict[int, Draft]

    def __init__(self, base: Any, parent: Draft | None, key: Any, session: DraftSession) -> None:
        super().__init__(base, parent, key, session)
        self._d_children = {}

    @property  # type: ignore[misc]
    def __class__(self) -> type:
        return list

    def _d_source(self) -> list[Any]:
        self._d_session.ensure_open()
        return self._d_base if self._d_copy is None else self._d_copy  # type: ignore[no-any-return]

    def _d_index(self, index: SupportsIndex) -> int:
        size = len(self._d_source())
        position = index.__index__()
        if position < 0:
            position += size
        if not 0 <= position < size:
            raise IndexError("list index out of range")
        return position

    def _d_slot(self, position: int) -> Any:
        """What is stored at ``position``: a child draft or a plain value."""
        if self._d_copy is not None:
            return self._d_copy[position]
        child = self._d_children.get(position)
        return child if child is not None else self._d_base[position]

    def _d_slots(self) -> list[Any]:
        return [self._d_slot(position) for position in range(len(self._d_source()))]

    def __len__(self) -> int:
        return len(self._d_source())

    @overload
    def __getitem__(self, index: SupportsIndex) -> Any: ...
    @overload
    def __getitem__(self, index: slice) -> list[Any]: ...
    def __getitem__(self, index: SupportsIndex | slice) -> Any:
        if isinstance(index, slice):
            return [self[position] for position in range(*index.indices(len(self)))]
        position = self._d_index(index)
        value = self._d_slot(position)
        if isinstance(value, Draft):
            return value
        wrapped = self._d_wrap(value, position)
        if wrapped is not value:
            if self._d_copy is not None:
                self._d_copy[position] = wrapped
            else:
                self._d_children[position] = wrapped
        return wrapped

    @overload
    def __setitem__(self, index: SupportsIndex, value: Any) -> None: ...
    @overload
    def __setitem__(self, index: slice, value: Iterable[Any]) -> None: ...
    def __setitem__(self, index: SupportsIndex | slice, value: Any) -> None:
        if isinstance(index, slice):
            slots = self._d_slots()
            slots[index] = list(value)
            self._d_replace(slots)
            return
        position = self._d_index(index)
        location = self._d_begin_write(position)
        before = current_value(self._d_slot(position))
        stored, after, moved = self._d_incoming(value)
        if not moved and same_value(before, after):
            return
        self._d_touch()
        copy = self._d_copy
        old = copy[position]
        copy[position] = stored
        if isinstance(old, Draft):
            old._d_detach()
        if moved:
            self._d_adopt(stored, position)
        self._d_session.log(location, "set", before, after)

    def __delitem__(self, index: SupportsIndex | slice) -> None:
        if isinstance(index, slice):
            slots = self._d_slots()
            del slots[index]
            self._d_replace(slots)
            return
        position = self._d_index(index)
        location = self._d_begin_write(position)
        self._d_touch()
        old = self._d_copy.pop(position)
        before = current_value(old)
        if isinstance(old, Draft):
            old._d_detach()
        self._d_renumber(position)
        self._d_session.log(location, "delete", before, None)

    def insert(self, index: SupportsIndex, value: Any) -> None:
        """Insert ``value`` before ``index`` (logged as an insert at its final index)."""
        size = len(self._d_source())
        position = index.__index__()
        position = max(0, size + position) if position < 0 else min(position, size)
        location = self._d_begin_write(position)
        stored, after, moved = self._d_incoming(value)
        self._d_touch()
        self._d_copy.insert(position, stored)
        if moved:
            self._d_adopt(stored, position)
        self._d_renumber(position + 1)
        self._d_session.log(location, "insert", None, after)

    def append(self, value: Any) -> None:
        """Append ``value`` (an insert at the end)."""
        self.insert(len(self._d_source()), value)

    def extend(self, values: Iterable[Any]) -> None:
        """Append each of ``values``."""
        for value in list(values):
            self.append(value)

    def __iadd__(self, values: Iterable[Any]) -> ListDraft:
        self.extend(values)
        return self

    def __imul__(self, times: int) -> ListDraft:
        self._d_replace(self._d_slots() * times)
        return self

    def __add__(self, other: Iterable[Any]) -> list[Any]:
        return [*self, *other]

    def pop(self, index: int = -1) -> Any:
        """Remove and return the item at ``index``; a popped node can be put back elsewhere."""
        if not self._d_source():
            raise IndexError("pop from empty list")
        value = self[index]
        del self[index]
        return value

    def remove(self, value: Any) -> None:
        """Remove the first item equal to ``value``."""
        target = current_value(value)
        for position in range(len(self._d_source())):
            slot = self._d_slot(position)
            if slot is value or current_value(slot) == target:
                del self[position]
                return
        raise ValueError("list.remove(x): x not in list")

    def clear(self) -> None:
        """Remove every item (one ``set`` of the list to ``[]``)."""
        if self._d_source():
            self._d_replace([])

    def reverse(self) -> None:
        """Reverse in place (one ``set`` of the list)."""
        slots = self._d_slots()
        slots.reverse()
        self._d_replace(slots)

    def sort(self, *, key: Callable[[Any], Any] | None = None, reverse: bool = False) -> None:
        """Sort in place; ``key`` sees drafts, like it would see the items (one ``set``)."""
        items = [self[position] for position in range(len(self))]
        items.sort(key=key, reverse=reverse)
        self._d_replace(items)

    def copy(self) -> list[Any]:
        """A new plain list holding this list's items (drafts of the nodes in it)."""
        return list(self)

    def __iter__(self) -> Iterator[Any]:
        position = 0
        while position < len(self._d_source()):
            yield self[position]
            position += 1

    def __contains__(self, value: object) -> bool:
        target = current_value(value)
        return any(slot is value or current_value(slot) == target for slot in self._d_slots())

    def _d_renumber(self, start: int) -> None:
        copy = self._d_copy
        for position in range(start, len(copy)):
            item = copy[position]
            if isinstance(item, Draft):
                object.__setattr__(item, "_d_key", position)

    def _d_replace(self, slots: list[Any]) -> None:
        """Make the list hold ``slots`` (this list's drafts or new values); log one ``set``."""
        location = self._d_begin_write(None, own=True)
        before = self._d_current()
        kept: set[int] = set()
        new: list[Any] = []
        for slot in slots:
            if isinstance(slot, Draft) and slot._d_parent is self and id(slot) not in kept:
                kept.add(id(slot))
                new.append(slot)
            else:
                stored, _, moved = self._d_incoming(slot)
                if moved:
                    kept.add(id(stored))
                new.append(stored)
        self._d_touch()
        copy = self._d_copy
        for item in copy:
            if isinstance(item, Draft) and id(item) not in kept:
                item._d_detach()
        copy[:] = new
        for position, item in enumerate(copy):
            if isinstance(item, Draft):
                self._d_adopt(item, position)
        after = self._d_current()
        if not same_value(before, after):
            self._d_session.log(location, "set", before, after)

    def _d_make_copy(self) -> None:
        copy = list(self._d_base)
        for position, child in self._d_children.items():
            copy[position] = child
        self._d_children.clear()
        self._d_copy = copy

    def _d_current(self) -> Any:
        if self._d_copy is None:
            return self._d_base
        return [item._d_current() if isinstance(item, Draft) else item for item in self._d_copy]

    def _d_finalize(self) -> Any:
        copy = self._d_copy
        if copy is None:
            return self._d_base
        for position, item in enumerate(copy):
            if isinstance(item, Draft):
                copy[position] = item._d_finalize()
        base = self._d_base
        unchanged = len(copy) == len(base) and all(
            new is old for new, old in zip(copy, base, strict=True)
        )
        return base if unchanged else copy


register_kind(list, ListDraft)
