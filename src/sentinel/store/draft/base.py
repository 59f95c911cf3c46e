"""The draft protocol shared by object, list, dict and set drafts.

A draft stands in for one node of the committed tree while an action runs. It reads through
to the committed node (its *base*) until the first write, then makes a shallow *copy* and
writes there; every ancestor copies itself too, so the new tree shares every untouched node
with the old one. Children read through a draft are drafts themselves, created lazily, so a
write at any depth is seen.

Rules that make the log exact and the old tree safe:

- a write records the change with values as they are *now* (``current value``); values put
  into the state are never mutated afterwards through a draft, because drafts copy first;
- the state is a tree: a node that is already in the tree, written somewhere else, is stored
  as its current value (a copy of its state, not an alias); a node taken out of the tree
  (``pop``, ``del``, overwritten) and written back somewhere is moved, edits included;
- when the action ends, its drafts are closed: keeping one and using it later raises.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from sentinel.store.draft.session import DraftSession
from sentinel.store.paths import Location

_SCALARS: frozenset[type] = frozenset({str, int, float, bool, type(None), bytes, complex})


class Draft:
    """Base of the four draft kinds. Internal names start with ``_d_`` so they never hide
    the fields of the node a draft stands in for."""

    # Defining __eq__ makes drafts unhashable, like the mutable containers they stand in for.
    __slots__ = ("_d_attached", "_d_base", "_d_copy", "_d_key", "_d_parent", "_d_session")

    _d_base: Any
    _d_copy: Any
    _d_parent: Draft | None
    _d_key: Any
    _d_session: DraftSession
    _d_attached: bool

    def __init__(self, base: Any, parent: Draft | None, key: Any, session: DraftSession) -> None:
        object.__setattr__(self, "_d_base", base)
        object.__setattr__(self, "_d_copy", None)
        object.__setattr__(self, "_d_parent", parent)
        object.__setattr__(self, "_d_key", key)
        object.__setattr__(self, "_d_session", session)
        object.__setattr__(self, "_d_attached", True)

    # -- kind-specific -------------------------------------------------------------------
    def _d_make_copy(self) -> None:
        raise TypeError(f"{type(self).__name__} does not define _d_make_copy")

    def _d_current(self) -> Any:
        """This node's value now, as a fresh object if it was written (never the copy)."""
        raise TypeError(f"{type(self).__name__} does not define _d_current")

    def _d_finalize(self) -> Any:
        """This node's final value; called once, when the action commits."""
        raise TypeError(f"{type(self).__name__} does not define _d_finalize")

    # -- shared ----------------------------------------------------------------------------
    def _d_location(self) -> Location | None:
        """Where this node is in the tree now; None once it was taken out of the tree."""
        keys: list[Any] = []
        node = self
        while node._d_parent is not None:
            keys.append(node._d_key)
            node = node._d_parent
        if not node._d_attached:
            return None
        keys.reverse()
        return tuple(keys)

    def _d_begin_write(self, key: Any, *, own: bool = False) -> Location | None:
        """Check and note a write at child ``key`` (or at this node itself when ``own``)."""
        location = self._d_location()
        if location is not None and not own:
            location = (*location, key)
        self._d_session.begin_write(location)
        return location

    def _d_touch(self) -> None:
        """Copy this node and its ancestors before the first write (path copying)."""
        node: Draft | None = self
        while node is not None and node._d_copy is None:
            node._d_make_copy()
            node = node._d_parent

    def _d_detach(self) -> None:
        object.__setattr__(self, "_d_parent", None)
        object.__setattr__(self, "_d_attached", False)

    def _d_adopt(self, child: Draft, key: Any) -> None:
        object.__setattr__(child, "_d_parent", self)
        object.__setattr__(child, "_d_key", key)
        object.__setattr__(child, "_d_attached", True)

    def _d_incoming(self, value: Any) -> tuple[Any, Any, bool]:
        """Prepare ``value`` for storing here: (what to store, its current value, moved?).

        ``moved`` is True when ``value`` is a draft taken out of the tree by this action:
        it is stored as a draft, so edits made through it later still count.
        """
        if isinstance(value, Draft):
            current = value._d_current()
            if (
                value._d_session is self._d_session
                and value._d_parent is None
                and not value._d_attached
                and not self._d_is_inside(value)
            ):
                return value, current, True
            return current, current, False
        value = undraft(value)
        return value, value, False

    def _d_is_inside(self, other: Draft) -> bool:
        node: Draft | None = self
        while node is not None:
            if node is other:
                return True
            node = node._d_parent
        return False

    def _d_wrap(self, value: Any, key: Any) -> Any:
        """``value`` read at child ``key``: a new child draft if it is a container."""
        kind = draft_kind(type(value))
        if kind is None:
            return value
        return kind(value, self, key, self._d_session)

    # -- value protocol: compare and show the current value ---------------------------------
    def __eq__(self, other: object) -> bool:
        self._d_session.ensure_open()
        return bool(self._d_current() == current_value(other))

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __lt__(self, other: object) -> bool:
        return bool(self._d_current() < current_value(other))

    def __le__(self, other: object) -> bool:
        return bool(self._d_current() <= current_value(other))

    def __gt__(self, other: object) -> bool:
        return bool(self._d_current() > current_value(other))

    def __ge__(self, other: object) -> bool:
        return bool(self._d_current() >= current_value(other))

    def __repr__(self) -> str:
        return repr(self._d_current())

    def __copy__(self) -> Any:
        import copy

        return copy.copy(self._d_current())

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        import copy

        return copy.deepcopy(self._d_current(), memo)


