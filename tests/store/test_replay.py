"""apply_delta: pure, structurally shared replays; deltas survive JSON with their types."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sentinel.store import (
    Change,
    Delta,
    DeltaConflict,
    Store,
    apply_changes,
    apply_delta,
    load_state,
)
from tests.store.model import Model, Step, programs, run_program, sample_model


def apply_program(state: Model, program: list[list[Any]]) -> None:
    run_program(state, [tuple(step) for step in program])


@settings(max_examples=60, deadline=None)
@given(st.lists(programs, max_size=6))
def test_deltas_replayed_on_a_snapshot_reproduce_the_state(batches: list[list[Step]]) -> None:
    store = Store(sample_model())
    store.register(apply_program)
    snapshot = store.snapshot()
    recorded = []
    store.subscribe(lambda delta: recorded.append(delta.to_json()))
    for program in batches:
        store.dispatch("apply_program", program=[list(step) for step in program])

    replayed = load_state(Model, snapshot)
    for text in recorded:
        replayed = apply_delta(replayed, Delta.from_json(text, Model))

    assert replayed == store.state
    # dicts are ordered (sets are not, so their JSON order may differ)
    assert list(replayed.prices) == list(store.state.prices)
    assert list(replayed.groups) == list(store.state.groups)


def test_apply_delta_leaves_its_input_untouched_and_shares_what_it_did_not_change() -> None:
    original = sample_model()
    pristine = copy.deepcopy(original)
    delta = Delta(
        1,
        "edit",
        {},
        (
            Change.at(("items", 1, "qty"), "set", 2, 7),
            Change.at(("prices", "p9"), "insert", None, 9.0),
        ),
        at=Delta.from_json(
            '{"seq":0,"action":"x","payload":{},"at":"2026-01-01T00:00:00+00:00","changes":[]}'
        ).at,
    )
    new = apply_delta(original, delta)
    assert original == pristine
    assert new.items[1].qty == 7
    assert new.prices["p9"] == 9.0
    assert new.items[0] is original.items[0]
    assert new.inner is original.inner


def test_a_change_that_does_not_fit_the_state_raises_delta_conflict() -> None:
    with pytest.raises(DeltaConflict, match=r"cannot apply set at 'items\.9\.qty': no node at"):
        apply_changes(sample_model(), [Change.at(("items", 9, "qty"), "set", 0, 1)])
    with pytest.raises(DeltaConflict, match=r"cannot apply delete at 'prices\.nope'"):
        apply_changes(sample_model(), [Change.at(("prices", "nope"), "delete", 1.0, None)])
    with pytest.raises(DeltaConflict, match="not a container"):
        apply_changes(sample_model(), [Change.at(("title", "x"), "set", 0, 1)])


def test_changes_built_from_dotted_paths_address_list_items() -> None:
    change = Change("items.0.name", "set", "a", "z", ("items", "0", "name"))
    assert apply_changes(sample_model(), [change]).items[0].name == "z"


def test_delta_json_keeps_dict_positions_for_exact_undo() -> None:
    store = Store(sample_model())

    def drop_first_price(state: Model) -> None:
        del state.prices["p1"]

    store.register(drop_first_price)
    delta = store.dispatch("drop_first_price")
    decoded = Delta.from_json(delta.to_json(), Model)
    assert decoded.changes[0].index == 0
    back = apply_changes(store.state, decoded.inverted())
    assert list(back.prices) == ["p1", "p2"]
