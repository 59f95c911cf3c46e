"""``sentinel bench engine``: the embedded engine's cost per run at 1k, 10k, 100k monitors.

For each size, a fresh SQLite database with that many monitors, a runner that does no web work,
and the engine as a worker runs it (see ``sentinel.bench.engine_scale``). Printed per size:
runs/s, CPU ms per run, statements and transactions per run, p50/p99 scheduling lag, the
time and peak memory of ``sentinel watch list``; and the ratio of the largest size's CPU per
run to the smallest's (the goal: within 1.3x, >= 150 runs/s on one core). ``--engine
temporal`` (or ``embedded,temporal``) also runs ``sentinel bench engine-temporal``'s
comparison at the same sizes (a Temporal dev server and PostgreSQL). ``--runner real`` (or
``noop,real``) also measures real runs: the product's ``execute_run`` against a loopback world
and a stand-in model, unchanged and changed pages (see ``sentinel.bench.engine_real``).
"""

from __future__ import annotations

import json
import os
import platform
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from sentinel.bench.engine_real import RealSettings
from sentinel.bench.engine_real_tables import run_real
from sentinel.bench.engine_scale import ScaleResult, ScaleSettings, peak_rss_mb, run_sizes
from sentinel.bench.engine_temporal import _commit, parse_sizes

ENGINES = ("embedded", "temporal")
RUNNERS = ("noop", "real")


def command(
    monitors: Annotated[
        str, typer.Option("--monitors", help="Comma-separated numbers of monitors.")
    ] = "1000,10000,100000",
    engine: Annotated[
        str, typer.Option("--engine", help="embedded, temporal, or both comma-separated.")
    ] = "embedded",
    runs: Annotated[
        int, typer.Option("--runs", min=1, help="Monitors due at once, run once each, per size.")
    ] = 2000,
    lag_runs: Annotated[
        int, typer.Option("--lag-runs", min=0, help="Runs falling due one by one, per size.")
    ] = 300,
    lag_rate: Annotated[
        float, typer.Option("--lag-rate", min=0.1, help="How many fall due per second.")
    ] = 20.0,
    concurrency: Annotated[
        int,
        typer.Option(
            "--concurrency", min=1, max=256, help="Runs in progress at most (`sentinel worker`'s)."
        ),
    ] = 2,
    runner: Annotated[
        str,
        typer.Option(
            "--runner",
            help="noop (the scheduler alone), real (execute_run on a loopback world), or both.",
        ),
    ] = "noop",
    real_runs: Annotated[
        int,
        typer.Option("--real-runs", min=1, help="Monitors run three times each, per size (real)."),
    ] = 400,
    changed_share: Annotated[
        float,
        typer.Option(
            "--changed-share", min=0.0, max=1.0, help="Share of changed runs for per-core figures."
        ),
    ] = 0.1,
    look_concurrency: Annotated[
        int,
        typer.Option(
            "--look-concurrency", min=1, max=256, help="Runs in flight for the look rows (real)."
        ),
    ] = 32,
    no_list: Annotated[
        bool, typer.Option("--no-list", help="Do not time `sentinel watch list`.")
    ] = False,
    json_file: Annotated[
        Path | None, typer.Option("--json", help="Also write the results to this JSON file.")
    ] = None,
) -> None:
    """The embedded engine's cost per monitor run as monitors grow (1k to 100k)."""
    sizes = parse_sizes(monitors)
    engines = [part.strip() for part in engine.split(",") if part.strip()]
    if not engines or any(name not in ENGINES for name in engines):
        raise typer.BadParameter(f"engine must be embedded, temporal or both, not {engine!r}")
    runners = [part.strip() for part in runner.split(",") if part.strip()]
    if not runners or any(name not in RUNNERS for name in runners):
        raise typer.BadParameter(f"runner must be noop, real or both, not {runner!r}")
    console = Console()
    document: dict[str, Any] = {}
    if "embedded" in engines and "real" in runners:
        real_settings = RealSettings(real_runs, concurrency, changed_share, look_concurrency)
        real = run_real(sizes, real_settings, console)
        if "noop" not in runners:
            document = real
        else:
            document["real"] = real
    if "embedded" in engines and "noop" in runners:
        load_before = list(os.getloadavg())
        settings = ScaleSettings(runs, lag_runs, lag_rate, concurrency, time_list=not no_list)
        results = run_sizes(sizes, settings)
        console.print(table(results))
        ratio = cost_ratio(results)
        if ratio is not None:
            console.print(
                f"CPU per run at {results[-1].monitors:,} monitors vs {results[0].monitors:,}: "
                f"{ratio:.2f}x (goal: <= 1.3x)"
            )
        document = {**to_json(results, load_before), **document}
    if "temporal" in engines:
        import asyncio

        from sentinel.bench.engine_temporal import table as temporal_table
        from sentinel.bench.engine_temporal import to_json as temporal_json
        from sentinel.engine.temporal.bench import measure_temporal_sizes

        measured = asyncio.run(measure_temporal_sizes(sizes, concurrency=concurrency))
        console.print(temporal_table(measured))
        document["temporal"] = temporal_json(measured)
    if json_file is not None:
        json_file.write_text(json.dumps(document, indent=2) + "\n")


def cost_ratio(results: list[ScaleResult]) -> float | None:
    """CPU per run at the largest size over the smallest's (None for a single size)."""
    if len(results) < 2:
        return None
    smallest = min(results, key=lambda r: r.monitors)
    largest = max(results, key=lambda r: r.monitors)
    return round(largest.cpu_ms_per_run / smallest.cpu_ms_per_run, 2)


def table(results: list[ScaleResult]) -> Table:
    """The results as a table, one row per size."""
    out = Table(title="Embedded engine per monitor run (SQLite, a runner that does no web work)")
    for header in (
        "monitors",
        "runs/s",
        "CPU ms/run",
        "runs per CPU s",
        "statements/run",
        "transactions/run",
        "lag p50 / p99 ms",
        "create s",
        "watch list s (CPU)",
        "watch list RSS MB",
    ):
        out.add_column(header, justify="right")
    for r in results:
        out.add_row(
            f"{r.monitors:,}",
            f"{r.runs_per_s:.1f}",
            f"{r.cpu_ms_per_run:.2f}",
            f"{r.runs_per_cpu_s:.0f}",
            f"{r.statements_per_run:.2f}",
            f"{r.transactions_per_run:.2f}",
            f"{r.lag_p50_ms:.0f} / {r.lag_p99_ms:.0f}",
            f"{r.create_s:.1f}",
            f"{r.list_s:.1f} ({r.list_cpu_s:.1f})" if r.list_s is not None else "—",
            f"{r.list_peak_rss_mb:.0f}" if r.list_peak_rss_mb is not None else "—",
        )
    return out


def to_json(results: list[ScaleResult], load_before: list[float]) -> dict[str, Any]:
    """The results with the metadata needed to compare runs."""
    return {
        "benchmark": "engine",
        "at": datetime.now(UTC).isoformat(timespec="seconds"),
        "commit": _commit(),
        "machine": {
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "load_average_at_start": load_before,
            "load_average_at_end": list(os.getloadavg()),
            "bench_peak_rss_mb": peak_rss_mb(),
        },
        "runner": "no web work: returns at once, next run in a month",
        "database": "sqlite (a fresh file per size)",
        "results": [result.to_json() for result in results],
        "cpu_per_run_largest_vs_smallest": cost_ratio(results),
    }
