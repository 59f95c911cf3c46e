"""``sentinel bench store``: action throughput of ``sentinel.store`` against the seed's approach.

The baseline is agent_lib's Store as the seed describes it: every action deep-copies the whole
state as a snapshot, mutates the state, then computes the delta with ``DeepDiff(old, new)``.
Both run the same actions on the same state: a dataclass holding a dict of N small records
and a few scalars. Two kinds of one-field change are measured:

- ``field``: a scalar at the root (``state.counter = i``);
- ``record``: a field of one record (``state.records["k42"].value = x``). Here the store copies
  the records dict shallowly (path copying), so its cost grows with N, at C speed.

The baseline is time-boxed (``--baseline-seconds``, at least one action): at 100,000 records
one of its actions takes tens of seconds.
"""

from __future__ import annotations

import copy
import gc
import json
import os
import platform
import subprocess
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from sentinel.store import Store

CHANGES = ("field", "record")


@dataclass
class BenchRecord:
    """One small record of the benchmark state."""

    id: int
    name: str
    value: float = 0.0
    tags: list[str] = field(default_factory=list)


@dataclass
class BenchState:
    """The benchmark state: ``size`` records plus a few scalars."""

    records: dict[str, BenchRecord]
    status: str = "idle"
    counter: int = 0
    owner: str = "bench"


def make_state(size: int) -> BenchState:
    """A state holding ``size`` records."""
    return BenchState({f"k{i}": BenchRecord(i, f"record {i}", tags=["a"]) for i in range(size)})


def set_counter(state: BenchState, value: int) -> None:
    """The ``field`` change: one scalar at the root."""
    state.counter = value


def set_record_value(state: BenchState, key: str, value: float) -> None:
    """The ``record`` change: one field of one record."""
    state.records[key].value = value


def payloads(change: str, size: int) -> Iterator[dict[str, Any]]:
    """Endless payloads for ``change``, each one really changing the state."""
    i = 0
    while True:
        i += 1
        if change == "field":
            yield {"value": i}
        else:
            yield {"key": f"k{i % size}", "value": float(i)}


ACTIONS: dict[str, tuple[Callable[..., None], list[str]]] = {
    "field": (set_counter, ["counter"]),
    "record": (set_record_value, ["records.*.value"]),
}


class DeepcopyDiffStore:
    """The seed's agent_lib Store: deepcopy snapshot + in-place action + DeepDiff per action."""

    def __init__(self, state: BenchState) -> None:
        from deepdiff import DeepDiff  # the bench extra; imported only when the baseline runs

        self._diff = DeepDiff
        self.state = state

    def dispatch(self, action: Callable[..., None], **payload: Any) -> Any:
        """Run ``action`` and return the DeepDiff of the state before and after it."""
        before = copy.deepcopy(self.state)
        action(self.state, **payload)
        return self._diff(before, self.state)


@dataclass(frozen=True)
class Measurement:
    """How many actions ran in how many seconds."""

    actions: int
    seconds: float

    @property
    def per_second(self) -> float:
        """Actions per second."""
        return self.actions / self.seconds if self.seconds > 0 else float("inf")

    @property
    def microseconds(self) -> float:
        """Mean cost of one action, in microseconds."""
        return self.seconds / self.actions * 1e6


@dataclass(frozen=True)
class Row:
    """One line of the result table."""

    size: int
    change: str
    baseline: Measurement
    store: Measurement

    @property
    def ratio(self) -> float:
        """Store actions/s over baseline actions/s."""
        return self.store.per_second / self.baseline.per_second


def measure_store(size: int, change: str, actions: int, seconds: float) -> Measurement:
    """Dispatch up to ``actions`` actions (at most ``seconds``, at least 10) on a fresh Store."""
    fn, writes = ACTIONS[change]
    store = Store(make_state(size))
    store.register(fn, writes=writes)
    name = fn.__name__
    source = payloads(change, size)
    for _ in range(min(actions, 50)):  # warm caches (type hints, class info) before timing
        store.dispatch(name, **next(source))
    gc.collect()  # start clean: the other store's garbage is not this one's cost
    done = 0
    start = time.perf_counter()
    deadline = start + seconds
    while done < actions and (done < 10 or time.perf_counter() < deadline):
        store.dispatch(name, **next(source))
        done += 1
    return Measurement(done, time.perf_counter() - start)


