"""Undo, redo, restore and the history bound."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sentinel.store import Delta, HistoryError, Store
from tests.store.model import Model, Step, programs, run_program, sample_model


def apply_program(state: Model, program: list[list[Any]]) -> None:
    run_program(state, [tuple(step) for step in program])


def make_store(**options: Any) -> Store[Model]:
    store = Store(sample_model(), **options)
    store.register(apply_program)
    return store


def as_payload(program: list[Step]) -> list[list[Any]]:
    return [list(step) for step in program]


@settings(max_examples=60, deadline=None)
@given(st.lists(programs, min_size=1, max_size=5))
def test_undo_after_do_restores_the_state_exactly(batches: list[list[Step]]) -> None:
    store = make_store()
    for program in batches:
        before_snapshot = store.snapshot()
        before = copy.deepcopy(store.state)
        delta = store.dispatch("apply_program", program=as_payload(program))
        after = copy.deepcopy(store.state)
        if not delta.changes:
            continue
        store.undo()
        assert store.state == before
        assert store.snapshot() == before_snapshot
        store.redo()
        assert store.state == after


def test_undo_and_redo_notify_subscribers_with_their_own_deltas() -> None:
    store = make_store()
    seen: list[Delta] = []
    store.subscribe(seen.append)
    done = store.dispatch("apply_program", program=[["set_title", "x"]])

    undo = store.undo()
    redo = store.redo()

    assert undo is not None
    assert redo is not None
    assert [(d.action, d.seq, d.payload) for d in seen] == [
        ("apply_program", 1, {"program": [["set_title", "x"]]}),
        ("undo", 2, {"seq": 1}),
        ("redo", 3, {"seq": 1}),
    ]
    assert [(c.path, c.before, c.after) for c in undo.changes] == [("title", "x", "t")]
    assert redo.changes == done.changes
    assert store.history == (done,)


def test_undo_and_redo_return_none_at_the_ends() -> None:
    store = make_store()
    assert store.undo() is None
    assert store.redo() is None


def test_a_new_dispatch_drops_what_was_undone() -> None:
    store = make_store()
    store.dispatch("apply_program", program=[["set_title", "x"]])
    store.undo()
    assert len(store.redoable) == 1
    store.dispatch("apply_program", program=[["set_title", "y"]])
    assert len(store.redoable) == 0
    assert store.redo() is None


def test_restore_goes_back_and_forward_to_the_state_after_a_delta() -> None:
    store = make_store()
    states = []
    for title in ["a", "b", "c"]:
        store.dispatch("apply_program", program=[["set_title", title], ["inc", 1]])
        states.append(copy.deepcopy(store.state))

    back = store.restore(1)
    assert store.state == states[0]
    assert back.action == "restore"
    assert back.payload == {"seq": 1}
    assert [d.seq for d in store.history] == [1]
    assert [d.seq for d in store.redoable] == [2, 3]

    store.restore(3)
    assert store.state == states[2]
    assert store.restore(3).changes == ()


def test_restore_of_an_unknown_seq_names_what_the_history_holds() -> None:
    store = make_store()
    store.dispatch("apply_program", program=[["set_title", "a"]])
    with pytest.raises(HistoryError, match=r"delta 9 is not in the history \(it holds 1\.\.1\)"):
        store.restore(9)


def test_history_is_bounded_by_history_limit() -> None:
    store = make_store(history_limit=3)
    for count in range(1, 6):
        store.dispatch("apply_program", program=[["inc", 1]])
        assert store.state.count == count
    assert [d.seq for d in store.history] == [3, 4, 5]
    while store.undo() is not None:
        pass
    assert store.state.count == 2


def test_history_limit_zero_keeps_nothing() -> None:
    store = make_store(history_limit=0)
    store.dispatch("apply_program", program=[["inc", 1]])
    assert store.history == ()
    assert store.undo() is None


def test_history_limit_must_not_be_negative() -> None:
    with pytest.raises(HistoryError, match="must be >= 0"):
        make_store(history_limit=-1)
