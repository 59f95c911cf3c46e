"""The assistant's tables: memory retrieval, the chat turn."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sentinel.bench.doc_tables.format import load, num, table

_METHODS = {
    "bm25": "BM25",
    "dense": "dense (MiniLM int8)",
    "hybrid": "hybrid (normalised fusion)",
    "hybrid@min_score": "hybrid, score ≥ 0.3 (the product)",
}


def assistant_memory(folder: Path) -> str:
    """Memory retrieval on the ``test`` questions: recall@5, MRR, per kind."""
    document = load(folder, "assistant-memory.json")
    rows = []
    for r in document["splits"]["test"]:
        kinds = r["by_kind"]
        rows.append(
            (
                _METHODS.get(r["method"], r["method"]),
                f"{r['recall_at_5']:.3f}",
                f"{r['mrr']:.3f}",
                *(f"{kinds[k]:.3f}" for k in ("fact", "update", "temporal", "preference")),
            )
        )
    questions = document["splits"]["test"][0]["questions"]
    header = (
        f"test split ({questions} questions)",
        "recall@5",
        "MRR",
        "facts",
        "updates",
        "temporal",
        "preferences",
    )
    return table(header, "lrrrrrr", rows)


def assistant_memory_scaling(folder: Path) -> str:
    """What a query and a write cost as the vault grows (µs, medians)."""
    scaling = load(folder, "assistant-memory.json")["scaling"]
    base = scaling[0]
    rows = [
        (
            num(r["memories"]),
            num(r["bm25_query_us"]),
            num(r["dense_query_us"]),
            f"{num(r['hybrid_query_us'])} ({r['hybrid_query_us'] / base['hybrid_query_us']:.1f}×)",
            f"{num(r['add_us'])} ({r['add_us'] / base['add_us']:.1f}×)",
            num(r["bm25s_reindex_us"]),
        )
        for r in scaling
    ]
    header = (
        "memories",
        "BM25 query",
        "dense query",
        "hybrid query",
        "add one memory",
        "bm25s full re-index",
    )
    return table(header, "rrrrrr", rows)


def assistant_turn_overhead(folder: Path) -> str:
    """Whole chat turns on the scripted model: the framework's own cost."""
    document = load(folder, "assistant-turn.json")
    rows = [
        (
            f"{r['name']} ({r['runs']} runs)",
            f"{r['p50_ms']:.1f} ms",
            f"{r['p95_ms']:.1f} ms",
            f"{r['mean_ms']:.1f} ms",
        )
        for r in document["scripted"]
    ]
    return table(("turn", "p50", "p95", "mean"), "lrrr", rows)


def assistant_turn_embedded(folder: Path) -> str:
    """The fixed set of chat tasks on the embedded model, turn by turn."""
    document = load(folder, "assistant-turn.json")
    rows = [
        (
            r["query"],
            "-" if r["first_content_s"] is None else f"{r['first_content_s']:.1f} s",
            f"{r['turn_s']:.1f} s",
            f"{r['cpu_s']:.1f} s",
            num(r["model_calls"]),
            f"{num(r['prompt_tokens'])} ({num(r['cached_tokens'])}) / "
            f"{num(r['completion_tokens'])}",
            num(r["iterations"]),
            ", ".join(r["actions"]) or "none",
            "yes" if r["success"] else "no",
        )
        for r in document["embedded"]["turns"]
    ]
    header = (
        "query",
        "first content",
        "turn",
        "CPU",
        "model calls",
        "prompt (cached) / completion tokens",
        "rounds",
        "actions",
        "success",
    )
    return table(header, "lrrrrrrll", rows)


TURN_TARGETS = (
    ("chat turn p50", "turn_p50_s", "<= 30 s", " s"),
    ("chat turn p50 on a quiet machine, estimated (CPU / threads)", "quiet_p50_s", "<= 30 s", " s"),
    ("first content p50", "first_content_p50_s", "<= 10 s", " s"),
    ("task success", "task_success", ">= 80 %", ""),
    ("claimed but not run", "claimed_not_run", "0", ""),
    ("claims the checker removed", "claims_removed", "-", ""),
    ("model calls per turn", "model_calls_per_turn", "-", ""),
    ("prompt tokens per turn (cached)", "prompt_tokens_per_turn", "-", ""),
    ("completion tokens per turn", "completion_tokens_per_turn", "-", ""),
)


def assistant_turn_targets(folder: Path) -> str:
    """Issue 25's targets against the fixed set's measurement, with the load it ran under;
    then research's seconds per question and the monitor's seconds per model call, from their
    2-thread runs when committed."""
    document = load(folder, "assistant-turn.json")
    embedded = document["embedded"]
    found = embedded["summary"]
    threads = embedded.get("threads") or 2
    where = f"{embedded['model']}, {threads} threads, {found.get('turns', 0)} turns, " + _ran(
        document
    )
    rows = []
    if found.get("cpu_p50_s") is not None and not document.get("conditions"):
        found = {**found, "quiet_p50_s": round(found["cpu_p50_s"] / threads, 1)}
    for label, key, target, unit in TURN_TARGETS:
        value = found.get(key)
        if key == "quiet_p50_s" and value is None:
            continue
        if key == "task_success" and value is not None:
            shown = f"{value * 100:.0f} %"
        elif key == "prompt_tokens_per_turn" and value is not None:
            shown = f"{num(value)} ({num(found['cached_tokens_per_turn'])})"
        else:
            shown = "-" if value is None else f"{value}{unit}"
        rows.append((label, target, shown, where))
    research = folder / "research-embedded-2threads.json"
    if research.exists():
        run = load(folder, research.name)
        for split, summary in run["summary"].items():
            on = f"{run['model']}, 2 threads, {summary['cases']} {split} questions, " + _ran(run)
            rows.append(("research, seconds per question", "<= 20 s",
                         f"{summary['wall_s_mean']:.1f} s", on))  # fmt: skip
            rows.append(("research fact recall", "unchanged",
                         f"{summary['fact_recall'] * 100:.0f} %", on))  # fmt: skip
    sensing = folder / "monitor-embedded-2threads.json"
    if sensing.exists():
        run = load(folder, sensing.name)
        mine = [s for s in run["scenarios"] if s["policy"] == "sentinel"]
        calls = sum(s["model_calls"] for s in mine)
        wall = sum(s["wall_s"] for s in mine)
        on = (
            f"{len(mine)} worlds, {calls} sensor and governor calls, wall time of every run, "
            + _ran(run)
        )
        rows.append(("monitor, seconds per model call", "<= 8 s", f"{wall / calls:.1f} s", on))
    return table(("metric", "target", "measured", "on"), "lrrl", rows)


def _ran(document: dict[str, Any]) -> str:
    """How a run was taken: quiet (everything else paused) or the load average it met."""
    if document.get("conditions", "").startswith("quiet"):
        return "quiet machine"
    load = document.get("load_average")
    return f"load average {load[0] if load else '?'}"


def assistant_turn_parallel(folder: Path) -> str:
    """The same plan run one action at a time and concurrently."""
    document = load(folder, "assistant-turn.json")
    rows = [
        (
            r["plan"],
            f"{r['sequential_ms']:.1f} ms",
            f"{r['parallel_ms']:.1f} ms",
            f"{r['speedup']:.2f}×",
        )
        for r in document["plans"]
    ]
    return table(("plan", "sequential", "parallel", "speed-up"), "lrrr", rows)
