"""PNG plots of a benchmark run (matplotlib's Agg canvas; no display, no pyplot state).

- ``pareto.png``: checks against detection delay per policy — the Pareto picture. A marker is
  the median delay, its bar reaches the p90; lower and further left is better.
- ``quality.png``: recall and precision per policy, false alerts written above the bars.
"""

from __future__ import annotations

from pathlib import Path

from sentinel.bench.monitoring.metrics import median, percentile
from sentinel.bench.monitoring.runner import BenchResult

HOUR = 3600.0


def write_plots(result: BenchResult, out: Path) -> list[Path]:
    """Write the plots into ``out`` (created if needed); return their paths."""
    out.mkdir(parents=True, exist_ok=True)
    return [pareto_plot(result, out / "pareto.png"), quality_plot(result, out / "quality.png")]


def pareto_plot(result: BenchResult, path: Path) -> Path:
    """Checks (log scale) against median delay (hours), p90 as an upper bar."""
    from matplotlib.figure import Figure

    figure = Figure(figsize=(8, 5.5), dpi=110)
    axes = figure.subplots()
    skipped = []
    for index, policy in enumerate(result.policies):
        totals = result.totals(policy)
        middle, high = median(totals.delays_s), percentile(totals.delays_s, 0.9)
        if middle is None or high is None:
            skipped.append(policy)
            continue
        x = max(totals.checks, 1)
        y = middle / HOUR
        label = f"{policy}: recall {totals.recall:.0%}, {totals.false_alerts} false alerts"
        axes.errorbar([x], [y], yerr=[[0.0], [high / HOUR - y]], fmt="o", capsize=4, label=label)
        # Alternate sides (below right, above left) so that neighbours keep readable names.
        even = index % 2 == 0
        axes.annotate(
            policy,
            (x, y),
            textcoords="offset points",
            xytext=(6, -12) if even else (-6, 6),
            ha="left" if even else "right",
            fontsize=8,
        )
    axes.set_xscale("log")
    axes.set_xlabel("checks (page fetches + searches), all scenarios")
    axes.set_ylabel("detection delay, hours (median; bar to p90)")
    axes.set_title(f"Checks against delay — sensor: {result.sensor.label}", fontsize=10)
    axes.grid(True, which="both", alpha=0.3)
    axes.legend(loc="upper right", fontsize=7)
    if skipped:
        axes.text(
            0.01,
            0.01,
            "no detection: " + ", ".join(skipped),
            transform=axes.transAxes,
            fontsize=8,
        )
    figure.tight_layout()
    figure.savefig(path)
    return path


def quality_plot(result: BenchResult, path: Path) -> Path:
    """Recall and precision bars per policy, false alerts annotated."""
    from matplotlib.figure import Figure

    figure = Figure(figsize=(max(6.0, 1.2 * len(result.policies) + 2), 4.5), dpi=110)
    axes = figure.subplots()
    positions = list(range(len(result.policies)))
    width = 0.38
    recalls, precisions, false_alerts = [], [], []
    for policy in result.policies:
        totals = result.totals(policy)
        recalls.append(totals.recall)
        precisions.append(totals.precision)
        false_alerts.append(totals.false_alerts)
    axes.bar([p - width / 2 for p in positions], recalls, width, label="recall")
    axes.bar([p + width / 2 for p in positions], precisions, width, label="precision")
    for position, count in zip(positions, false_alerts, strict=True):
        axes.annotate(f"{count} false", (position, 1.02), ha="center", fontsize=8)
    axes.set_xticks(positions, result.policies, rotation=20, ha="right", fontsize=8)
    axes.set_ylim(0, 1.35)
    axes.set_title(f"Recall and precision — sensor: {result.sensor.label}", fontsize=10)
    axes.legend(loc="upper left", ncols=2, fontsize=8)
    figure.tight_layout()
    figure.savefig(path)
    return path
