"""The monitoring benchmark's tables."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from sentinel.bench.doc_tables.format import Document, commit_line, load, num, pct, table
from sentinel.bench.monitoring.report import format_cost, format_delay
from sentinel.bench.monitoring.tables import (
    load_documents,
    policy_table,
    readme_tables,
)
from sentinel.bench.monitoring.watch_targets import watch_targets_table


def _oracle_test_documents(folder: Path) -> list[Document]:
    return load_documents(sorted(folder.glob("monitor-oracle-facts-test-seed*.json")))


def monitor_test(folder: Path) -> str:
    """Oracle-facts on ``test``, seeds 0-3: the tables of ``sentinel.bench.monitoring.tables``."""
    return readme_tables(_oracle_test_documents(folder))


def _policy_rows(document: Document, split: str, policies: Sequence[str]) -> list[list[str]]:
    by_split = document.get("splits", {}).get(split, {})
    diff = by_split.get("diff-fixed-24h", {})
    rows = []
    for policy in policies:
        row = by_split.get(policy)
        if row is None:
            continue
        rows.append(
            [
                split,
                policy,
                pct(row["recall"], 1),
                f"{num(row['false_alerts'])} ({num(row['noise_only_false_alerts'])})",
                format_delay(row["median_delay_s"]),
                format_delay(row["p90_delay_s"]),
                num(row["checks"]),
                num(row["model_calls"]),
                _ratio(row["median_delay_s"], diff.get("median_delay_s")),
                _ratio(row["checks"], diff.get("checks")),
            ]
        )
    return rows


def _ratio(ours: float | None, reference: float | None) -> str:
    if ours is None or not reference:
        return "—"
    return f"{ours / reference:.2f}×"


_POLICY_HEADER = (
    "split",
    "policy",
    "recall",
    "false alerts (noise-only)",
    "median delay",
    "p90 delay",
    "checks",
    "model calls",
    "median vs diff-24h",
    "checks vs diff-24h",
)

_COST_HEADER = (
    "split",
    "policy",
    "recall",
    "false alerts (noise-only)",
    "median delay",
    "p90 delay",
    "searches",
    "full fetches",
    "304s",
    "model calls",
    "tokens",
    "$/month",
    "median vs diff-24h",
    "paid requests vs diff-24h",
)


def _cost_rows(document: Document, split: str, policies: Sequence[str]) -> list[list[str]]:
    """Rows with the costs counted apart (documents written since the cost columns)."""
    by_split = document.get("splits", {}).get(split, {})
    diff = by_split.get("diff-fixed-24h", {})
    rows = []
    for policy in policies:
        row = by_split.get(policy)
        if row is None:
            continue
        rows.append(
            [
                split,
                policy,
                pct(row["recall"], 1),
                f"{num(row['false_alerts'])} ({num(row['noise_only_false_alerts'])})",
                format_delay(row["median_delay_s"]),
                format_delay(row["p90_delay_s"]),
                num(row["searches"]),
                num(row["full_fetches"]),
                num(row["not_modified"]),
                num(row["model_calls"]),
                num(row["tokens"]),
                format_cost(row["cost_per_monitor_month_usd"]),
                _ratio(row["median_delay_s"], diff.get("median_delay_s")),
                _ratio(row["paid_requests"], diff.get("paid_requests")),
            ]
        )
    return rows


def _checks_table(document: Document, split: str) -> str:
    """The policies of one run on ``split``: with the cost columns when the run has them."""
    policies = list(document["policies"])
    if "search" in document:
        return table(_COST_HEADER, "llrrrrrrrrrrrr", _cost_rows(document, split, policies))
    return table(_POLICY_HEADER, "llrrrrrrrr", _policy_rows(document, split, policies))


def monitor_dev(folder: Path) -> str:
    """Oracle-facts on ``dev``, seed 0: every policy that ran, with its costs."""
    return policy_table([load(folder, "monitor-oracle-facts-dev-seed0.json")])


def monitor_watch_set(folder: Path) -> str:
    """Oracle-facts on ``test`` with the watch set (issue 33), searching and given the pages:
    every policy that ran, with its costs, and issue 33's targets
    (:mod:`sentinel.bench.monitoring.watch_targets`)."""
    documents = load_documents(sorted(folder.glob("monitor-watch-set-test-seed*.json")))
    return policy_table(documents) + "\n" + watch_targets_table(documents)


def monitor_error10(folder: Path) -> str:
    """Oracle-facts with a 10 % error rate on ``test``, seed 0: every policy."""
    return _checks_table(load(folder, "monitor-oracle-facts-test-error10-seed0.json"), "test")


_DEV_HISTORY = (
    ("development/monitor-dev-seed0-b781093-old-schedule.json", "old schedule (no miss bound)"),
    (
        "development/monitor-dev-seed0-7e3edf5-first-bound.json",
        'first version of the bound ("opening", "sale" still brief)',
    ),
    (
        "development/monitor-oracle-facts-dev-seed0-d86da08-perfect-search.json",
        "updated pages read, appointments, oracle quotes",
    ),
    (
        "monitor-oracle-facts-dev-seed0.json",
        "looks at a known page between daily searches; realistic search engine",
    ),
)


def monitor_dev_history(folder: Path) -> str:
    """The schedule's history on ``dev`` (seed 0, oracle-facts), from the runs committed."""
    rows = []
    for name, label in _DEV_HISTORY:
        document = load(folder, name)
        split = document.get("splits", {}).get("dev") or document["policies"]
        ours, diff = split["sentinel"], split.get("diff-fixed-24h", {})
        rows.append(
            (
                f"{label} ({document['commit']})",
                pct(ours["recall"], 1),
                f"{format_delay(ours['median_delay_s'])} "
                f"({_ratio(ours['median_delay_s'], diff.get('median_delay_s'))})",
                format_delay(ours["p90_delay_s"]),
                f"{num(ours['checks'])} ({_ratio(ours['checks'], diff.get('checks'))})",
                num(ours["model_calls"]),
            )
        )
    header = ("dev, seed 0", "recall", "median delay", "p90", "checks", "model calls")
    return table(header, "lrrrrr", rows)


