"""The research benchmark's results as a table in the terminal: a row per case and the
averages of each split."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Console
from rich.table import Table

from sentinel.bench.research_cases import PREFIX

if TYPE_CHECKING:
    from sentinel.bench.research import CaseResult


def _percent(value: float | None) -> str:
    return "—" if value is None else f"{value:.0%}"


def print_results(results: list[CaseResult], model: str) -> None:
    """One row per case and a row of averages per split."""
    table = Table(title=f"Research benchmark ({model})")
    for column in (
        "scenario",
        "split",
        "valid",
        "support",
        "indep.",
        "cit. prec.",
        "repeated",
        "readable",
        "subject",
        "dropped",
        "domains",
        "facts",
        "searches",
        "model calls",
        "wall s",
        "cold s",
    ):
        table.add_column(column, justify="left" if column == "scenario" else "right")
    for r in results:
        table.add_row(
            r.scenario.removeprefix(PREFIX),
            r.split,
            "yes" if r.schema_valid else "no",
            f"{r.supported}/{r.sentences}",
            f"{r.independent}/{r.sentences}",
            f"{r.precise}/{r.citations}",
            str(r.repeated),
            f"{r.well_formed}/{r.sentences}",
            f"{r.lookalike_sentences - r.off_subject}/{r.lookalike_sentences}"
            if r.lookalike_sentences
            else "—",
            str(r.dropped),
            str(r.domains),
            f"{r.facts_found}/{r.facts_total}",
            str(r.iterations),
            str(r.model_calls),
            f"{r.wall_s:.1f}",
            "—" if r.cold_wall_s is None else f"{r.cold_wall_s:.1f}",
        )
    from sentinel.bench.research import summary

    for split in sorted({r.split for r in results}):
        total = summary([r for r in results if r.split == split])
        table.add_row(
            f"mean ({split})",
            split,
            _percent(total["schema_valid_rate"]),
            _percent(total["claim_support"]),
            _percent(total["claim_support_independent"]),
            _percent(total["citation_precision"]),
            _percent(total["repetition_rate"]),
            _percent(total["readability"]),
            _percent(total["right_subject"]),
            f"{total['dropped_mean']:.1f}",
            f"{total['domains_mean']:.1f}",
            _percent(total["fact_recall"]),
            f"{total['iterations_mean']:.1f}",
            f"{total['model_calls_mean']:.1f}",
            f"{total['wall_s_mean']:.1f}",
            "—" if total["cold_wall_s_mean"] is None else f"{total['cold_wall_s_mean']:.1f}",
            style="bold",
        )
    console = Console()
    console.print(table)
    for r in results:
        if r.error:
            console.print(f"{r.scenario}: {r.error}", markup=False, soft_wrap=True)
        elif r.missing_facts:
            console.print(f"{r.scenario}: missing {', '.join(r.missing_facts)}", markup=False)
