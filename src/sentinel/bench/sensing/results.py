"""The sensing bench's figures: a summary per split, the results document, the console table.

Per split: the cases; the decisions that were right (two a case: BEFORE and AFTER) and their
share; false alerts (notified when it should not have), misses (did not notify when it
should have) and right notifications that left out a value the case names; model calls per
run, overall and on the cases whose page's structured data states every value the sentence
needs; prompt plus completion tokens per run; seconds per run (the run record's start to
finish) at the median and the 95th percentile.
"""

from __future__ import annotations

import json
import math
import os
import platform
import subprocess
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from statistics import fmean
from typing import Any

from rich.console import Console
from rich.table import Table

from sentinel.bench.sensing.harness import CaseResult, RunResult

__all__ = [
    "committed_runs",
    "document",
    "load_average",
    "percentile",
    "print_results",
    "results_name",
    "summary",
    "write",
]

SPLIT_RULE = "test when the first byte of sha256(case id) is odd, else dev"


def percentile(values: Sequence[float], share: float) -> float | None:
    """The nearest-rank percentile (``share`` 0.5: the median), None without values."""
    if not values:
        return None
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def _mean(values: Sequence[float]) -> float | None:
    return round(fmean(values), 3) if values else None


def _round(value: float | None, digits: int = 2) -> float | None:
    return None if value is None else round(value, digits)


def summary(results: Sequence[CaseResult]) -> dict[str, Any]:
    """The figures of one split (see the module documentation)."""
    runs: list[RunResult] = [run for case in results for run in case.runs]
    structured = [run for case in results if case.structured for run in case.runs]
    seconds = [run.seconds for run in runs if run.seconds is not None]
    correct = sum(run.correct for run in runs)
    return {
        "cases": len(results),
        "runs": len(runs),
        "correct": correct,
        "correct_rate": _round(correct / len(runs), 4) if runs else None,
        "false_alerts": sum(run.false_alert for run in runs),
        "misses": sum(run.miss for run in runs),
        "missing_values": sum(run.notified and run.expected and bool(run.missing) for run in runs),
        "errors": sum(run.error is not None for run in runs),
        "model_calls_per_run": _mean([run.model_calls for run in runs]),
        "structured_runs": len(structured),
        "model_calls_per_structured_run": _mean([run.model_calls for run in structured]),
        "model_calls_max": max((run.model_calls for run in runs), default=None),
        "tokens_per_run": _mean([run.prompt_tokens + run.completion_tokens for run in runs]),
        "prompt_tokens_per_run": _mean([run.prompt_tokens for run in runs]),
        "completion_tokens_per_run": _mean([run.completion_tokens for run in runs]),
        "run_p50_s": _round(percentile(seconds, 0.5)),
        "run_p95_s": _round(percentile(seconds, 0.95)),
        "command_p50_s": _round(percentile([run.command_s for run in runs], 0.5)),
    }


def load_average() -> list[float] | None:
    """``/proc/loadavg``'s three averages (1, 5, 15 minutes), None where there is none."""
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except OSError:
        return None


def document(
    results: Sequence[CaseResult],
    *,
    model: str,
    split: str,
    cli: str,
    threads: int | None,
    limit: int | None,
    chosen: Sequence[str],
    load_before: list[float] | None,
    wall_s: float,
) -> dict[str, Any]:
    """The results with what it takes to compare runs: commit, date, model, threads, how
    commands ran, the machine and its load before and after, a summary per split, and every
    case's runs (decision, reason, notification, calls, seconds)."""
    splits = sorted({case.split for case in results})
    return {
        "benchmark": "sensing",
        "at": datetime.now(UTC).isoformat(timespec="seconds"),
        "commit": _commit(),
        "model": model,
        "split": split,
        "limit": limit,
        "cases_chosen": list(chosen),
        "cli": cli,
        "threads": threads,
        "machine": {
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "load_average_before": load_before,
            "load_average_after": load_average(),
        },
        "split_rule": SPLIT_RULE,
        "wall_s": round(wall_s, 1),
        "summary": {name: summary([c for c in results if c.split == name]) for name in splits},
        "cases": [case.as_json() for case in results],
    }


def results_name(model: str, split: str) -> str:
    """Where a run is committed: ``sensing-qwen2.5-coder-0.5b-test.json``."""
    slug = model.removeprefix("local:").replace(":", "-").replace("/", "-")
    return f"sensing-{slug}-{split}.json"


def committed_runs(folder: Path) -> list[dict[str, Any]]:
    """The results documents in ``folder`` (``sensing-*.json``): the local models' first,
    then by model, ``test`` before the other splits."""
    documents = [json.loads(p.read_text(encoding="utf-8")) for p in folder.glob("sensing-*.json")]
    return sorted(
        (d for d in documents if d.get("benchmark") == "sensing"),
        key=lambda d: (
            not str(d["model"]).startswith("local:"),
            str(d["model"]),
            d["split"] != "test",
            d["split"],
        ),
    )


def _commit() -> str | None:
    try:
        done = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            timeout=5,
            check=True,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() or None


def _mark(run: RunResult) -> str:
    verdict = "ok" if run.correct else "WRONG"
    if run.false_alert:
        verdict = "FALSE ALERT"
    elif run.miss:
        verdict = "miss"
    elif run.notified and run.missing:
        verdict = "no " + ", ".join(run.missing)
    return f"{'notify' if run.notified else '-'} ({verdict})"


def print_results(results: Sequence[CaseResult], model: str, console: Console) -> None:
    """One row per case, then one row of figures per split."""
    cases = Table(title=f"Sensing: {model}")
    for column in ("case", "split", "lang", "kind", "before", "after", "calls", "run s"):
        cases.add_column(column, justify="left" if column in ("case", "kind") else "right")
    for case in results:
        cells = [_mark(run) for run in case.runs] + ["-"] * (2 - len(case.runs))
        seconds = [run.seconds for run in case.runs if run.seconds is not None]
        cases.add_row(
            case.id,
            case.split,
            case.language,
            case.kind + (" (decoy)" if case.decoy else ""),
            *cells,
            " + ".join(str(run.model_calls) for run in case.runs),
            " + ".join(f"{s:.1f}" for s in seconds),
        )
    console.print(cases)
    totals = Table(title="By split")
    header = ("split", "cases", "correct", "false alerts", "misses", "calls/run",
              "calls/run (structured)", "tokens/run", "run p50 s", "run p95 s")  # fmt: skip
    for column in header:
        totals.add_column(column, justify="left" if column == "split" else "right")
    for name in sorted({case.split for case in results}):
        s = summary([case for case in results if case.split == name])
        totals.add_row(
            name,
            str(s["cases"]),
            f"{s['correct']}/{s['runs']} ({s['correct_rate']:.0%})",
            str(s["false_alerts"]),
            str(s["misses"]),
            _show(s["model_calls_per_run"]),
            _show(s["model_calls_per_structured_run"]),
            _show(s["tokens_per_run"], 0),
            _show(s["run_p50_s"]),
            _show(s["run_p95_s"]),
        )
    console.print(totals)
    for case in results:
        if case.error:
            console.print(f"{case.id}: {case.error}", markup=False, soft_wrap=True)


def _show(value: float | None, digits: int = 1) -> str:
    return "—" if value is None else f"{value:,.{digits}f}"


def write(path: Path, content: dict[str, Any]) -> None:
    """Write the document atomically (a temporary file, then a rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    scratch = path.with_name(path.name + ".tmp")
    scratch.write_text(json.dumps(content, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    scratch.replace(path)
