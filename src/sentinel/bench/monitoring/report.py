"""What a benchmark run reports: markdown tables and the JSON document (the targets are
:mod:`.targets`)."""

from __future__ import annotations

import os
import platform
import subprocess
from datetime import UTC, datetime
from typing import Any

from sentinel.bench.monitoring.costs import MONTH, PRICES, PriceList
from sentinel.bench.monitoring.metrics import Totals, median, percentile
from sentinel.bench.monitoring.policies import pages_mode
from sentinel.bench.monitoring.runner import BenchResult, ScenarioScore
from sentinel.bench.monitoring.targets import Target, format_delay, target_split, targets
from sentinel.sim.split import Split, split_of

__all__ = [
    "Target",
    "code_commit",
    "format_cost",
    "format_delay",
    "markdown",
    "policy_summary",
    "target_split",
    "targets",
    "to_json",
]


def policy_summary(
    totals: Totals, noise_false_alerts: int, prices: PriceList = PRICES
) -> dict[str, Any]:
    """The JSON summary of one policy (costs at ``prices``)."""
    per_month = prices.per_monitor_month(totals.usage, totals.monitored)
    return {
        "recall": round(totals.recall, 4),
        "precision": round(totals.precision, 4),
        "events": totals.expected,
        "detected": totals.detected,
        "reachable_recall": _round(totals.reachable_recall, 4),
        "reachable_events": totals.reachable_expected if totals.marked else None,
        "reachable_detected": totals.reachable_detected if totals.marked else None,
        "false_alerts": totals.false_alerts,
        "duplicates": totals.duplicates,
        "noise_only_false_alerts": noise_false_alerts,
        "median_delay_s": _round(median(totals.delays_s)),
        "p90_delay_s": _round(percentile(totals.delays_s, 0.9)),
        "checks": totals.checks,
        "searches": totals.searches,
        "full_fetches": totals.full_fetches,
        "not_modified": totals.not_modified,
        "paid_requests": totals.searches + totals.full_fetches,
        "model_calls": totals.model_calls,
        "tokens": totals.tokens,
        "prompt_tokens": totals.prompt_tokens,
        "completion_tokens": totals.completion_tokens,
        "monitor_months": round(totals.monitored / MONTH, 2),
        "cost_usd": round(prices.cost(totals.usage), 4),
        "cost_per_monitor_month_usd": _round(per_month, 4),
        "checks_per_event": _round(totals.per_event(totals.checks), 2),
        "model_calls_per_event": _round(totals.per_event(totals.model_calls), 2),
        "tokens_per_event": _round(totals.per_event(totals.tokens), 1),
        "wall_s": round(totals.wall_s, 2),
    }


def _round(value: float | None, digits: int = 1) -> float | None:
    return None if value is None else round(value, digits)


def format_cost(usd: float | None) -> str:
    """A cost in USD: cents with three decimals below a dollar, else two decimals."""
    if usd is None:
        return "—"
    return f"${usd:.3f}" if usd < 1 else f"${usd:,.2f}"


def _share(value: float | None) -> str:
    return "—" if value is None else f"{value:.0%}"


def _per_event(value: float | None) -> str:
    return "—" if value is None else f"{value:.1f}"


def _met(target: Target) -> str:
    return {True: "yes", False: "**no**", None: "n/a"}[target.met]


