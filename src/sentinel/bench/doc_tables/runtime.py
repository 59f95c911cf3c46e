"""The store's and the local model's tables."""

from __future__ import annotations

from pathlib import Path

from sentinel.bench.doc_tables.format import load, num, pct, table


def store(folder: Path) -> str:
    """``sentinel bench store``: actions per second against the deepcopy + DeepDiff baseline."""
    document = load(folder, "store.json")
    rows = [
        (
            num(r["size"]),
            r["change"],
            num(r["baseline"]["per_second"], 2),
            num(r["store"]["per_second"]),
            f"{r['ratio']:,.0f}×",
        )
        for r in document["results"]
    ]
    header = ("entries", "change", "baseline actions/s", "Sentinel actions/s", "ratio")
    return table(header, "rlrrr", rows)


def llm(folder: Path) -> str:
    """``sentinel bench llm``: speed, valid JSON and field accuracy with and without grammar."""
    document = load(folder, "llm.json")
    rows = []
    for m in document["models"]:
        grammar, free = m["grammar"], m["free"]
        rows.append(
            (
                m["model"],
                num(m["prompt_tokens_per_s"]),
                num(m["generation_tokens_per_s"], 1),
                f"{grammar['json_valid']}/{grammar['cases']} / "
                f"{free['json_valid']}/{free['cases']}",
                f"{pct(m['grammar_accuracy'])} / {pct(m['free_accuracy'])}",
                f"{m['prefix_first_s']:.2f} s → {m['prefix_later_s']:.2f} s "
                f"({m['prefix_speedup']:.1f}×)",
            )
        )
    header = (
        "model",
        "prompt tok/s",
        "gen tok/s",
        "valid JSON: grammar / instructions",
        "field accuracy: grammar / instructions",
        "repeated prefix",
    )
    return table(header, "lrrlll", rows)
