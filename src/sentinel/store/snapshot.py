"""JSON snapshots of a state, typed by pydantic, and atomic snapshot files."""

from __future__ import annotations

import os
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

from pydantic import TypeAdapter, ValidationError

from sentinel.store.errors import SnapshotError

S = TypeVar("S")


@lru_cache(maxsize=64)
def _cached_adapter(state_type: Any) -> TypeAdapter[Any]:
    return TypeAdapter(state_type)


def _adapter(state_type: Any) -> TypeAdapter[Any]:
    return _cached_adapter(state_type)


def dump_state(state: Any, state_type: Any = None) -> str:
    """``state`` as JSON text (``state_type`` defaults to the state's class)."""
    return _adapter(state_type or type(state)).dump_json(state).decode()


def load_state(state_type: type[S], text: str | bytes) -> S:
    """A ``state_type`` validated from JSON text; SnapshotError says what does not fit."""
    try:
        state: S = _adapter(state_type).validate_json(text)
    except ValidationError as exc:
        raise SnapshotError(
            f"snapshot does not match {getattr(state_type, '__name__', state_type)}: {exc}"
        ) from exc
    return state


def write_atomic(path: str | os.PathLike[str], text: str) -> Path:
    """Write ``text`` to ``path`` so readers see the old file or the new one, never a torn one."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    descriptor, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return target