def measure_baseline(size: int, change: str, seconds: float) -> Measurement:
    """Dispatch baseline actions for ``seconds`` (at least one)."""
    fn, _ = ACTIONS[change]
    baseline = DeepcopyDiffStore(make_state(size))
    source = payloads(change, size)
    gc.collect()
    done = 0
    start = time.perf_counter()
    while done == 0 or time.perf_counter() - start < seconds:
        baseline.dispatch(fn, **next(source))
        done += 1
    return Measurement(done, time.perf_counter() - start)


def run(sizes: list[int], changes: list[str], actions: int, baseline_seconds: float) -> list[Row]:
    """Measure both stores for each size and change, side by side."""
    return [
        Row(
            size,
            change,
            measure_baseline(size, change, baseline_seconds),
            measure_store(size, change, actions, max(baseline_seconds, 1.0)),
        )
        for size in sizes
        for change in changes
    ]


def table(rows: list[Row]) -> Table:
    """The rich table of results."""
    result = Table(title="Store action throughput: sentinel.store vs deepcopy + DeepDiff")
    for column in (
        "size",
        "change",
        "baseline actions/s",
        "store actions/s",
        "ratio",
        "baseline ms/action",
        "store µs/action",
    ):
        result.add_column(column, justify="right")
    for row in rows:
        result.add_row(
            f"{row.size:,}",
            row.change,
            f"{row.baseline.per_second:,.2f}",
            f"{row.store.per_second:,.0f}",
            f"{row.ratio:,.0f}×",
            f"{row.baseline.microseconds / 1000:,.0f}",
            f"{row.store.microseconds:,.1f}",
        )
    return result


def to_json(rows: list[Row], actions: int, baseline_seconds: float) -> dict[str, Any]:
    """The results with the metadata needed to compare runs."""
    return {
        "benchmark": "store",
        "at": datetime.now(UTC).isoformat(timespec="seconds"),
        "commit": _commit(),
        "machine": {
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
        },
        "settings": {"actions": actions, "baseline_seconds": baseline_seconds},
        "results": [
            {
                "size": row.size,
                "change": row.change,
                "baseline": {**asdict(row.baseline), "per_second": row.baseline.per_second},
                "store": {**asdict(row.store), "per_second": row.store.per_second},
                "ratio": row.ratio,
            }
            for row in rows
        ],
    }


def _commit() -> str | None:
    try:
        done = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            timeout=5,
            cwd=Path(__file__).parent,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() or None


def _parse_sizes(text: str) -> list[int]:
    try:
        sizes = [int(part) for part in text.split(",") if part.strip()]
    except ValueError as exc:
        raise typer.BadParameter(f"sizes must be comma-separated integers, not {text!r}") from exc
    if not sizes or any(size < 1 for size in sizes):
        raise typer.BadParameter(f"sizes must be positive integers, not {text!r}")
    return sizes


def _parse_changes(text: str) -> list[str]:
    changes = [part.strip() for part in text.split(",") if part.strip()]
    unknown = sorted(set(changes) - set(CHANGES))
    if not changes or unknown:
        raise typer.BadParameter(f"changes must be among {', '.join(CHANGES)}; got {text!r}")
    return changes


def command(
    sizes: Annotated[
        str, typer.Option("--sizes", help="Comma-separated numbers of records in the state.")
    ] = "100,10000,100000",
    actions: Annotated[
        int, typer.Option("--actions", min=1, help="Store actions per size and change (at most).")
    ] = 2000,
    baseline_seconds: Annotated[
        float,
        typer.Option(
            "--baseline-seconds",
            min=0.0,
            help="Time box of the baseline per size and change; it runs at least one action.",
        ),
    ] = 2.0,
    changes: Annotated[
        str, typer.Option("--changes", help="Which one-field changes to run: field, record.")
    ] = "field,record",
    json_file: Annotated[
        Path | None, typer.Option("--json", help="Also write the results to this JSON file.")
    ] = None,
) -> None:
    """Action throughput of the Store against deepcopy + DeepDiff per action (the seed's)."""
    rows = run(_parse_sizes(sizes), _parse_changes(changes), actions, baseline_seconds)
    Console().print(table(rows))
    if json_file is not None:
        json_file.write_text(json.dumps(to_json(rows, actions, baseline_seconds), indent=2))
