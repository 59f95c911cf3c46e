"""Issue 33's targets for the watch set, judged on results documents (averaged over seeds).

Searching for its pages (``sentinel``): recall of the events search can reach >= 97 %, no
false alert, a median delay of at most 30 minutes, a cost per monitor-month at most
``llm-on-change-3h``'s (a page-watcher that asks a model only on a change), and model calls
at most 0.1x ``llm-fixed-24h``'s. Given the baselines' pages (``sentinel-given``): recall
>= 99 % and a median delay of at most 15 minutes. A target whose policy or reference did not
run is left out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sentinel.bench.monitoring.report import format_cost
from sentinel.bench.monitoring.tables import Document, averaged
from sentinel.bench.monitoring.targets import (
    GIVEN,
    GIVEN_MEDIAN_S,
    GIVEN_RECALL,
    LLM_REFERENCE,
    REACHABLE_RECALL,
    SENTINEL,
    format_delay,
)

WATCH_MEDIAN_S = 30 * 60.0
"""Searching: the median delay."""
COST_REFERENCE = "llm-on-change-3h"
"""Searching: the policy whose cost per monitor-month Sentinel's must not exceed."""
WATCH_CALLS_SHARE = 0.1
"""Searching: model calls against ``llm-fixed-24h``'s."""
SPLIT = "test"


@dataclass(frozen=True)
class WatchTarget:
    """One target: the mode it is judged in, what it measures, the value and the threshold
    as printed, and whether it is met."""

    mode: str
    metric: str
    measured: str
    threshold: str
    met: bool


def watch_targets(documents: Sequence[Document]) -> list[WatchTarget]:
    """The targets of the module documentation that ``documents`` can judge."""
    found: list[WatchTarget] = []
    ours = averaged(documents, SPLIT, SENTINEL)
    if ours:
        found += _searching(documents, ours)
    given = averaged(documents, SPLIT, GIVEN)
    if given:
        found += _given(given)
    return found


def _searching(documents: Sequence[Document], ours: dict[str, float | None]) -> list[WatchTarget]:
    mode = "searching"
    found = []
    reachable = ours.get("reachable_recall")
    if reachable is not None:
        found.append(
            WatchTarget(mode, "recall of reachable events", f"{reachable:.1%}",
                        f">= {REACHABLE_RECALL:.0%}", reachable >= REACHABLE_RECALL)
        )  # fmt: skip
    false_alerts = ours.get("false_alerts") or 0.0
    found.append(WatchTarget(mode, "false alerts", f"{false_alerts:g}", "0", false_alerts == 0))
    found += _median(mode, ours, WATCH_MEDIAN_S)
    cost = ours.get("cost_per_monitor_month_usd")
    reference = averaged(documents, SPLIT, COST_REFERENCE).get("cost_per_monitor_month_usd")
    if cost is not None and reference is not None:
        found.append(
            WatchTarget(mode, "$ per monitor-month", format_cost(cost),
                        f"<= {format_cost(reference)} ({COST_REFERENCE})", cost <= reference)
        )  # fmt: skip
    calls = ours.get("model_calls")
    llm = averaged(documents, SPLIT, LLM_REFERENCE).get("model_calls")
    if calls is not None and llm:
        ratio = calls / llm
        found.append(
            WatchTarget(mode, "model calls", f"{calls:,.0f} = {ratio:.2f}×",
                        f"<= {WATCH_CALLS_SHARE:g}× {LLM_REFERENCE}", ratio <= WATCH_CALLS_SHARE)
        )  # fmt: skip
    return found


def _given(given: dict[str, float | None]) -> list[WatchTarget]:
    mode = "given the pages"
    recall = given.get("recall") or 0.0
    false_alerts = given.get("false_alerts") or 0.0
    found = [
        WatchTarget(mode, "recall", f"{recall:.1%}", f">= {GIVEN_RECALL:.0%}",
                    recall >= GIVEN_RECALL),
        WatchTarget(mode, "false alerts", f"{false_alerts:g}", "0", false_alerts == 0),
    ]  # fmt: skip
    return found + _median(mode, given, GIVEN_MEDIAN_S)


def _median(mode: str, summary: dict[str, float | None], limit_s: float) -> list[WatchTarget]:
    """The median-delay target of ``mode`` (none when no event was found)."""
    delay = summary.get("median_delay_s")
    if delay is None:
        return []
    threshold = f"<= {format_delay(limit_s)}"
    return [WatchTarget(mode, "median delay", format_delay(delay), threshold, delay <= limit_s)]


def watch_targets_table(documents: Sequence[Document]) -> str:
    """The targets as a markdown table."""
    lines = ["| mode | target | measured | threshold | met |", "|---|---|---:|---:|---|"]
    for target in watch_targets(documents):
        met = "yes" if target.met else "**no**"
        lines.append(
            f"| {target.mode} | {target.metric} | {target.measured} | {target.threshold} | {met} |"
        )
    return "\n".join(lines) + "\n"
