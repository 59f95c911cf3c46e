"""The declared type at a path of a state type, used to rebuild typed values from JSON.

``AppState`` declares ``prices: dict[str, float]``, so the type at ``("prices", "sku1")`` is
``float``; generic dataclasses (``AgentState[TranslatorConfig]``) are followed through their
type parameters. Where a type cannot be worked out the value is left as plain JSON.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Hashable, Mapping, MutableMapping, MutableSequence, Sequence
from functools import lru_cache, reduce
from operator import or_
from typing import Any

from pydantic import TypeAdapter

from sentinel.store.paths import Location

_SEQUENCES = (list, Sequence, MutableSequence)
_MAPPINGS = (dict, Mapping, MutableMapping)


def type_at(state_type: Any, location: Location) -> Any:
    """The type declared for the value at ``location`` under ``state_type`` (Any if unknown)."""
    current = state_type
    for key in location:
        current = _child_type(_strip(current), key)
        if current is Any:
            return Any
    return current


def decode_value(state_type: Any, location: Location, value: Any) -> Any:
    """``value`` (plain JSON) validated as the type declared at ``location``."""
    declared = type_at(state_type, location)
    if declared is Any or value is None:
        return value
    return _adapter(declared).validate_python(value)


@lru_cache(maxsize=256)
def _adapter(declared: Any) -> TypeAdapter[Any]:
    return TypeAdapter(declared)


def _strip(hint: Any) -> Any:
    """``hint`` without Annotated metadata and without ``| None``."""
    origin = typing.get_origin(hint)
    if origin is typing.Annotated:
        return _strip(typing.get_args(hint)[0])
    if origin in (typing.Union, types.UnionType):
        members = [arg for arg in typing.get_args(hint) if arg is not type(None)]
        return _strip(members[0]) if len(members) == 1 else Any
    return hint


def _child_type(hint: Any, key: Hashable) -> Any:
    origin = typing.get_origin(hint) or hint
    args = typing.get_args(hint)
    if origin in _SEQUENCES:
        return args[0] if args else Any
    if origin in _MAPPINGS:
        return args[1] if len(args) == 2 else Any
    if isinstance(origin, type) and dataclasses.is_dataclass(origin) and isinstance(key, str):
        try:
            hints = typing.get_type_hints(origin)
        except (NameError, TypeError):
            return Any
        if key not in hints:
            return Any
        params: tuple[Any, ...] = getattr(origin, "__parameters__", ())
        return _substitute(hints[key], dict(zip(params, args, strict=False)))
    return Any


def _substitute(hint: Any, mapping: dict[Any, Any]) -> Any:
    """``hint`` with the type variables of a generic dataclass replaced by its arguments."""
    if not mapping:
        return hint
    if isinstance(hint, typing.TypeVar):
        return mapping.get(hint, Any)
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is None or not args:
        return hint
    new_args = tuple(_substitute(arg, mapping) for arg in args)
    if origin in (typing.Union, types.UnionType):
        return reduce(or_, new_args)
    try:
        return origin[new_args] if isinstance(origin, type) else hint.copy_with(new_args)  # type: ignore[index]
    except (TypeError, AttributeError):
        return Any
