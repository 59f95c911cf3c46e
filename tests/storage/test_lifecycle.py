"""The monitor state machine, edge by edge."""

from __future__ import annotations

import itertools

import pytest

from sentinel.storage import ALLOWED_TRANSITIONS, InvalidTransition, MonitorState
from sentinel.storage.lifecycle import NextRun, check_transition, schedule_effect

ALL_PAIRS = list(itertools.product(MonitorState, MonitorState))
EXPECTED_EDGES = {
    ("active", "paused"),
    ("paused", "active"),
    ("active", "completed"),
    ("completed", "active"),
    ("active", "failed"),
    ("failed", "active"),
}


def test_the_machine_has_exactly_the_documented_edges() -> None:
    assert {(a.value, b.value) for a, b in ALLOWED_TRANSITIONS} == EXPECTED_EDGES


@pytest.mark.parametrize(("from_state", "to_state"), ALL_PAIRS, ids=lambda s: s.value)
def test_every_pair_is_allowed_exactly_when_it_is_an_edge(
    from_state: MonitorState, to_state: MonitorState
) -> None:
    if (from_state.value, to_state.value) in EXPECTED_EDGES:
        check_transition(7, from_state, to_state)
        return
    with pytest.raises(InvalidTransition) as caught:
        check_transition(7, from_state, to_state)
    assert (caught.value.from_state, caught.value.to_state) == (from_state, to_state)
    assert "monitor 7" in str(caught.value)
    assert repr(from_state.value) in str(caught.value)
    assert repr(to_state.value) in str(caught.value)


def test_pausing_keeps_the_schedule_and_completing_clears_it() -> None:
    assert schedule_effect(MonitorState.PAUSED).next_run is NextRun.KEEP
    assert schedule_effect(MonitorState.ACTIVE).next_run is NextRun.RESUME
    assert schedule_effect(MonitorState.COMPLETED).next_run is NextRun.CLEAR
    assert schedule_effect(MonitorState.FAILED).next_run is NextRun.CLEAR
    assert all(schedule_effect(state).clear_lease for state in MonitorState)
