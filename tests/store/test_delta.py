"""Delta and Change: inversion and JSON."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from sentinel.store import Change, Delta, StoreError, invert
from tests.store.model import Item, Model


def test_inverting_changes_reverses_their_order_and_swaps_before_and_after() -> None:
    changes = (
        Change.at(("items", 0), "insert", None, Item("a")),
        Change.at(("items", 0, "qty"), "set", 0, 5),
    )
    assert invert(changes) == (
        Change.at(("items", 0, "qty"), "set", 5, 0),
        Change.at(("items", 0), "delete", Item("a"), None),
    )


def test_delta_json_round_trip_rebuilds_typed_values_with_the_state_type() -> None:
    delta = Delta(
        seq=4,
        action="add",
        payload={"name": "a"},
        changes=(Change.at(("items", 2), "insert", None, Item("a", 1, ["t"])),),
        at=datetime(2026, 5, 1, 12, tzinfo=UTC),
    )
    text = delta.to_json()
    assert Delta.from_json(text, Model) == delta
    untyped = Delta.from_json(text)
    assert untyped.changes[0].after == {"name": "a", "qty": 1, "tags": ["t"]}


def test_a_value_that_cannot_be_json_names_its_path() -> None:
    change = Change.at(("blob",), "set", None, object())
    with pytest.raises(StoreError, match="change at 'blob' is not JSON-serializable"):
        change.to_dict()
