"""Numeric state fields become chart series: nested numbers by dotted path, no booleans."""

from __future__ import annotations

from datetime import timedelta

import pytest

from sentinel.api.ui.chart import HEIGHT, PAD_Y, charts, numbers
from sentinel.storage import StateVersionRecord
from tests.api.conftest import START


def _state(version: int, state: object, hours: float) -> StateVersionRecord:
    return StateVersionRecord(
        id=version,
        monitor_id=1,
        version=version,
        state=state,
        volatility_hint=None,
        evidence=[],
        fingerprints={},
        run_id=None,
        created_at=START + timedelta(hours=hours),
    )


def test_numbers_are_found_by_path_and_booleans_are_not_numbers() -> None:
    state = {"price": 10, "ok": True, "shop": {"stock": 2.5}, "list": [1, "x"], "name": "n"}
    assert list(numbers(state)) == [("price", 10.0), ("shop.stock", 2.5), ("list[0]", 1.0)]


def test_points_are_placed_by_time_and_value() -> None:
    [chart] = charts([_state(2, {"p": 5}, 1), _state(1, {"p": 10}, 0), _state(3, {"p": 0}, 3)])
    xs = [p.x for p in chart.points]
    assert xs[0] < xs[1] < xs[2]
    assert (xs[1] - xs[0]) * 2 == pytest.approx(xs[2] - xs[1])  # one hour, then two
    assert [p.y for p in chart.points] == [PAD_Y, HEIGHT / 2, HEIGHT - PAD_Y]
    assert (chart.low, chart.high) == (0.0, 10.0)
    assert chart.polyline.count(",") == 3


def test_a_constant_field_is_drawn_flat() -> None:
    [chart] = charts([_state(1, {"p": 3}, 0), _state(2, {"p": 3}, 0)])
    assert {p.y for p in chart.points} == {HEIGHT / 2}
