"""What a user meets (issue 35): a chat turn as a new ``sentinel chat`` process and in one
warm process, ``make demo``'s wall time, and the read commands' CPU, each with the load it was
measured under."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sentinel.bench.doc_tables.format import load, num, table

WAYS = (
    ("server", "a new `sentinel chat` process a turn, the model server (default)"),
    ("in-process", "a new `sentinel chat` process a turn, `SENTINEL_LLM_SERVER=off`"),
)


def chat_ways(document: dict[str, Any]) -> list[tuple[str, dict[str, Any], str]]:
    """(how, summary, threads) for each way the fixed set was measured: one warm process,
    then each CLI mode, in that order."""
    embedded = document["embedded"]
    ways = [("one process, model and cache warm", embedded["summary"], _threads(embedded))]
    for mode, how in WAYS:
        found = document.get("cli", {}).get(mode)
        if found and found["summary"].get("turns"):
            turns = found["turns"]
            served = {t.get("server_threads") for t in turns} - {None}
            threads = f"{min(served)} (server)" if served else "idle cores (each process)"
            ways.append((how, found["summary"], threads))
    return ways


def _threads(embedded: dict[str, Any]) -> str:
    threads = embedded.get("threads")
    if threads is None:
        return "idle cores"
    chosen = " (idle cores)" if embedded.get("threads_from") == "idle cores" else ""
    return f"{threads}{chosen}"


def _seconds(value: float | None) -> str:
    return "-" if value is None else f"{value} s"


def _load(summary: dict[str, Any], document: dict[str, Any]) -> str:
    low, high = summary.get("load_1m_min"), summary.get("load_1m_max")
    if low is not None and high is not None:
        return f"{low:.2f}–{high:.2f}"
    load = document.get("load_average")
    return f"{load[0]:.2f}" if load else "?"


def assistant_turn_ways(folder: Path) -> str:
    """The fixed set three ways: p50 of the turn and of the first content, CPU, success, the
    load and the threads."""
    document = load(folder, "assistant-turn.json")
    rows = [
        (
            how,
            f"{found['turn_p50_s']} s",
            "-"
            if found.get("first_content_p50_s") is None
            else f"{found['first_content_p50_s']} s",
            f"{found['cpu_p50_s']} s",
            f"{found['task_success'] * 100:.0f} %",
            num(found["claimed_not_run"]),
            _load(found, document),
            threads,
        )
        for how, found, threads in chat_ways(document)
    ]
    header = (
        "how",
        "turn p50",
        "first content p50",
        "CPU p50",
        "success",
        "claimed, not run",
        "load (1 min)",
        "threads",
    )
    return table(header, "lrrrrrrl", rows)


def assistant_turn_cli(folder: Path) -> str:
    """Each CLI turn: the mode, the load it met, first content, turn, CPU (the command's and
    the server's), success."""
    document = load(folder, "assistant-turn.json")
    rows = [
        (
            mode,
            turn["query"],
            f"{turn['load_1m']:.2f}",
            "-" if turn["first_content_s"] is None else f"{turn['first_content_s']:.1f} s",
            f"{turn['turn_s']:.1f} s",
            f"{turn['cpu_s']:.1f} s",
            "yes" if turn["success"] else "no",
        )
        for mode, found in document.get("cli", {}).items()
        for turn in found["turns"]
    ]
    header = ("how", "query", "load", "first content", "turn", "CPU", "success")
    return table(header, "llrrrrl", rows)


def demo_wall(folder: Path) -> str:
    """Each ``sentinel demo`` process: load, wall, CPU, model calls and time, tokens."""
    document = load(folder, "demo.json")
    rows = []
    for i, run in enumerate(document["runs"], start=1):
        report = run["report"]
        rows.append(
            (
                i,
                f"{run['load_1m_before']:.2f}",
                f"{run['process_wall_s']:.1f} s",
                f"{run['process_cpu_s']:.1f} s",
                num(report["model_calls"]),
                f"{report['model_s']:.1f} s",
                num(report["tokens"]),
                f"{report['model_load_s']:.1f} s",
            )
        )
    header = ("run", "load before", "wall", "CPU", "model calls", "model time", "tokens", "load")
    return table(header, "rrrrrrrr", rows)


def readme_demo(folder: Path) -> str:
    """The README's sentence on how long the demo takes, from its benchmark."""
    document = load(folder, "demo.json")
    found = document["summary"]
    runs = found["runs"]
    return (
        f"Measured by `sentinel bench demo` (`docs/benchmarks/demo.json`): "
        f"{found['wall_p50_s']:.0f} s from start to summary at p50 of {runs} "
        f"run{'s' if runs != 1 else ''} ({found['model_calls_p50']:g} model calls, "
        f"{found['model_s_p50']:.0f} s of model time), on the 2-core machine with a "
        f"1-minute load of {found['load_1m_min']:.1f}–{found['load_1m_max']:.1f}.\n"
    )


def cli_reads(folder: Path) -> str:
    """The read commands' CPU, and the imports every one of them pays."""
    document = load(folder, "cli-reads.json")
    rows = [
        (
            f"`sentinel {row['name']}`",
            f"{row['cpu_p50_s']:.2f} s",
            f"{row['wall_p50_s']:.2f} s",
            f"{row['load_1m']:.2f}",
        )
        for row in document["commands"]
    ]
    rows += [
        (
            f"floor: {row['name']}",
            f"{row['cpu_p50_s']:.2f} s",
            f"{row['wall_p50_s']:.2f} s",
            f"{row['load_1m']:.2f}",
        )
        for row in document["floors"]
    ]
    return table(("what", "CPU p50", "wall p50", "load (1 min)"), "lrrr", rows)
