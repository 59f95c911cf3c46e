"""The tables of docs/assistant-memory.md, regenerated from a committed results document.

``python -m sentinel.bench.memory_tables FILE`` reads the ``--json`` document of
``sentinel bench assistant --part memory --dataset …`` and prints markdown: per unit, each
method's measures with their 95 % bootstrap intervals; the hybrid's paired difference from
BM25; per category, each method's R@5; the time per query; and the issue's targets judged on
the overall rows. ``tests/bench/test_memory_public_bench.py`` checks that the page holds
exactly what this prints for the committed document.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from sentinel.bench.memory_public import MEASURES, METHODS

Document = Mapping[str, Any]

NAMES = {
    "bm25": "BM25",
    "dense": "dense (best chunk)",
    "hybrid": "hybrid (normalised fusion)",
    "default": "product default (hybrid, score ≥ min_score)",
}
# (unit, method, measure, at least): the targets of issue 23 on LoCoMo categories 1–4.
TARGETS = (
    ("session", "default", "any@5", 0.95),
    ("session", "default", "r@5", 0.90),
    ("turn", "default", "r@5", 0.70),
)


def _row(doc: Document, unit: str, method: str, group: str = "overall") -> Document | None:
    return next(
        (
            r
            for r in doc["rows"]
            if r["unit"] == unit and r["method"] == method and r["group"] == group
        ),
        None,
    )


def _cell(interval: Mapping[str, float], *, bold: bool = False) -> str:
    mean = f"**{interval['mean']:.3f}**" if bold else f"{interval['mean']:.3f}"
    return f"{mean} [{interval['low']:.3f}, {interval['high']:.3f}]"


def quality_table(doc: Document) -> str:
    """Per unit and method: R@5, R@10, NDCG@10, any@5 with intervals (the best in bold)."""
    lines = [
        "| unit | method | R@5 | R@10 | NDCG@10 | any@5 |",
        "|---|---|---|---|---|---|",
    ]
    for unit in ("turn", "session"):
        rows = {m: _row(doc, unit, m) for m in METHODS}
        present = {m: r for m, r in rows.items() if r is not None}
        if not present:
            continue
        best = {
            name: max(r["measures"][name]["mean"] for r in present.values()) for name in MEASURES
        }
        for method, row in present.items():
            cells = [
                _cell(row["measures"][n], bold=row["measures"][n]["mean"] == best[n])
                for n in MEASURES
            ]
            lines.append(f"| {unit} | {NAMES[method]} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def difference_table(doc: Document) -> str:
    """hybrid − BM25 and default − BM25, paired, per unit and measure."""
    lines = [
        "| unit | method − BM25 | R@5 | R@10 | NDCG@10 | any@5 |",
        "|---|---|---|---|---|---|",
    ]
    for unit in ("turn", "session"):
        for method in ("hybrid", "default"):
            found = {
                d["measure"]: d["delta"]
                for d in doc["differences"]
                if d["unit"] == unit and d["method"] == method
            }
            if not found:
                continue
            cells = [
                f"{found[n]['mean']:+.3f} [{found[n]['low']:+.3f}, {found[n]['high']:+.3f}]"
                for n in MEASURES
            ]
            lines.append(f"| {unit} | {method} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def category_table(doc: Document) -> str:
    """R@5 per category (and its question count) for each unit and method."""
    groups = sorted({r["group"] for r in doc["rows"] if r["group"] != "overall"})
    methods = [m for m in METHODS if any(r["method"] == m for r in doc["rows"])]
    lines = [
        "| unit | category | questions | " + " | ".join(NAMES[m] for m in methods) + " |",
        "|---|---|---|" + "---|" * len(methods),
    ]
    for unit in ("turn", "session"):
        for group in groups:
            rows = [_row(doc, unit, m, group) for m in methods]
            if any(r is None for r in rows):
                continue
            count = rows[0]["questions"] if rows[0] else 0
            cells = [f"{r['measures']['r@5']['mean']:.3f}" for r in rows if r is not None]
            lines.append(f"| {unit} | {group} | {count} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def time_table(doc: Document) -> str:
    """The median ranking time per query of each method, and the query's embedding."""
    names = [m for m in METHODS if m in doc["query_ms"]]
    lines = [
        "| " + " | ".join(NAMES[m] for m in names) + " | embedding the query |",
        "|" + "---|" * (len(names) + 1),
    ]
    embed = doc.get("embed_query_ms")
    cells = [f"{doc['query_ms'][m]:.2f} ms" for m in names]
    cells.append("—" if embed is None else f"{embed:.1f} ms")
    lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def target_table(doc: Document) -> str:
    """The targets judged on the overall rows: met, or the gap."""
    lines = ["| target | measured | met |", "|---|---|---|"]
    for unit, method, measure, floor in TARGETS:
        row = _row(doc, unit, method)
        if row is None:
            continue
        value = row["measures"][measure]["mean"]
        met = "yes" if value >= floor else f"**no** (gap {floor - value:.3f})"
        lines.append(f"| {unit} {measure} ≥ {floor:.2f} | {value:.3f} | {met} |")
    for unit in ("turn", "session"):
        for method in ("hybrid", "default"):
            worse = [
                d["measure"]
                for d in doc["differences"]
                if d["unit"] == unit and d["method"] == method and d["delta"]["mean"] < 0
            ]
            if any(d["unit"] == unit and d["method"] == method for d in doc["differences"]):
                met = "yes" if not worse else "**no** (" + ", ".join(worse) + ")"
                lines.append(f"| {unit}: {method} ≥ BM25 on every measure | — | {met} |")
    return "\n".join(lines) + "\n"


def page_tables(doc: Document) -> str:
    """Everything docs/assistant-memory.md shows of one results document."""
    haystacks = ", ".join(doc["haystacks"])
    head = (
        f"{doc['dataset']} ({doc['format']}), haystacks {haystacks}: "
        f"{doc['questions']} questions with evidence ({doc['skipped']} without, not scored), "
        f"{doc['memories']['turn']:,} turn memories, {doc['memories']['session']:,} session "
        f"memories; embedder {doc['embedder'] or 'none'}, min_score {doc['min_score']}; "
        f"commit {doc['commit']}, {doc['machine']['cpus']} CPUs.\n"
    )
    overall = next((r["questions"] for r in doc["rows"] if r["group"] == "overall"), 0)
    return "\n".join(
        [
            head,
            f"Overall: {overall} questions (LoCoMo categories 1–4). "
            "Mean [95 % bootstrap interval]; the best of each column in bold.\n",
            quality_table(doc),
            "Paired difference from BM25 (mean [95 % interval]):\n",
            difference_table(doc),
            "R@5 per question category:\n",
            category_table(doc),
            "Ranking time per query (median; the query's embedding apart):\n",
            time_table(doc),
            "Targets (issue 23):\n",
            target_table(doc),
        ]
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Print the tables for the document named on the command line."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        sys.stderr.write("usage: python -m sentinel.bench.memory_tables RESULTS.json\n")
        return 2
    sys.stdout.write(page_tables(json.loads(Path(args[0]).read_text(encoding="utf-8"))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
