"""Numeric state fields over time, drawn as inline SVG by the server (no script needed).

Every number in a monitor's state versions (``price_usd``, ``stock.count``; booleans are not
numbers here) becomes a series; each series is one small line chart whose coordinates are
computed here and written into the page by the template.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sentinel.storage import StateVersionRecord

WIDTH = 600
HEIGHT = 160
PAD_X = 16
PAD_Y = 16
MAX_SERIES = 12


@dataclass(frozen=True, slots=True)
class Point:
    """One value of a field, where it is drawn, and what it says on hover."""

    x: float
    y: float
    value: float
    at: datetime
    version: int


@dataclass(frozen=True, slots=True)
class Chart:
    """One field's line: its points in SVG coordinates and the labels of its axes."""

    field: str
    points: list[Point]
    low: float
    high: float
    width: int = WIDTH
    height: int = HEIGHT

    @property
    def left(self) -> int:
        """Where the plot area starts."""
        return PAD_X

    @property
    def right(self) -> int:
        """Where the plot area ends."""
        return self.width - PAD_X

    @property
    def top(self) -> int:
        """The plot area's top edge."""
        return PAD_Y

    @property
    def bottom(self) -> int:
        """The plot area's bottom edge (the time axis)."""
        return self.height - PAD_Y

    @property
    def polyline(self) -> str:
        """The ``points`` attribute of the SVG polyline."""
        return " ".join(f"{p.x:.1f},{p.y:.1f}" for p in self.points)


def numbers(value: Any, path: str = "") -> Iterator[tuple[str, float]]:
    """Every numeric leaf of a JSON value as ``(dotted path, number)``."""
    if isinstance(value, bool):
        return
    if isinstance(value, int | float):
        yield path or "value", float(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from numbers(item, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from numbers(item, f"{path}[{index}]")


def charts(states: Iterable[StateVersionRecord]) -> list[Chart]:
    """The charts of the numeric fields of ``states`` (any order), oldest value first."""
    series: dict[str, list[tuple[datetime, int, float]]] = {}
    for state in sorted(states, key=lambda s: s.version):
        for field, value in numbers(state.state):
            series.setdefault(field, []).append((state.created_at, state.version, value))
    return [_chart(field, values) for field, values in list(series.items())[:MAX_SERIES]]


def _chart(field: str, values: list[tuple[datetime, int, float]]) -> Chart:
    low = min(v for _, _, v in values)
    high = max(v for _, _, v in values)
    span_y = (high - low) or 1.0
    first, last = values[0][0], values[-1][0]
    span_t = (last - first).total_seconds()
    inner_w, inner_h = WIDTH - 2 * PAD_X, HEIGHT - 2 * PAD_Y
    points = []
    for index, (at, version, value) in enumerate(values):
        if span_t > 0:
            share = (at - first).total_seconds() / span_t
        else:  # all at one moment: spread them evenly
            share = index / (len(values) - 1) if len(values) > 1 else 0.5
        x = PAD_X + share * inner_w
        y = PAD_Y + (1 - (value - low) / span_y) * inner_h if high > low else HEIGHT / 2
        points.append(Point(x, y, value, at, version))
    return Chart(field, points, low, high)