def markdown(result: BenchResult) -> str:
    """The report: header, per-policy table, targets, per-scenario table."""
    noise_only = sum(1 for s in result.scenarios if not any(event.condition for event in s.events))
    first = result.totals(result.policies[0]) if result.policies else None
    expected = first.expected if first else 0
    reachable = f" ({first.reachable_expected} reachable)" if first and first.marked else ""
    lines = [
        "# Monitoring benchmark",
        "",
        f"Sensor: **{result.sensor.label}**; sentinel governor: {result.sensor.governor_label}; "
        f"seed {result.seed}; {len(result.scenarios)} scenarios ({noise_only} noise-only), "
        f"{expected} expected events{reachable}; splits: {_split_counts(result)}.",
        "",
        f"Search engine: **{result.search.name}** (`sentinel.sim.search_realism`); costs "
        "at the price list of `sentinel.bench.monitoring.costs` (search $"
        f"{PRICES.search:g}, full fetch ${PRICES.full_fetch:g}, 304 ${PRICES.not_modified:g}, "
        f"model ${PRICES.prompt_per_1k:g}/${PRICES.completion_per_1k:g} per 1k prompt/"
        "completion tokens).",
        "",
        "Recall (reachable) counts only the events a monitor that searches could reach: on "
        "a page the engine indexes or one hop from one (`sentinel.bench.monitoring."
        "reachability`).",
        "",
        "| policy | split | recall | recall (reachable) | precision | false alerts "
        "| median delay | p90 delay | searches | full fetches | 304s | model calls | tokens "
        "| $/monitor-month | checks/event | calls/event | wall s |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for policy in result.policies:
        for split in _table_splits(result):
            totals = result.totals(policy, split=split)
            lines.append(
                f"| {policy} | {split or 'all'} | {totals.recall:.0%} | "
                f"{_share(totals.reachable_recall)} | "
                f"{totals.precision:.0%} | {totals.false_alerts} | "
                f"{format_delay(median(totals.delays_s))} | "
                f"{format_delay(percentile(totals.delays_s, 0.9))} | {totals.searches} | "
                f"{totals.full_fetches} | {totals.not_modified} | {totals.model_calls} | "
                f"{totals.tokens} | "
                f"{format_cost(PRICES.per_monitor_month(totals.usage, totals.monitored))} | "
                f"{_per_event(totals.per_event(totals.checks))} | "
                f"{_per_event(totals.per_event(totals.model_calls))} | {totals.wall_s:.1f} |"
            )
    found = targets(result)
    if found:
        judged = target_split(result) or "all"
        lines += [
            "",
            f"## Targets on the {judged} split (stated for the oracle-facts sensor at 0% error)",
            "",
            "| target | measured | threshold | met |",
            "|---|---|---|---|",
        ]
        lines += [f"| {t.name} | {t.measured} | {t.threshold} | {_met(t)} |" for t in found]
    lines += [
        "",
        "## Per scenario",
        "",
        "| scenario | split | notify | policy | detected | false alerts (dup.) | delays | checks "
        "| runs | model calls | notes |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    lines += [_scenario_row(score) for score in result.scores]
    lines += _failure_log(result)
    return "\n".join(lines) + "\n"


def _table_splits(result: BenchResult) -> list[Split | None]:
    """The rows per policy: every scenario (None), then each split that ran."""
    return [None, *result.splits]


def _split_counts(result: BenchResult) -> str:
    counts = {split: 0 for split in result.splits}
    for scenario in result.scenarios:
        counts[split_of(scenario.id)] += 1
    return ", ".join(f"{split} {count}" for split, count in counts.items())


def _failure_log(result: BenchResult, per_score: int = 6) -> list[str]:
    """What the policies that missed an event or alerted falsely said when they acted."""
    failing = [
        score
        for score in result.scores
        if score.result.log
        and (len(score.matching.detected) < score.matching.expected or score.matching.false_alerts)
    ]
    if not failing:
        return []
    lines = ["", "## Where policies failed: their notifications and failures", ""]
    for score in failing:
        lines.append(f"- **{score.scenario.id} · {score.policy}**")
        lines += [f"  - {line}" for line in score.result.log[:per_score]]
        if len(score.result.log) > per_score:
            lines.append(f"  - … {len(score.result.log) - per_score} more")
    return lines


def _scenario_row(score: ScenarioScore) -> str:
    matching, run = score.matching, score.result
    delays = ", ".join(format_delay(d) for d in matching.delays_s) or "—"
    notes = ", ".join(f"{k} {v}" for k, v in sorted(run.notes.items()) if v) or ""
    kind = "noise-only" if score.noise_only else score.scenario.notify
    return (
        f"| {score.scenario.id} | {score.split} | {kind} | {score.policy} | "
        f"{len(matching.detected)}/{matching.expected} | "
        f"{len(matching.false_alerts)} ({matching.duplicates}) | {delays} | {run.checks} | "
        f"{run.runs} | {run.model_calls} | {notes} |"
    )


def to_json(
    result: BenchResult, *, scenario_source: str, commit: str | None = None
) -> dict[str, Any]:
    """The results document (see the command's documentation for its shape); ``commit`` is
    the code the run measured (read when it started), else the checkout's now."""
    policies: dict[str, Any] = {}
    splits: dict[str, dict[str, Any]] = {split: {} for split in result.splits}
    for policy in result.policies:
        noise = result.totals(policy, noise_only=True)
        policies[policy] = policy_summary(result.totals(policy), noise.false_alerts)
        for split in result.splits:
            noise = result.totals(policy, noise_only=True, split=split)
            splits[split][policy] = policy_summary(
                result.totals(policy, split=split), noise.false_alerts
            )
    return {
        "benchmark": "monitor",
        "sensor": result.sensor.label,
        "sensor_mode": result.sensor.mode,
        "error_rate": result.sensor.error_rate,
        "governor": result.sensor.governor_label,
        "seed": result.seed,
        "search": result.search.name,
        "pages": pages_mode(result.policies),
        "prices": PRICES.to_json(),
        "scenario_source": scenario_source,
        "at": datetime.now(UTC).isoformat(timespec="seconds"),
        "commit": commit or code_commit(),
        "machine": {
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
        },
        "policies": policies,
        "splits": splits,
        "target_split": target_split(result) or "all",
        "targets": [t.to_json() for t in targets(result)],
        "scenarios": [score.to_json() for score in result.scores],
    }


def code_commit() -> str | None:
    """The checkout's commit (short hash), None outside a git checkout."""
    try:
        done = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            timeout=5,
            check=False,
        )
    except OSError:
        return None
    return done.stdout.strip() or None
