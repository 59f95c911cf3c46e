"""``sentinel bench engine-temporal``: the Temporal engine beside the embedded one.

For each size, N monitors run once each, first on the embedded engine, then on the Temporal
engine (a fresh ``temporal server start-dev`` on loopback and one worker in this process),
each on a fresh PostgreSQL database, with the same runner that does no web work — so the
numbers are the engines' own overhead. Printed per engine and size: runs/s, CPU ms per run of
this process and of the Temporal server, p50/p99 lag behind the due time in the backlog, the
time to start the workflows, and the ratio of Temporal's cost per run to the embedded one's.
See ``sentinel.engine.temporal.bench`` for what each run does.
"""

from __future__ import annotations

import asyncio
import json
import os
import platform
import subprocess
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from sentinel.engine.temporal.bench import (
    DEFAULT_PG_SERVER,
    TemporalBenchResult,
    measure_temporal_sizes,
)


def command(
    monitors: Annotated[
        str, typer.Option("--monitors", help="Comma-separated numbers of monitors.")
    ] = "1000,10000",
    concurrency: Annotated[
        int, typer.Option("--concurrency", min=1, max=256, help="Runs in progress at most.")
    ] = 32,
    pg_server: Annotated[
        str,
        typer.Option(
            "--pg", help="PostgreSQL server (a scratch database is created there per size)."
        ),
    ] = DEFAULT_PG_SERVER,
    json_file: Annotated[
        Path | None, typer.Option("--json", help="Also write the results to this JSON file.")
    ] = None,
) -> None:
    """The Temporal engine's overhead per monitor run beside the embedded engine's."""
    sizes = parse_sizes(monitors)
    measuring = measure_temporal_sizes(sizes, pg_server=pg_server, concurrency=concurrency)
    results = asyncio.run(measuring)
    Console().print(table(results))
    if json_file is not None:
        json_file.write_text(json.dumps(to_json(results), indent=2) + "\n")


def parse_sizes(text: str) -> list[int]:
    """Comma-separated positive integers."""
    try:
        sizes = [int(part) for part in text.split(",") if part.strip()]
    except ValueError as exc:
        raise typer.BadParameter(
            f"monitors must be comma-separated integers, not {text!r}"
        ) from exc
    if not sizes or any(size < 1 for size in sizes):
        raise typer.BadParameter(f"monitors must be positive integers, not {text!r}")
    return sizes


def cost_ratios(results: list[TemporalBenchResult]) -> dict[int, float]:
    """Per size: Temporal's CPU per run (worker + server) over the embedded engine's."""
    by_size: dict[int, dict[str, TemporalBenchResult]] = {}
    for result in results:
        by_size.setdefault(result.monitors, {})[result.engine] = result
    ratios = {}
    for size, engines in by_size.items():
        if "embedded" in engines and "temporal" in engines:
            temporal = engines["temporal"]
            cost = temporal.worker_cpu_ms_per_run + (temporal.server_cpu_ms_per_run or 0.0)
            ratios[size] = round(cost / engines["embedded"].worker_cpu_ms_per_run, 1)
    return ratios


def table(results: list[TemporalBenchResult]) -> Table:
    """The results as a table, with the cost ratio on Temporal's rows."""
    ratios = cost_ratios(results)
    out = Table(title="Engine overhead per monitor run (a runner that does no web work)")
    for header in (
        "monitors",
        "engine",
        "runs/s",
        "CPU ms/run (worker)",
        "CPU ms/run (Temporal server)",
        "lag p50 / p99 s",
        "start workflows s",
        "CPU vs embedded",
    ):
        out.add_column(header, justify="right")
    for r in results:
        server = f"{r.server_cpu_ms_per_run:.1f}" if r.server_cpu_ms_per_run is not None else "—"
        shown = r.engine == "temporal" and r.monitors in ratios
        ratio = f"{ratios[r.monitors]:.1f}×" if shown else ""
        out.add_row(
            f"{r.monitors:,}",
            r.engine,
            f"{r.runs_per_s:.1f}",
            f"{r.worker_cpu_ms_per_run:.1f}",
            server,
            f"{r.lag_p50_s:.1f} / {r.lag_p99_s:.1f}",
            f"{r.start_s:.1f}" if r.engine == "temporal" else "—",
            ratio,
        )
    return out


def to_json(results: list[TemporalBenchResult]) -> dict[str, Any]:
    """The results with the metadata needed to compare runs."""
    return {
        "benchmark": "engine-temporal",
        "at": datetime.now(UTC).isoformat(timespec="seconds"),
        "commit": _commit(),
        "machine": {
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "load_average_at_end": list(os.getloadavg()),
        },
        "runner": "no web work: returns at once, next run in a day",
        "database": "postgresql (a scratch database per engine and size)",
        "results": [result.to_json() for result in results],
        "temporal_cpu_per_run_vs_embedded": {str(k): v for k, v in cost_ratios(results).items()},
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
