"""The monitoring benchmark repeated on a fixed subset: mean and spread of unrepeatable runs.

The embedded model's runs are not repeatable (llama.cpp on a loaded machine does not
reproduce its tokens exactly, and one token changes a whole run), so one run says little.
This runs ``sentinel bench monitor`` ``--repeat`` times on the bundled scenarios named with
``--scenario`` (same seed, same code) and reports, per policy, each run's figures and their
mean, minimum, maximum and standard deviation — headed by *false alerts per 10 scenarios*::

    SENTINEL_LLM_THREADS=1 python -m sentinel.bench.repeats --sensor model \\
      --scenario gpu-driver-stable --scenario mountain-hut-reopening --repeat 3 \\
      --policy sentinel --json docs/benchmarks/monitor-embedded-repeats.json

The document holds ``{"summary": {policy: {metric: {mean, min, max, stdev, runs}}},
"runs": [<the bench's results document>, …]}``.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer

from sentinel.bench.monitor import SensorChoice
from sentinel.bench.monitoring.policies import make_policy, policy_names
from sentinel.bench.monitoring.report import to_json
from sentinel.bench.monitoring.runner import run_benchmark
from sentinel.bench.monitoring.sensors import SensorSetup
from sentinel.sim import load_bundled

METRICS = (
    "false_alerts_per_10_scenarios",
    "false_alerts",
    "noise_only_false_alerts",
    "detected",
    "events",
    "recall",
    "median_delay_s",
    "checks",
    "model_calls",
)


def run_figures(document: Mapping[str, Any], policy: str) -> dict[str, float | None]:
    """One run's figures for ``policy``: the bench's totals plus false alerts per 10
    scenarios (false alerts × 10 / scenarios run)."""
    totals = document["policies"][policy]
    scenarios = sum(1 for s in document["scenarios"] if s["policy"] == policy)
    figures: dict[str, float | None] = {k: totals.get(k) for k in METRICS[1:]}
    figures["false_alerts_per_10_scenarios"] = (
        10 * totals["false_alerts"] / scenarios if scenarios else None
    )
    return {key: figures[key] for key in METRICS}


def summarize(documents: Sequence[Mapping[str, Any]]) -> dict[str, dict[str, dict[str, Any]]]:
    """Per policy and metric: each run's value, and the mean, minimum, maximum and
    (population) standard deviation of those that are not null."""
    summary: dict[str, dict[str, dict[str, Any]]] = {}
    policies = dict.fromkeys(p for document in documents for p in document["policies"])
    for policy in policies:
        per_run = [run_figures(d, policy) for d in documents if policy in d["policies"]]
        summary[policy] = {}
        for metric in METRICS:
            values = [run[metric] for run in per_run]
            known = [float(v) for v in values if v is not None]
            summary[policy][metric] = {
                "runs": values,
                "mean": statistics.fmean(known) if known else None,
                "min": min(known) if known else None,
                "max": max(known) if known else None,
                "stdev": statistics.pstdev(known) if known else None,
            }
    return summary


def main(
    scenario: Annotated[
        list[str], typer.Option("--scenario", help="A bundled scenario id (repeatable).")
    ],
    repeat: Annotated[int, typer.Option("--repeat", min=1, help="How many runs.")] = 3,
    sensor: Annotated[
        SensorChoice, typer.Option("--sensor", help="The real model, or oracle-facts.")
    ] = SensorChoice.MODEL,
    model: Annotated[str | None, typer.Option("--model", help="Model spec, every role.")] = None,
    policy: Annotated[list[str] | None, typer.Option("--policy", help="Repeatable.")] = None,
    seed: Annotated[int, typer.Option("--seed")] = 0,
    json_file: Annotated[Path | None, typer.Option("--json", help="Write the document.")] = None,
) -> None:
    """Run the monitoring benchmark ``--repeat`` times on the named scenarios."""
    setup = SensorSetup("model" if sensor is SensorChoice.MODEL else "oracle-facts", 0.0, model)
    scenarios = sorted((load_bundled(i) for i in scenario), key=lambda s: s.id)
    documents: list[dict[str, Any]] = []
    for number in range(1, repeat + 1):
        policies = [make_policy(name) for name in policy_names(policy)]

        def say(line: str, number: int = number) -> None:
            typer.echo(f"run {number}/{repeat} · {line}", err=True)

        result = asyncio.run(run_benchmark(scenarios, policies, setup, seed=seed, progress=say))
        documents.append(to_json(result, scenario_source="bundled: " + ", ".join(scenario)))
        if json_file is not None:  # written after each run: a cut-off session keeps the rest
            write_document(json_file, documents)
    summary = summarize(documents)
    sys.stdout.write(json.dumps(summary, indent=2) + "\n")


def write_document(path: Path, documents: list[dict[str, Any]]) -> None:
    """Write the repeats document (the summary and every run) atomically."""
    path.parent.mkdir(parents=True, exist_ok=True)
    document = {"benchmark": "monitor-repeats", "summary": summarize(documents), "runs": documents}
    temporary = path.with_suffix(path.suffix + ".tmp")
    temporary.write_text(json.dumps(document, indent=2) + "\n")
    temporary.replace(path)


if __name__ == "__main__":
    typer.run(main)
