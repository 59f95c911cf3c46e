"""Drafts of sets. Set items have no paths, so every change is one ``set`` of the whole set."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, MutableSet
from typing import Any

from sentinel.store.draft.base import Draft, register_kind
from sentinel.store.draft.session import same_value


class SetDraft(Draft, MutableSet[Any]):
    """Draft of a set; ``isinstance(draft, set)`` holds."""

    __slots__ = ()

    @property  # type: ignore[misc]
    def __class__(self) -> type:
        return set

    def _d_source(self) -> set[Any]:
        self._d_session.ensure_open()
        return self._d_base if self._d_copy is None else self._d_copy  # type: ignore[no-any-return]

    @classmethod
    def _from_iterable(cls, values: Iterable[Any]) -> set[Any]:
        return set(values)  # results of |, &, - are plain sets

    def __contains__(self, value: object) -> bool:
        return value in self._d_source()

    def __iter__(self) -> Iterator[Any]:
        return iter(set(self._d_source()))

    def __len__(self) -> int:
        return len(self._d_source())

    def _d_mutate(self, operation: Callable[[set[Any]], Any]) -> Any:
        location = self._d_begin_write(None, own=True)
        before = self._d_current()
        self._d_touch()
        result = operation(self._d_copy)
        if not same_value(before, self._d_copy):
            self._d_session.log(location, "set", before, set(self._d_copy))
        return result

    def add(self, value: Any) -> None:
        """Add ``value``."""
        self._d_mutate(lambda items: items.add(value))

    def discard(self, value: Any) -> None:
        """Remove ``value`` if present."""
        self._d_mutate(lambda items: items.discard(value))

    def remove(self, value: Any) -> None:
        """Remove ``value``; KeyError if absent."""
        if value not in self._d_source():
            raise KeyError(value)
        self.discard(value)

    def pop(self) -> Any:
        """Remove and return an arbitrary item."""
        if not self._d_source():
            raise KeyError("pop from an empty set")
        return self._d_mutate(lambda items: items.pop())

    def clear(self) -> None:
        """Remove every item."""
        if self._d_source():
            self._d_mutate(lambda items: items.clear())

    def update(self, *others: Iterable[Any]) -> None:
        """Add the items of ``others``."""
        self._d_mutate(lambda items: items.update(*others))

    def difference_update(self, *others: Iterable[Any]) -> None:
        """Remove the items of ``others``."""
        self._d_mutate(lambda items: items.difference_update(*others))

    def intersection_update(self, *others: Iterable[Any]) -> None:
        """Keep only items also in every one of ``others``."""
        self._d_mutate(lambda items: items.intersection_update(*others))

    def symmetric_difference_update(self, other: Iterable[Any]) -> None:
        """Keep items in exactly one of this set and ``other``."""
        self._d_mutate(lambda items: items.symmetric_difference_update(other))

    def __ior__(self, other: Any) -> SetDraft:  # type: ignore[misc]
        self.update(other)
        return self

    def __iand__(self, other: Any) -> SetDraft:  # type: ignore[misc]
        self.intersection_update(other)
        return self

    def __isub__(self, other: Any) -> SetDraft:  # type: ignore[misc]
        self.difference_update(other)
        return self

    def __ixor__(self, other: Any) -> SetDraft:  # type: ignore[misc]
        self.symmetric_difference_update(other)
        return self

    def copy(self) -> set[Any]:
        """A plain copy."""
        return set(self._d_source())

    def union(self, *others: Iterable[Any]) -> set[Any]:
        """Like ``set.union``."""
        return self._d_source().union(*others)

    def intersection(self, *others: Iterable[Any]) -> set[Any]:
        """Like ``set.intersection``."""
        return self._d_source().intersection(*others)

    def difference(self, *others: Iterable[Any]) -> set[Any]:
        """Like ``set.difference``."""
        return self._d_source().difference(*others)

    def symmetric_difference(self, other: Iterable[Any]) -> set[Any]:
        """Like ``set.symmetric_difference``."""
        return self._d_source().symmetric_difference(other)

    def issubset(self, other: Iterable[Any]) -> bool:
        """Like ``set.issubset``."""
        return self._d_source().issubset(other)

    def issuperset(self, other: Iterable[Any]) -> bool:
        """Like ``set.issuperset``."""
        return self._d_source().issuperset(other)

    def _d_make_copy(self) -> None:
        self._d_copy = set(self._d_base)

    def _d_current(self) -> Any:
        return self._d_base if self._d_copy is None else set(self._d_copy)

    def _d_finalize(self) -> Any:
        copy = self._d_copy
        return self._d_base if copy is None or copy == self._d_base else copy


register_kind(set, SetDraft)