_KINDS: dict[type, type[Draft]] = {}
_OBJECT_KIND: list[Callable[[type], type[Draft]]] = []
_KIND_CACHE: dict[type, type[Draft] | None] = {}


def register_kind(container: type, kind: type[Draft]) -> None:
    """Make ``kind`` the draft of ``container`` (list, dict, set)."""
    _KINDS[container] = kind
    _KIND_CACHE.clear()


def register_object_kind(factory: Callable[[type], type[Draft]]) -> None:
    """Make ``factory(cls)`` give the draft class of each non-frozen dataclass ``cls``."""
    _OBJECT_KIND.append(factory)
    _KIND_CACHE.clear()


def draft_kind(cls: type) -> type[Draft] | None:
    """The draft class for values of ``cls``, or None for values treated as immutable."""
    try:
        return _KIND_CACHE[cls]
    except KeyError:
        pass
    kind: type[Draft] | None = _KINDS.get(cls)
    if kind is None and dataclasses.is_dataclass(cls) and _OBJECT_KIND:
        params = getattr(cls, "__dataclass_params__", None)
        if params is None or not params.frozen:
            kind = _OBJECT_KIND[0](cls)
    _KIND_CACHE[cls] = kind
    return kind


def current_value(value: Any) -> Any:
    """``value`` itself, or a draft's current value."""
    return value._d_current() if isinstance(value, Draft) else value


def undraft(value: Any) -> Any:
    """``value`` with any draft inside replaced by its current value (in place for the
    containers an action just built; committed containers never hold drafts)."""
    cls = type(value)
    if cls in _SCALARS:
        return value
    if isinstance(value, Draft):
        return value._d_current()
    if cls is list:
        for index, item in enumerate(value):
            fixed = undraft(item)
            if fixed is not item:
                value[index] = fixed
    elif cls is dict:
        fixes = {key: undraft(item) for key, item in value.items()}
        for key, fixed in fixes.items():
            if fixed is not value[key]:
                value[key] = fixed
    elif cls is tuple:
        items = tuple(undraft(item) for item in value)
        if any(new is not old for new, old in zip(items, value, strict=True)):
            return items
    elif dataclasses.is_dataclass(value):
        for name in _field_names(cls):
            item = getattr(value, name, None)
            fixed = undraft(item)
            if fixed is not item:
                object.__setattr__(value, name, fixed)
    return value


_FIELDS: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names
