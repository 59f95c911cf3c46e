"""The engines' tables: cost per run, throughput, Temporal, real runs, the kill campaign."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from sentinel.bench.doc_tables.format import Document, load, num, table
from sentinel.bench.engine_real_tables import markdown as markdown_real


def _before(document: Document, key: str) -> dict[int, Mapping[str, Any]]:
    results = document.get("before", {}).get(key, {}).get("results", [])
    return {int(r["monitors"]): r for r in results}


def _arrow(before: float | None, after: float, digits: int = 1) -> str:
    if before is None:
        return num(after, digits)
    return f"{num(before, digits)} → {num(after, digits)}"


def engine(folder: Path) -> str:
    """``sentinel bench engine``: CPU and statements per run at concurrency 2 and 32, against
    the previous engine measured on the same backlog (``before`` in ``engine.json``)."""
    c2, c32 = load(folder, "engine.json"), load(folder, "engine-concurrency-32.json")
    before2, before32 = _before(c2, "concurrency_2"), _before(c2, "concurrency_32")
    by_size32 = {r["monitors"]: r for r in c32["results"]}
    rows = []
    for r in c2["results"]:
        size = r["monitors"]
        other = by_size32[size]
        b2, b32 = before2.get(size), before32.get(size)
        rows.append(
            (
                num(size),
                _arrow(b2["cpu_ms_per_run"] if b2 else None, r["cpu_ms_per_run"]),
                _per_run(b2, r),
                _arrow(b32["cpu_ms_per_run"] if b32 else None, other["cpu_ms_per_run"]),
                _per_run(b32, other),
            )
        )
    header = (
        "monitors",
        "CPU ms/run, concurrency 2",
        "statements / transactions per run",
        "CPU ms/run, concurrency 32",
        "statements / transactions per run",
    )
    ratio = f"| largest ÷ smallest | {_spread(before2, c2)} | | {_spread(before32, c32)} | |\n"
    return table(header, "rrrrr", rows) + ratio


def _spread(before: Mapping[int, Mapping[str, Any]], after: Document) -> str:
    """CPU per run at the largest size over the smallest: before → after."""
    now = f"**{after['cpu_per_run_largest_vs_smallest']:.2f}×**"
    if not before:
        return now
    sizes = sorted(before)
    was = before[sizes[-1]]["cpu_ms_per_run"] / before[sizes[0]]["cpu_ms_per_run"]
    return f"{was:.2f}× → {now}"


def _per_run(before: Mapping[str, Any] | None, after: Mapping[str, Any]) -> str:
    now = f"{after['statements_per_run']:.1f} / {after['transactions_per_run']:.1f}"
    if before is None:
        return now
    return f"{before['statements_per_run']:.1f} / {before['transactions_per_run']:.1f} → {now}"


def engine_throughput(folder: Path) -> str:
    """Runs per CPU second, start lag, creation and ``watch list`` at each size."""
    c2, c32 = load(folder, "engine.json"), load(folder, "engine-concurrency-32.json")
    by_size32 = {r["monitors"]: r for r in c32["results"]}
    rows = []
    for r in c2["results"]:
        other = by_size32[r["monitors"]]
        rows.append(
            (
                num(r["monitors"]),
                f"{num(r['runs_per_cpu_s'])} / {num(other['runs_per_cpu_s'])}",
                f"{num(other['lag_p50_ms'])} / {num(other['lag_p99_ms'])} ms",
                f"{r['create_s']:.1f} s",
                f"{r['list_s']:.1f} s ({r['list_cpu_s']:.1f} s CPU), "
                f"{num(r['list_peak_rss_mb'])} MB",
            )
        )
    header = (
        "monitors",
        "runs per CPU second (c 2 / c 32)",
        "p50 / p99 lag, c 32",
        "create",
        "`watch list`: wall (CPU), peak RSS",
    )
    return table(header, "rrrrr", rows)


def engine_temporal(folder: Path) -> str:
    """``sentinel bench engine-temporal``: both engines on PostgreSQL, per size; for Temporal,
    the worker's workflow task slots and how long its workflow tasks took (sampled)."""
    document = load(folder, "engine-temporal.json")
    rows = [
        (
            r["engine"] + (f", {r['workflow_tasks']} task slots" if "workflow_tasks" in r else ""),
            num(r["monitors"]),
            num(r["runs_per_s"]),
            num(r["worker_cpu_ms_per_run"], 1),
            "–" if r["server_cpu_ms_per_run"] is None else num(r["server_cpu_ms_per_run"], 1),
            f"{r['lag_p99_s']:.0f} s",
            _task_times(r),
            num(r.get("load_average_1m"), 1),
        )
        for r in document["results"]
    ]
    header = (
        "engine",
        "monitors",
        "runs/s",
        "worker CPU ms/run",
        "Temporal server CPU ms/run",
        "p99 lag",
        "workflow tasks: p99, > 5 s (sampled)",
        "load average",
    )
    return table(header, "lrrrrrrr", rows)


def _task_times(result: Mapping[str, Any]) -> str:
    if result.get("workflow_task_p99_s") is None:
        return "–"
    return (
        f"{result['workflow_task_p99_s']:.2f} s, {result['workflow_tasks_over_5s']} of "
        f"{result['workflow_tasks_sampled']}"
    )


def engine_real(folder: Path) -> str:
    """``sentinel bench engine --runner real``: real runs, unchanged and changed, per size."""
    return markdown_real(load(folder, "engine-real.json"))


def crash(folder: Path) -> str:
    """``sentinel bench crash``: every expected notification of the kill campaign, per
    database."""
    from sentinel.bench.crash.report import ROW_HEADER, row

    document = load(folder, "crash.json")
    return table(
        ROW_HEADER, "l" + "r" * (len(ROW_HEADER) - 1), [row(r) for r in document["results"]]
    )
