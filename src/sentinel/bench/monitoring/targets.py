"""The targets of the monitoring benchmark, judged on a run: what ``sentinel`` must reach
against the 24-hour references (on the ``test`` split when it ran), and issue 33's for the
recall of reachable events and for ``sentinel`` given the baselines' pages.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sentinel.bench.monitoring.metrics import median
from sentinel.bench.monitoring.runner import BenchResult
from sentinel.sim.split import Split

SENTINEL = "sentinel"
DIFF_REFERENCE = "diff-fixed-24h"
LLM_REFERENCE = "llm-fixed-24h"
TARGET_SPLIT: Split = "test"
"""The split the targets are judged on when it ran: heuristics are developed on ``dev``."""
MEDIAN_SHARE = 0.5
PAID_SHARE = 1.0
"""Searches plus full page fetches (what a look costs beyond a 304), against diff-fixed-24h's."""
CALLS_SHARE = 0.2
GIVEN = "sentinel-given"
"""Sentinel given the baselines' pages (``--pages given|both``)."""
REACHABLE_RECALL = 0.97
"""Issue 33: searching, recall of the events search can reach."""
GIVEN_RECALL = 0.99
GIVEN_MEDIAN_S = 15 * 60.0
"""Issue 33: given the pages, recall and median delay."""


@dataclass(frozen=True)
class Target:
    """One target of the issue, measured: ``met`` is None when a policy it needs did not run
    (or a ratio has no reference value)."""

    name: str
    measured: str
    threshold: str
    met: bool | None

    def to_json(self) -> dict[str, Any]:
        """This target as JSON."""
        return {
            "target": self.name,
            "measured": self.measured,
            "threshold": self.threshold,
            "met": self.met,
        }


def target_split(result: BenchResult) -> Split | None:
    """The split targets are judged on: :data:`TARGET_SPLIT` when it ran, else None (every
    scenario that ran)."""
    return TARGET_SPLIT if TARGET_SPLIT in result.splits else None


def targets(result: BenchResult) -> list[Target]:
    """The issue's targets for ``sentinel`` against the references that ran, on the
    ``test`` split when it ran (see :func:`target_split`)."""
    ran = set(result.policies)
    given = _given_targets(result) if GIVEN in ran else []
    if SENTINEL not in ran:
        return given
    split = target_split(result)
    ours = result.totals(SENTINEL, split=split)
    noise = result.totals(SENTINEL, noise_only=True, split=split)
    found = [
        Target("sentinel event recall", f"{ours.recall:.1%}", ">= 95%", ours.recall >= 0.95),
        Target(
            "sentinel false alerts on noise-only scenarios",
            str(noise.false_alerts),
            "0",
            noise.false_alerts == 0,
        ),
    ]
    if ours.reachable_recall is not None:
        found.insert(
            1,
            Target(
                "sentinel recall of reachable events",
                f"{ours.reachable_recall:.1%}",
                f">= {REACHABLE_RECALL:.0%}",
                ours.reachable_recall >= REACHABLE_RECALL,
            ),
        )
    if DIFF_REFERENCE in ran:
        diff = result.totals(DIFF_REFERENCE, split=split)
        found.append(
            _ratio(
                "sentinel median delay",
                median(ours.delays_s),
                median(diff.delays_s),
                MEDIAN_SHARE,
                DIFF_REFERENCE,
                hours=True,
            )
        )
        found.append(
            _ratio(
                "sentinel searches + full fetches",
                ours.searches + ours.full_fetches,
                diff.searches + diff.full_fetches,
                PAID_SHARE,
                DIFF_REFERENCE,
            )
        )
    if LLM_REFERENCE in ran:
        llm = result.totals(LLM_REFERENCE, split=split)
        found.append(
            _ratio(
                "sentinel model calls",
                ours.model_calls,
                llm.model_calls,
                CALLS_SHARE,
                LLM_REFERENCE,
            )
        )
    return found + given


def _given_targets(result: BenchResult) -> list[Target]:
    """Issue 33's targets for ``sentinel-given``: recall and median delay, given the pages."""
    split = target_split(result)
    given = result.totals(GIVEN, split=split)
    noise = result.totals(GIVEN, noise_only=True, split=split)
    delay = median(given.delays_s)
    return [
        Target(
            f"{GIVEN} event recall",
            f"{given.recall:.1%}",
            f">= {GIVEN_RECALL:.0%}",
            given.recall >= GIVEN_RECALL,
        ),
        Target(
            f"{GIVEN} false alerts on noise-only scenarios",
            str(noise.false_alerts),
            "0",
            noise.false_alerts == 0,
        ),
        Target(
            f"{GIVEN} median delay",
            format_delay(delay),
            f"<= {format_delay(GIVEN_MEDIAN_S)}",
            None if delay is None else delay <= GIVEN_MEDIAN_S,
        ),
    ]


def _ratio(
    name: str,
    ours: float | None,
    reference: float | None,
    share: float,
    against: str,
    *,
    hours: bool = False,
) -> Target:
    threshold = f"<= {share:g} x {against}"
    if ours is None or reference is None or reference == 0:
        shown = "n/a" if ours is None else _quantity(ours, hours)
        return Target(name, f"{shown} (reference {_quantity(reference, hours)})", threshold, None)
    measured = f"{_quantity(ours, hours)} = {ours / reference:.2f} x {_quantity(reference, hours)}"
    return Target(name, measured, threshold, ours <= share * reference)


def _quantity(value: float | None, hours: bool) -> str:
    if value is None:
        return "n/a"
    return format_delay(value) if hours else f"{value:g}"


def format_delay(seconds: float | None) -> str:
    """A delay for people: minutes below an hour, else hours with one decimal."""
    if seconds is None:
        return "—"
    if seconds < 3600:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"
