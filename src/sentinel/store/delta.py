"""What an action changed: ``Change`` (one path) and ``Delta`` (one committed step).

Changes are an ordered log: replaying them in order on the state before the step gives the
state after it (see ``sentinel.store.replay``), and ``inverted`` gives the log that walks
back. Values in a change are the committed objects themselves, shared with the state, never
copies; like the state, they must not be mutated.
"""

from __future__ import annotations

import json
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal, cast

from pydantic_core import to_jsonable_python

from sentinel.store.errors import StoreError
from sentinel.store.paths import Location, path_of

Op = Literal["set", "insert", "delete"]
"""``set`` replaces a value; ``insert`` adds a list item or a dict key (or a new attribute);
``delete`` removes one. ``before`` is None for ``insert`` and ``after`` is None for ``delete``."""

_INVERSE: dict[Op, Op] = {"set": "set", "insert": "delete", "delete": "insert"}


@dataclass(frozen=True, slots=True)
class Change:
    """One write at one path: ``op`` with the value ``before`` and ``after`` it.

    ``index`` is set on a dict key's ``delete`` (and on the ``insert`` that undoes it) when the
    key was not the last one: dicts are ordered, and undo puts the key back where it was.
    """

    path: str
    op: Op
    before: Any
    after: Any
    location: Location = ()
    index: int | None = None

    @classmethod
    def at(
        cls, location: Location, op: Op, before: Any, after: Any, index: int | None = None
    ) -> Change:
        """The change at the exact ``location`` (its ``path`` is derived)."""
        return cls(path_of(location), op, before, after, location, index)

    def inverted(self) -> Change:
        """The change that undoes this one."""
        return Change(
            self.path, _INVERSE[self.op], self.after, self.before, self.location, self.index
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (values converted like pydantic's JSON mode)."""
        try:
            return {
                "path": self.path,
                "location": to_jsonable_python(list(self.location)),
                "op": self.op,
                "before": to_jsonable_python(self.before),
                "after": to_jsonable_python(self.after),
                **({} if self.index is None else {"index": self.index}),
            }
        except Exception as exc:  # pydantic_core raises its own error types here
            raise StoreError(f"change at {self.path!r} is not JSON-serializable: {exc}") from exc


@dataclass(frozen=True, slots=True)
class Delta:
    """One committed step of the store: what ran (``action``, ``payload``) and what changed.

    ``seq`` increases by one per committed delta. An action that changed nothing returns a
    delta with ``changes == ()`` and the ``seq`` of the state it left as it was. A dispatch
    made from inside a subscriber returns a delta with ``queued=True`` and no changes: the
    action runs after the current subscribers, and its real delta reaches subscribers then.
    """

    seq: int
    action: str
    payload: dict[str, Any]
    changes: tuple[Change, ...]
    at: datetime
    queued: bool = False

    @property
    def paths(self) -> tuple[str, ...]:
        """The changed paths, in the order they were written."""
        return tuple(change.path for change in self.changes)

    def inverted(self) -> tuple[Change, ...]:
        """The changes that take the state after this delta back to the state before it."""
        return invert(self.changes)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "seq": self.seq,
            "action": self.action,
            "payload": to_jsonable_python(self.payload),
            "at": self.at.isoformat(),
            "changes": [change.to_dict() for change in self.changes],
        }

    def to_json(self) -> str:
        """This delta as JSON text."""
        return json.dumps(self.to_dict())

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], state_type: Any = None) -> Delta:
        """Rebuild a delta from ``to_dict`` output.

        Without ``state_type`` the values stay plain JSON (dicts, lists). With it, each value is
        validated (by pydantic) as the type declared at its path, so replaying the delta
        rebuilds dataclasses, sets and the rest exactly.
        """
        from sentinel.store.typepaths import decode_value  # typing machinery, only when asked

        changes = []
        for raw in data["changes"]:
            location = tuple(cast(Sequence[Hashable], raw["location"]))
            op = cast(Op, raw["op"])
            before, after = raw["before"], raw["after"]
            if state_type is not None:
                if op != "insert":
                    before = decode_value(state_type, location, before)
                if op != "delete":
                    after = decode_value(state_type, location, after)
            index = raw.get("index")
            changes.append(Change(raw["path"], op, before, after, location, index))
        return cls(
            seq=int(data["seq"]),
            action=str(data["action"]),
            payload=dict(data["payload"]),
            changes=tuple(changes),
            at=datetime.fromisoformat(data["at"]),
        )

    @classmethod
    def from_json(cls, text: str, state_type: Any = None) -> Delta:
        """Rebuild a delta from ``to_json`` output (see ``from_dict`` for ``state_type``)."""
        return cls.from_dict(json.loads(text), state_type)


def invert(changes: Sequence[Change]) -> tuple[Change, ...]:
    """The change log that undoes ``changes`` (each change inverted, in reverse order)."""
    return tuple(change.inverted() for change in reversed(changes))
