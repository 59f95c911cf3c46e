"""``sentinel bench demo``: how long ``make demo`` takes, as a user meets it.

Each run is the real command, ``sentinel demo`` (what ``make demo`` runs once set up), as a new
process in a fresh demo directory, timed from outside from the moment it starts to its exit:
imports, the model's load, every run and the summary. The demo's own report
(``--report``: runs, model calls, model time, tokens, how each monitor scored) is kept beside
the process's wall and CPU time and the 1-minute load average before and after, since the
machine is measured as it is.
"""

from __future__ import annotations

import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from sentinel.bench.assistant_cli import sentinel_command
from sentinel.bench.assistant_memory import _commit
from sentinel.llm.local import DEFAULT_LOCAL_MODEL

TARGET_S = 90.0
"""Issue 35: ``make demo`` within 90 s on a quiet 2-core machine."""
RUN_TIMEOUT_S = 3600.0


def _load() -> float:
    return round(os.getloadavg()[0], 2)


def one_run(model: str, threads: int | None, scripted: bool) -> dict[str, Any]:
    """One ``sentinel demo`` process: its wall and CPU seconds, the load it met, its report."""
    folder = Path(tempfile.mkdtemp(prefix="sentinel-bench-demo-"))
    env = {k: v for k, v in os.environ.items() if not k.startswith("SENTINEL_")}
    env |= {"SENTINEL_HOME": str(folder / "home"), "CI": "true", "COLUMNS": "120"}
    if threads is not None:
        env["SENTINEL_LLM_THREADS"] = str(threads)
    command = [*sentinel_command(), "demo", "--model", model, "--home", str(folder / "demo")]
    command += ["--report", str(folder / "report.json")] + (["--scripted"] if scripted else [])
    try:
        load_before = _load()
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        done = subprocess.run(
            command,
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=RUN_TIMEOUT_S,
            check=False,
        )
        wall = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if done.returncode != 0:
            raise RuntimeError(f"sentinel demo failed ({done.returncode}): {done.stderr[-600:]}")
        report = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {
        "process_wall_s": round(wall, 1),
        "process_cpu_s": round(cpu, 1),
        "load_1m_before": load_before,
        "load_1m_after": _load(),
        "threads": threads,
        "report": report,
    }


def run_benchmark(
    runs: int, model: str, threads: int | None, scripted: bool = False
) -> dict[str, Any]:
    """``runs`` demo processes, one after the other; the JSON document."""
    measured = [one_run(model, threads, scripted) for _ in range(runs)]
    walls = [run["process_wall_s"] for run in measured]
    return {
        "benchmark": "demo",
        "at": datetime.now(UTC).isoformat(timespec="seconds"),
        "commit": _commit(),
        "machine": {
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
        },
        "model": "scripted" if scripted else f"local:{model}",
        "threads": threads,
        "target_s": TARGET_S,
        "summary": {
            "runs": runs,
            "wall_p50_s": round(statistics.median(walls), 1),
            "wall_min_s": min(walls),
            "model_calls_p50": statistics.median(r["report"]["model_calls"] for r in measured),
            "model_s_p50": round(statistics.median(r["report"]["model_s"] for r in measured), 1),
            "load_1m_min": min(r["load_1m_before"] for r in measured),
            "load_1m_max": max(max(r["load_1m_before"], r["load_1m_after"]) for r in measured),
        },
        "runs": measured,
    }


def render(document: dict[str, Any], console: Console) -> None:
    """One row per demo process."""
    table = Table(
        "run",
        "load before",
        "wall s",
        "CPU s",
        "model calls",
        "model s",
        "tokens",
        "notified / expected",
        title=f"sentinel demo, {document['model']} ({document['threads'] or 'idle'} threads)",
    )
    for i, run in enumerate(document["runs"], start=1):
        report = run["report"]
        notified = sum(m["detected"] for m in report["monitors"])
        expected = sum(m["expected"] for m in report["monitors"])
        table.add_row(
            str(i),
            f"{run['load_1m_before']:.2f}",
            f"{run['process_wall_s']:.1f}",
            f"{run['process_cpu_s']:.1f}",
            str(report["model_calls"]),
            f"{report['model_s']:.1f}",
            str(report["tokens"]),
            f"{notified} / {expected}",
        )
    console.print(table)


def command(
    output: Annotated[
        Path | None, typer.Option("--json", help="Also write the result as JSON to this file.")
    ] = None,
    runs: Annotated[int, typer.Option(help="Demo processes, one after the other.", min=1)] = 1,
    model: Annotated[str, typer.Option(help="The embedded local model.")] = DEFAULT_LOCAL_MODEL,
    threads: Annotated[
        int | None, typer.Option(help="llama.cpp threads (default: the idle cores).", min=1)
    ] = None,
    scripted: Annotated[
        bool, typer.Option("--scripted", help="The demo's scripted model (a quick check).")
    ] = False,
) -> None:
    """Wall time of `sentinel demo` (what `make demo` runs), each a new process, with its
    model calls and the load it met."""
    document = run_benchmark(runs, model, threads, scripted)
    render(document, Console())
    if output is not None:
        output.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
