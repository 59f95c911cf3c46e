"""``sentinel bench engine --runner real``: run, print and document real-run measurements.

The measuring is :mod:`sentinel.bench.engine_real`; here the console table, the JSON document
(``docs/benchmarks/engine-real.json``) and the Markdown table the docs show from it
(registered in :mod:`sentinel.bench.doc_tables`).
"""

from __future__ import annotations

import os
import platform
from datetime import UTC, datetime
from typing import Any

from rich.console import Console
from rich.table import Table

from sentinel.bench.engine_real import (
    CADENCE_S,
    RealResult,
    RealSettings,
    cost_ratio,
    run_sizes,
)
from sentinel.bench.engine_scale import peak_rss_mb
from sentinel.bench.engine_temporal import _commit

HEADERS = (
    "monitors",
    "run",
    "CPU ms/run",
    "statements/run",
    "transactions/run",
    "bytes/run",
    "runs/s",
    "model calls",
)


def run_real(sizes: list[int], settings: RealSettings, console: Console) -> dict[str, Any]:
    """Measure ``sizes``, print the table and the per-core figures; the JSON document."""
    load_before = list(os.getloadavg())
    results = run_sizes(sizes, settings)
    console.print(table(results))
    for result in results:
        console.print(
            f"{result.monitors:,} monitors, {result.changed_share:.0%} of runs changed: "
            f"{result.cpu_ms_per_run_mixed:.1f} ms CPU per run, {result.runs_per_cpu_s:.0f} "
            f"runs per CPU second, {result.monitors_per_core_15min:,} monitors per core at a "
            "15-minute cadence"
        )
    ratio = cost_ratio(results)
    if ratio is not None:
        console.print(f"unchanged-run CPU, largest size vs smallest: {ratio:.2f}x")
    return to_json(results, settings, load_before)


def table(results: list[RealResult]) -> Table:
    """One row per size and kind of run (unchanged, changed)."""
    out = Table(title="Real monitor runs (execute_run, loopback pages, stand-in model excluded)")
    for header in HEADERS:
        out.add_column(header, justify="right")
    for result in results:
        for kind, measured in (("unchanged", result.unchanged), ("changed", result.changed)):
            out.add_row(
                f"{result.monitors:,}",
                kind,
                f"{measured.cpu_ms_per_run:.2f}",
                f"{measured.statements_per_run:.1f}",
                f"{measured.transactions_per_run:.2f}",
                f"{measured.bytes_per_run:,.0f}",
                f"{measured.runs_per_s:.1f}",
                str(measured.model_calls),
            )
    return out


def to_json(
    results: list[RealResult], settings: RealSettings, load_before: list[float]
) -> dict[str, Any]:
    """The results with what is needed to compare runs."""
    return {
        "benchmark": "engine-real",
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
        "runner": (
            "sentinel.monitor.run.execute_run with a worker's services; one named page per "
            "monitor on a loopback server, an OpenAI-compatible stand-in model (its CPU "
            "excluded); rules and LLM governors, notify once and always"
        ),
        "database": "sqlite (a fresh file per size)",
        "settings": {
            "runs": settings.runs,
            "concurrency": settings.concurrency,
            "changed_share": settings.changed_share,
            "cadence_s": CADENCE_S,
        },
        "results": [result.to_json() for result in results],
        "unchanged_cpu_largest_vs_smallest": cost_ratio(results),
    }


def markdown(document: dict[str, Any]) -> str:
    """The committed document as the docs' table (``doc_tables``)."""
    lines = [
        "| monitors | run | CPU ms/run | statements/run | transactions/run | bytes/run | "
        "runs/s | model calls |",
        "|---:|---|---:|---:|---:|---:|---:|---:|",
    ]
    for result in document["results"]:
        for kind in ("unchanged", "changed"):
            measured = result[kind]
            lines.append(
                f"| {result['monitors']:,} | {kind} | {measured['cpu_ms_per_run']:.2f} | "
                f"{measured['statements_per_run']:.1f} | "
                f"{measured['transactions_per_run']:.2f} | "
                f"{measured['bytes_per_run']:,.0f} | {measured['runs_per_s']:.1f} | "
                f"{measured['model_calls']} |"
            )
    lines += ["", per_core(document)]
    return "\n".join(lines) + "\n"


def per_core(document: dict[str, Any]) -> str:
    """The per-core figures of each size, as a sentence per size."""
    parts = []
    for result in document["results"]:
        parts.append(
            f"At {result['monitors']:,} monitors with {result['changed_share']:.0%} of runs "
            f"changed: {result['cpu_ms_per_run_mixed']:.1f} ms of CPU per run, "
            f"{result['runs_per_cpu_s']:.0f} runs per CPU second, "
            f"{result['monitors_per_core_15min']:,} monitors per core at a 15-minute cadence."
        )
    load = document["machine"].get("load_average_at_start")
    if load:
        cores = document["machine"]["cpus"]
        parts.append(f"(Load average at the start: {load[0]:.1f} on {cores} cores.)")
    return " ".join(parts)


__all__ = ["RealSettings", "markdown", "run_real", "table", "to_json"]
