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
    look_cost_ratio,
    run_sizes,
)
from sentinel.bench.engine_real_rounds import RoundResult
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
        console.print(looks_sentence(result.to_json()))
    ratio = cost_ratio(results)
    if ratio is not None:
        console.print(f"unchanged-run CPU, largest size vs smallest: {ratio:.2f}x")
    look_ratio = look_cost_ratio(results)
    if look_ratio is not None:
        console.print(f"CPU per look, largest size vs smallest: {look_ratio:.2f}x")
    return to_json(results, settings, load_before)


def table(results: list[RealResult]) -> Table:
    """One row per size and kind of run (unchanged, changed)."""
    out = Table(title="Real monitor runs (execute_run, loopback pages, stand-in model excluded)")
    for header in HEADERS:
        out.add_column(header, justify="right")
    for result in results:
        for kind, measured in rounds_of(result):
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


def rounds_of(result: RealResult) -> list[tuple[str, RoundResult]]:
    """The rows of one size: unchanged and changed runs, then looks by the old path and by
    the current one."""
    looks = f"c {result.look_concurrency}"
    return [
        ("unchanged", result.unchanged),
        ("changed", result.changed),
        (f"look, old path ({looks})", result.look_baseline),
        (f"look ({looks})", result.look),
    ]


def looks_sentence(result: dict[str, Any]) -> str:
    """What the looks of one size cost, and how many monitors one core holds looking every
    15 minutes."""
    look, old = result["look"], result["look_baseline"]
    return (
        f"{result['monitors']:,} monitors, looks at concurrency {result['look_concurrency']}: "
        f"{look['cpu_ms_per_run']:.1f} ms CPU and {look['bytes_per_run']:,.0f} bytes per look "
        f"({old['cpu_ms_per_run']:.1f} ms and {old['bytes_per_run']:,.0f} bytes by the old path, "
        f"{result['look_cpu_vs_baseline']:.2f}x its CPU), {result['looks_per_cpu_s']:.0f} looks "
        f"per CPU second, {result['monitors_per_core_15min_looks']:,} monitors per core looking "
        "every 15 minutes"
    )


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
            "look_concurrency": settings.look_concurrency,
            "look_pairs": settings.look_pairs,
        },
        "results": [result.to_json() for result in results],
        "unchanged_cpu_largest_vs_smallest": cost_ratio(results),
        "look_cpu_largest_vs_smallest": look_cost_ratio(results),
    }


def markdown(document: dict[str, Any]) -> str:
    """The committed document as the docs' table (``doc_tables``)."""
    lines = [
        "| monitors | run | CPU ms/run | statements/run | transactions/run | bytes/run | "
        "runs/s | model calls |",
        "|---:|---|---:|---:|---:|---:|---:|---:|",
    ]
    for result in document["results"]:
        for kind, key in document_rounds(result):
            measured = result[key]
            lines.append(
                f"| {result['monitors']:,} | {kind} | {measured['cpu_ms_per_run']:.2f} | "
                f"{measured['statements_per_run']:.1f} | "
                f"{measured['transactions_per_run']:.2f} | "
                f"{measured['bytes_per_run']:,.0f} | {measured['runs_per_s']:.1f} | "
                f"{measured['model_calls']} |"
            )
    lines += ["", per_core(document)]
    return "\n".join(lines) + "\n"


def document_rounds(result: dict[str, Any]) -> list[tuple[str, str]]:
    """The rows of one size in a document: ``(label, key)``; a document from before the
    look rows has the first two only."""
    rows = [("unchanged", "unchanged"), ("changed", "changed")]
    if "look" in result:
        looks = f"c {result['look_concurrency']}"
        rows += [(f"look, old path ({looks})", "look_baseline"), (f"**look** ({looks})", "look")]
    return rows


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
        if "look" in result:
            parts.append(looks_sentence(result) + ".")
    load = document["machine"].get("load_average_at_start")
    if load:
        cores = document["machine"]["cpus"]
        parts.append(f"(Load average at the start: {load[0]:.1f} on {cores} cores.)")
    return " ".join(parts)


__all__ = ["RealSettings", "looks_sentence", "markdown", "run_real", "table", "to_json"]
