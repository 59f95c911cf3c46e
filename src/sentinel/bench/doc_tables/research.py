"""The research benchmark's tables."""

from __future__ import annotations

from pathlib import Path

from sentinel.bench.doc_tables.format import Document, load, num, pct, table

_RESEARCH_HEADER = (
    "model",
    "split",
    "worlds",
    "sentences",
    "claim support",
    "independent",
    "citation precision",
    "repetition",
    "readable",
    "right subject",
    "dropped / report",
    "fact recall",
    "model calls",
    "wall s",
    "cold s",
)


def _research_rows(document: Document) -> list[list[str]]:
    model = str(document["model"]).removeprefix("local:")
    rows = []
    for split in ("test", "dev"):
        s = document["summary"].get(split)
        if s is None:
            continue
        rows.append(
            [
                model,
                split,
                num(s["cases"]),
                num(s["sentences"]),
                pct(s["claim_support"]),
                pct(s["claim_support_independent"]),
                pct(s["citation_precision"]),
                pct(s["repetition_rate"]),
                pct(s.get("readability")),
                pct(s.get("right_subject")),
                num(s["dropped_mean"], 1),
                pct(s["fact_recall"]),
                num(s["model_calls_mean"]),
                num(s["wall_s_mean"], 1 if s["wall_s_mean"] < 10 else 0),
                num(s.get("cold_wall_s_mean"), 1),
            ]
        )
    return rows


def research_extractive(folder: Path) -> str:
    """``sentinel bench research --model extractive``: test and dev."""
    rows = _research_rows(load(folder, "research-extractive.json"))
    return table(_RESEARCH_HEADER, "llrrrrrrrrrrrrr", rows)


def research_embedded(folder: Path) -> str:
    """``sentinel bench research`` on the embedded 0.5B model: test."""
    rows = _research_rows(load(folder, "research-embedded.json"))
    return table(_RESEARCH_HEADER, "llrrrrrrrrrrrrr", rows)


def research_embedded_2threads(folder: Path) -> str:
    """The embedded 0.5B model at 2 threads with cold commands (issue 35): test."""
    rows = _research_rows(load(folder, "research-embedded-2threads.json"))
    return table(_RESEARCH_HEADER, "llrrrrrrrrrrrrr", rows)
