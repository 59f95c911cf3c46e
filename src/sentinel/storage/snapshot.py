"""One way to snapshot an ORM row: a frozen dataclass whose fields name the row's columns.

A record class lists its fields once; :meth:`Snapshot.of` reads each of them from the row by
name and passes it through the class's converter for that field, when it has one (an enum for
the stored string, ``as_utc`` for a time, ``list``/``dict`` for a detached copy of a JSON
document). A field without a converter is copied as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import Field, fields
from typing import Any, ClassVar, Generic, Self, TypeVar

from sentinel.storage.types import as_utc

RowT = TypeVar("RowT")

Converter = Callable[[Any], Any]
Converters = Mapping[str, Converter]


def utc(*names: str) -> dict[str, Converter]:
    """``as_utc`` as the converter of each time field in ``names``."""
    return dict.fromkeys(names, as_utc)


class Snapshot(Generic[RowT]):
    """Base of the ``@dataclass(frozen=True, slots=True)`` records snapshotting ``RowT`` rows."""

    __slots__ = ()
    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]
    CONVERTERS: ClassVar[Converters] = {}

    @classmethod
    def of(cls, row: RowT) -> Self:
        """Snapshot an ORM row: every field read from the column of the same name."""
        plan = _PLANS.get(cls)
        if plan is None:
            plan = _PLANS[cls] = tuple(
                (field.name, cls.CONVERTERS.get(field.name)) for field in fields(cls)
            )
        values = {
            name: getattr(row, name) if convert is None else convert(getattr(row, name))
            for name, convert in plan
        }
        return cls(**values)


# Per record class, its fields with their converters (None: copied as is), worked out once.
_PLANS: dict[type[Any], tuple[tuple[str, Converter | None], ...]] = {}
