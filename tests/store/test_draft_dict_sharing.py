"""A dict whose writes cancel out is shared, not copied (found by test_draft's property)."""

from __future__ import annotations

from typing import Any

from tests.store.test_draft import draft_run


def test_inserting_then_deleting_a_new_key_keeps_the_dict() -> None:
    state = {"prices": {"p1": 1.0, "p2": 2.5}, "other": [1]}

    def insert_then_delete(draft: Any) -> None:
        draft["prices"]["p3"] = 0.0
        del draft["prices"]["p3"]

    new, session = draft_run(state, insert_then_delete)
    assert session.changes == []
    assert new["prices"] is state["prices"]
    assert new is state


def test_a_delete_that_reorders_keys_still_copies() -> None:
    state = {"prices": {"p1": 1.0, "p2": 2.5}}

    def move_first_key_last(draft: Any) -> None:
        value = draft["prices"]["p1"]
        del draft["prices"]["p1"]
        draft["prices"]["p1"] = value

    new, _ = draft_run(state, move_first_key_last)
    assert list(new["prices"]) == ["p2", "p1"]
    assert list(state["prices"]) == ["p1", "p2"]
