"""The sensing benchmark's tables: every committed ``sensing-*.json`` run, and the corpus."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from sentinel.bench.doc_tables.format import Document, num, pct, table
from sentinel.bench.sensing.corpus import KINDS, LANGUAGES, SPLITS, load_cases
from sentinel.bench.sensing.results import committed_runs

_HEADER = (
    "model",
    "split",
    "cases",
    "correct decisions",
    "false alerts",
    "misses",
    "notified without the value",
    "model calls / run",
    "model calls / run, structured pages",
    "tokens / run",
    "run p50",
    "run p95",
    "commit",
)


def model_label(document: Document) -> str:
    """``qwen2.5-coder-0.5b, 2 threads`` / ``scripted``."""
    model = str(document["model"]).removeprefix("local:")
    threads = document.get("threads")
    return f"{model}, {threads} thread{'' if threads == 1 else 's'}" if threads else model


def _seconds(value: float | None) -> str:
    return "—" if value is None else f"{value:.1f} s"


def sensing(folder: Path) -> str:
    """One row per committed run and split: the figures of ``sentinel bench sensing``."""
    rows = []
    for document in committed_runs(folder):
        for split in ("test", "dev"):
            s = document["summary"].get(split)
            if s is None:
                continue
            limited = f" (first {s['cases']})" if document.get("limit") else ""
            rows.append(
                [
                    model_label(document),
                    f"`{split}`{limited}",
                    num(s["cases"]),
                    f"{s['correct']} of {s['runs']} = {pct(s['correct_rate'], 1)}",
                    num(s["false_alerts"]),
                    num(s["misses"]),
                    num(s["missing_values"]),
                    num(s["model_calls_per_run"], 1),
                    num(s["model_calls_per_structured_run"], 1),
                    num(s["tokens_per_run"]),
                    _seconds(s["run_p50_s"]),
                    _seconds(s["run_p95_s"]),
                    str(document.get("commit") or "?"),
                ]
            )
    return table(_HEADER, "llrrrrrrrrrrl", rows)


def sensing_corpus(folder: Path) -> str:
    """The bundled corpus by language and kind, with its decoys and structured pages per
    split (``folder`` is unused: the corpus is package data)."""
    cases = [files.case for files in load_cases()]
    header = ["language", *KINDS, "cases", "decoys", "structured", *(f"`{s}`" for s in SPLITS)]
    rows = []
    for language in (*LANGUAGES, None):
        chosen = [c for c in cases if language is None or c.language == language]
        kinds = Counter(c.kind for c in chosen)
        splits = Counter(c.split for c in chosen)
        rows.append(
            [
                language or "**all**",
                *(num(kinds[k]) for k in KINDS),
                num(len(chosen)),
                num(sum(c.decoy for c in chosen)),
                num(sum(c.structured for c in chosen)),
                *(num(splits[s]) for s in SPLITS),
            ]
        )
    return table(header, "l" + "r" * (len(header) - 1), rows)