def monitor_embedded(folder: Path) -> str:
    """The embedded model as sensor and governor on a documented two-world subset."""
    document = load(folder, "monitor-embedded-model.json")
    ours = document["policies"]["sentinel"]
    late = "" if not ours["detected"] else f" ({format_delay(ours['median_delay_s'])} late)"
    rows = [
        (
            commit_line(document),
            f"{ours['detected']}/{ours['events']}{late}",
            num(ours["false_alerts"]),
            num(ours["checks"]),
            num(ours["model_calls"]),
        )
    ]
    return table(("run", "recall", "false alerts", "checks", "model calls"), "lrrrr", rows)


_REPEATS = (
    ("development/monitor-embedded-repeats-ddc6b38.json", "ddc6b38 (modality guard)"),
    (
        "development/monitor-embedded-repeats-d86da08.json",
        'd86da08 (+ injected text, "will be announced", first-run state)',
    ),
    ("development/monitor-embedded-repeats-8ecb81a.json", "8ecb81a (+ relevance after grounding)"),
    (
        "monitor-embedded-repeats.json",
        "8c26d1d (+ a multi-sentence quote read on its relevant sentences)",
    ),
)


def monitor_repeats(folder: Path) -> str:
    """Three repeated runs of the embedded model on the five decoy worlds, per pipeline."""
    rows = []
    for name, label in _REPEATS:
        summary = load(folder, name)["summary"]["sentinel"]
        per_10 = summary["false_alerts_per_10_scenarios"]
        rows.append(
            (
                label,
                ", ".join(f"{v:g}" for v in per_10["runs"]),
                f"**{per_10['mean']:.1f} ± {per_10['stdev']:.1f}**".replace("± 0.0", "± 0"),
                ", ".join(f"{v:g}" for v in summary["noise_only_false_alerts"]["runs"]),
                ", ".join(f"{v:g}" for v in summary["detected"]["runs"]),
                num(summary["checks"]["mean"]),
                num(summary["model_calls"]["mean"]),
            )
        )
    header = (
        "pipeline",
        "false alerts per 10 scenarios (runs)",
        "**mean ± sd**",
        "on the noise-only world",
        "detected (of 4, per run)",
        "checks (mean)",
        "model calls (mean)",
    )
    return table(header, "llrllrr", rows)
