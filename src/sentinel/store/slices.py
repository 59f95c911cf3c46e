"""Slices: a sub-state type, its initial value and its own actions, mountable in any store.

This is how stores compose. Each agent's part is written once, against its own type::

    translator = Slice(TranslatorState())
    # def set_target(state: TranslatorState, language: str) -> None: ...
    translator.register(set_target, writes=["target_language"])

and an app assembles the parts, plus the shared part its cross-cutting actions work on::

    store = Store.compose(
        AppState,
        slices={"agents.translator": translator, "agents.summarizer": summarizer},
        shared={"document": Document()},
    )
    store.register(submit_document, writes=["document", "agents.*.should_act"])

Mounted actions are named ``"<mount>.<action>"`` (``agents.translator.set_target``), get the
sub-state as their ``state`` argument, and their declared writes are prefixed by the mount
path. Committed states are never mutated, so one Slice (and its initial value) can be mounted
in many stores.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Concatenate, Generic, TypeVar

from sentinel.store.errors import ActionDefinitionError, StoreError

T = TypeVar("T")


@dataclass(frozen=True)
class SliceAction:
    """An action of a slice, before it is mounted: writes are relative to the slice."""

    name: str
    fn: Callable[..., Any]
    writes: tuple[str, ...] | None


class Slice(Generic[T]):
    """A reusable part of a state: its type, initial value and actions written against it."""

    def __init__(self, initial: T) -> None:
        self.initial = initial
        self._actions: dict[str, SliceAction] = {}

    @property
    def state_type(self) -> type[T]:
        """The type of this slice's state."""
        return type(self.initial)

    @property
    def actions(self) -> Mapping[str, SliceAction]:
        """The slice's actions by (unmounted) name."""
        return dict(self._actions)

    def register(
        self,
        fn: Callable[Concatenate[T, ...], None]
        | Callable[Concatenate[T, ...], Awaitable[Callable[[T], None]]],
        *,
        name: str | None = None,
        writes: Iterable[str] | None = None,
    ) -> SliceAction:
        """Add an action; ``writes`` are paths relative to the slice (``["should_act"]``)."""
        action = name or getattr(fn, "__name__", "")
        if not action or action == "<lambda>":
            raise ActionDefinitionError(repr(fn), "give it a name (name=...)")
        if action in self._actions:
            raise ActionDefinitionError(action, "this slice already has an action of that name")
        if isinstance(writes, str):
            raise ActionDefinitionError(action, f"writes must be a list of paths, not {writes!r}")
        entry = SliceAction(action, fn, None if writes is None else tuple(writes))
        self._actions[action] = entry
        return entry


def build_state(
    state_type: type[T], slices: Mapping[str, Slice[Any]], shared: Mapping[str, Any]
) -> T:
    """A ``state_type`` whose mounted parts are the slices' initial values.

    Mount paths may be nested (``agents.translator``): intermediate dataclasses are built from
    their declared field types. ``shared`` gives the remaining top-level fields.
    """
    tree: dict[str, Any] = dict(shared)
    for mount, part in slices.items():
        keys = mount.split(".")
        if not all(keys):
            raise StoreError(f"mount path {mount!r} has an empty segment")
        level = tree
        for key in keys[:-1]:
            nested = level.setdefault(key, {})
            if not isinstance(nested, dict):
                raise StoreError(f"mount path {mount!r} crosses the value given for {key!r}")
            level = nested
        if keys[-1] in level:
            raise StoreError(f"mount path {mount!r} is given twice (slices or shared)")
        level[keys[-1]] = _Mounted(part.initial)
    built: T = _construct(state_type, tree, "")
    return built


@dataclass(frozen=True)
class _Mounted:
    value: Any


def _construct(cls: Any, values: dict[str, Any], where: str) -> Any:
    if not (isinstance(cls, type) and dataclasses.is_dataclass(cls)):
        raise StoreError(f"cannot build {where or 'the state'}: {cls!r} is not a dataclass")
    hints = typing.get_type_hints(cls)
    kwargs: dict[str, Any] = {}
    for key, value in values.items():
        path = f"{where}.{key}" if where else key
        if key not in hints:
            raise StoreError(f"{cls.__name__} has no field {key!r} (mount or shared {path!r})")
        if isinstance(value, _Mounted):
            kwargs[key] = value.value
        elif isinstance(value, dict) and _has_mounts(value):
            kwargs[key] = _construct(typing.get_origin(hints[key]) or hints[key], value, path)
        else:
            kwargs[key] = value
    try:
        return cls(**kwargs)
    except TypeError as exc:
        raise StoreError(
            f"cannot build {cls.__name__} at {where or '(root)'!r} from slices and shared "
            f"values: {exc}"
        ) from exc


def _has_mounts(values: dict[str, Any]) -> bool:
    return any(
        isinstance(value, _Mounted) or (isinstance(value, dict) and _has_mounts(value))
        for value in values.values()
    )
