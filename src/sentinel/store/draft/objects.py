"""Drafts of dataclass instances: attribute reads, writes and deletes.

Methods and properties of the dataclass run against the draft, so ``state.agent.allow("x")``
is tracked like a direct write. The dataclass's own ``__setattr__`` runs on the copy, so
classes that validate on assignment still reject bad writes (and the action rolls back).
Other special methods (``__len__``, ``__iter__``…) of the dataclass are not forwarded.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from sentinel.store.draft.base import Draft, register_object_kind
from sentinel.store.draft.session import same_value

_MISSING = object()


class _ClassInfo:
    """Per-class facts looked up on every attribute access, computed once."""

    __slots__ = ("attrs", "fields", "slots")

    def __init__(self, cls: type) -> None:
        self.fields = frozenset(field.name for field in dataclasses.fields(cls))
        self.slots = tuple(
            name
            for klass in cls.__mro__
            for name in _as_tuple(klass.__dict__.get("__slots__", ()))
            if name not in ("__dict__", "__weakref__")
        )
        self.attrs: dict[str, Any] = {}

    def class_attr(self, cls: type, name: str) -> Any:
        try:
            return self.attrs[name]
        except KeyError:
            pass
        found = _MISSING
        for klass in cls.__mro__:
            if name in klass.__dict__:
                found = klass.__dict__[name]
                break
        self.attrs[name] = found
        return found


def _as_tuple(slots: Any) -> tuple[str, ...]:
    return (slots,) if isinstance(slots, str) else tuple(slots)


_INFO: dict[type, _ClassInfo] = {}


def _info(cls: type) -> _ClassInfo:
    info = _INFO.get(cls)
    if info is None:
        info = _INFO[cls] = _ClassInfo(cls)
    return info


def shallow_copy(obj: Any) -> Any:
    """A new instance of ``obj``'s class with the same attribute values.

    Bypasses ``__init__`` and ``__setattr__``: the values were valid in ``obj`` already.
    """
    cls = type(obj)
    new = object.__new__(cls)
    attributes = getattr(obj, "__dict__", None)
    if attributes is not None:
        new.__dict__.update(attributes)
    for name in _info(cls).slots:
        try:
            object.__setattr__(new, name, object.__getattribute__(obj, name))
        except AttributeError:
            continue  # an unset slot stays unset in the copy
    return new


def _has_instance_attr(obj: Any, name: str) -> bool:
    attributes = getattr(obj, "__dict__", None)
    return attributes is not None and name in attributes


class ObjectDraft(Draft):
    """Draft of a (non-frozen) dataclass instance; ``isinstance`` sees the dataclass."""

    __slots__ = ("_d_children",)
    _d_children: dict[str, Draft]

    def __init__(self, base: Any, parent: Draft | None, key: Any, session: Any) -> None:
        super().__init__(base, parent, key, session)
        object.__setattr__(self, "_d_children", {})

    @property  # type: ignore[misc]
    def __class__(self) -> type:
        return type(self._d_base)

    def __getattr__(self, name: str) -> Any:
        # Only called for names the draft itself does not have: the node's attributes.
        self._d_session.ensure_open()
        child = self._d_children.get(name)
        if child is not None:
            return child
        base = self._d_base
        source = base if self._d_copy is None else self._d_copy
        cls = type(base)
        info = _info(cls)
        if name not in info.fields and not _has_instance_attr(source, name):
            attr = info.class_attr(cls, name)
            if attr is not _MISSING:
                bind = getattr(type(attr), "__get__", None)
                # Methods and properties get the draft as self, so their writes are tracked.
                return attr if bind is None else bind(attr, self, cls)
        value = getattr(source, name)
        wrapped = self._d_wrap(value, name)
        if wrapped is not value:
            self._d_children[name] = wrapped
        return wrapped

    def __setattr__(self, name: str, value: Any) -> None:
        base = self._d_base
        cls = type(base)
        info = _info(cls)
        if name not in info.fields:
            attr = info.class_attr(cls, name)
            setter = getattr(type(attr), "__set__", None) if attr is not _MISSING else None
            if setter is not None:
                self._d_session.ensure_open()
                setter(attr, self, value)  # a property setter writes through the draft
                return
        location = self._d_begin_write(name)
        children = self._d_children
        source = base if self._d_copy is None else self._d_copy
        child = children.get(name)
        before = child._d_current() if child is not None else getattr(source, name, _MISSING)
        existed = before is not _MISSING
        stored, after, moved = self._d_incoming(value)
        if existed and not moved and same_value(before, after):
            return
        self._d_touch()
        copy = self._d_copy
        setattr(copy, name, after)  # the class's own __setattr__ may validate or normalise
        if not moved:
            after = getattr(copy, name)
        if child is not None:
            child._d_detach()
            del children[name]
        if moved:
            self._d_adopt(stored, name)
            children[name] = stored
        elif existed and same_value(before, after):
            return
        self._d_session.log(
            location, "set" if existed else "insert", before if existed else None, after
        )

    def __delattr__(self, name: str) -> None:
        location = self._d_begin_write(name)
        source = self._d_base if self._d_copy is None else self._d_copy
        child = self._d_children.get(name)
        before = child._d_current() if child is not None else getattr(source, name)
        self._d_touch()
        delattr(self._d_copy, name)
        if child is not None:
            child._d_detach()
            del self._d_children[name]
        self._d_session.log(location, "delete", before, None)

    def __dir__(self) -> list[str]:
        return dir(self._d_current())

    def _d_make_copy(self) -> None:
        object.__setattr__(self, "_d_copy", shallow_copy(self._d_base))

    def _d_current(self) -> Any:
        if self._d_copy is None:
            return self._d_base
        value = shallow_copy(self._d_copy)
        for name, child in self._d_children.items():
            object.__setattr__(value, name, child._d_current())
        return value

    def _d_finalize(self) -> Any:
        copy = self._d_copy
        if copy is None:
            return self._d_base
        for name, child in self._d_children.items():
            object.__setattr__(copy, name, child._d_finalize())
        # A node written back to what it was stays the very same object (sharing is exact).
        return self._d_base if _same_attributes(copy, self._d_base) else copy


def _same_attributes(copy: Any, base: Any) -> bool:
    new, old = getattr(copy, "__dict__", None), getattr(base, "__dict__", None)
    if new is not None and old is not None:
        if len(new) != len(old) or any(old.get(key, _MISSING) is not v for key, v in new.items()):
            return False
    elif new is not None or old is not None:
        return False
    for name in _info(type(base)).slots:
        if getattr(copy, name, _MISSING) is not getattr(base, name, _MISSING):
            return False
    return True


_DRAFT_CLASSES: dict[type, type[ObjectDraft]] = {}


def draft_class_for(cls: type) -> type[ObjectDraft]:
    """The draft class of dataclass ``cls``: an ObjectDraft that carries ``cls``'s dataclass
    fields, so ``dataclasses.replace``, ``fields`` and ``is_dataclass`` accept its drafts."""
    draft_class = _DRAFT_CLASSES.get(cls)
    if draft_class is None:
        namespace = {
            "__slots__": (),
            "__dataclass_fields__": cls.__dataclass_fields__,  # type: ignore[attr-defined]
            "__dataclass_params__": cls.__dataclass_params__,  # type: ignore[attr-defined]
        }
        draft_class = type(f"Draft[{cls.__qualname__}]", (ObjectDraft,), namespace)
        _DRAFT_CLASSES[cls] = draft_class
    return draft_class


register_object_kind(draft_class_for)
