"""The documentation's benchmark tables, generated from the committed results documents.

Every table of figures in ``docs/benchmarks/*.md`` sits between two markers::

    <!-- table: store -->
    | entries | change | ... |
    <!-- end table -->

and is the output of the function registered here under that name, run on the JSON documents
in ``docs/benchmarks/``. ``python -m sentinel.bench.doc_tables`` rewrites the tables of the
pages (``--check``: only says which ones differ, exit 1), so a page can never show a figure
its JSON does not hold; ``tests/docs/test_benchmark_tables.py`` runs the check.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from sentinel.bench.engine_real_tables import markdown as markdown_real
from sentinel.bench.monitoring.report import format_cost, format_delay
from sentinel.bench.monitoring.tables import load_documents, readme_tables
from sentinel.bench.summary_table import readme_summary
from sentinel.errors import InvalidInput

__all__ = ["TABLES", "main", "render", "update"]

Document = Mapping[str, Any]
_BLOCK = re.compile(r"(<!-- table: ([\w.-]+) -->\n)(.*?)(<!-- end table -->)", re.S)


def _load(folder: Path, name: str) -> Any:
    return json.loads((folder / name).read_text(encoding="utf-8"))


def _table(header: Sequence[str], align: str, rows: Sequence[Sequence[object]]) -> str:
    """A Markdown table; ``align`` has one letter per column: l (left) or r (right)."""
    marks = ["---:" if a == "r" else "---" for a in align]
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(marks) + "|"]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def _pct(value: float | None, digits: int = 0) -> str:
    return "—" if value is None else f"{value:.{digits}%}"


def _num(value: float | None, digits: int = 0) -> str:
    return "—" if value is None else f"{value:,.{digits}f}"


def _commit_line(document: Document) -> str:
    return f"commit {document.get('commit', '?')}, {document.get('at', '?')[:10]}"


# -- store, llm ---------------------------------------------------------------------------


def store(folder: Path) -> str:
    """``sentinel bench store``: actions per second against the deepcopy + DeepDiff baseline."""
    document = _load(folder, "store.json")
    rows = [
        (
            _num(r["size"]),
            r["change"],
            _num(r["baseline"]["per_second"], 2),
            _num(r["store"]["per_second"]),
            f"{r['ratio']:,.0f}×",
        )
        for r in document["results"]
    ]
    header = ("entries", "change", "baseline actions/s", "Sentinel actions/s", "ratio")
    return _table(header, "rlrrr", rows)


def llm(folder: Path) -> str:
    """``sentinel bench llm``: speed, valid JSON and field accuracy with and without grammar."""
    document = _load(folder, "llm.json")
    rows = []
    for m in document["models"]:
        grammar, free = m["grammar"], m["free"]
        rows.append(
            (
                m["model"],
                _num(m["prompt_tokens_per_s"]),
                _num(m["generation_tokens_per_s"], 1),
                f"{grammar['json_valid']}/{grammar['cases']} / "
                f"{free['json_valid']}/{free['cases']}",
                f"{_pct(m['grammar_accuracy'])} / {_pct(m['free_accuracy'])}",
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
    return _table(header, "lrrlll", rows)


# -- monitoring -----------------------------------------------------------------------------


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
                _pct(row["recall"], 1),
                f"{_num(row['false_alerts'])} ({_num(row['noise_only_false_alerts'])})",
                format_delay(row["median_delay_s"]),
                format_delay(row["p90_delay_s"]),
                _num(row["checks"]),
                _num(row["model_calls"]),
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
                _pct(row["recall"], 1),
                f"{_num(row['false_alerts'])} ({_num(row['noise_only_false_alerts'])})",
                format_delay(row["median_delay_s"]),
                format_delay(row["p90_delay_s"]),
                _num(row["searches"]),
                _num(row["full_fetches"]),
                _num(row["not_modified"]),
                _num(row["model_calls"]),
                _num(row["tokens"]),
                format_cost(row["cost_per_monitor_month_usd"]),
                _ratio(row["median_delay_s"], diff.get("median_delay_s")),
                _ratio(row["paid_requests"], diff.get("paid_requests")),
            ]
        )
    return rows


def _policy_table(document: Document, split: str) -> str:
    """The policies of one run on ``split``: with the cost columns when the run has them."""
    policies = list(document["policies"])
    if "search" in document:
        return _table(_COST_HEADER, "llrrrrrrrrrrrr", _cost_rows(document, split, policies))
    return _table(_POLICY_HEADER, "llrrrrrrrr", _policy_rows(document, split, policies))


def monitor_dev(folder: Path) -> str:
    """Oracle-facts on ``dev``, seed 0: every policy that ran."""
    return _policy_table(_load(folder, "monitor-oracle-facts-dev-seed0.json"), "dev")


def monitor_error10(folder: Path) -> str:
    """Oracle-facts with a 10 % error rate on ``test``, seed 0: every policy."""
    return _policy_table(_load(folder, "monitor-oracle-facts-test-error10-seed0.json"), "test")


_DEV_HISTORY = (
    ("development/monitor-dev-seed0-b781093-old-schedule.json", "old schedule (no miss bound)"),
    (
        "development/monitor-dev-seed0-7e3edf5-first-bound.json",
        'first version of the bound ("opening", "sale" still brief)',
    ),
    ("monitor-oracle-facts-dev-seed0.json", "updated pages read, appointments, oracle quotes"),
)


def monitor_dev_history(folder: Path) -> str:
    """The schedule's history on ``dev`` (seed 0, oracle-facts), from the runs committed."""
    rows = []
    for name, label in _DEV_HISTORY:
        document = _load(folder, name)
        split = document.get("splits", {}).get("dev") or document["policies"]
        ours, diff = split["sentinel"], split.get("diff-fixed-24h", {})
        rows.append(
            (
                f"{label} ({document['commit']})",
                _pct(ours["recall"], 1),
                f"{format_delay(ours['median_delay_s'])} "
                f"({_ratio(ours['median_delay_s'], diff.get('median_delay_s'))})",
                format_delay(ours["p90_delay_s"]),
                f"{_num(ours['checks'])} ({_ratio(ours['checks'], diff.get('checks'))})",
                _num(ours["model_calls"]),
            )
        )
    header = ("dev, seed 0", "recall", "median delay", "p90", "checks", "model calls")
    return _table(header, "lrrrrr", rows)


def monitor_embedded(folder: Path) -> str:
    """The embedded model as sensor and governor on a documented two-world subset."""
    document = _load(folder, "monitor-embedded-model.json")
    ours = document["policies"]["sentinel"]
    late = "" if not ours["detected"] else f" ({format_delay(ours['median_delay_s'])} late)"
    rows = [
        (
            _commit_line(document),
            f"{ours['detected']}/{ours['events']}{late}",
            _num(ours["false_alerts"]),
            _num(ours["checks"]),
            _num(ours["model_calls"]),
        )
    ]
    return _table(("run", "recall", "false alerts", "checks", "model calls"), "lrrrr", rows)


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
        summary = _load(folder, name)["summary"]["sentinel"]
        per_10 = summary["false_alerts_per_10_scenarios"]
        rows.append(
            (
                label,
                ", ".join(f"{v:g}" for v in per_10["runs"]),
                f"**{per_10['mean']:.1f} ± {per_10['stdev']:.1f}**".replace("± 0.0", "± 0"),
                ", ".join(f"{v:g}" for v in summary["noise_only_false_alerts"]["runs"]),
                ", ".join(f"{v:g}" for v in summary["detected"]["runs"]),
                _num(summary["checks"]["mean"]),
                _num(summary["model_calls"]["mean"]),
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
    return _table(header, "llrllrr", rows)


# -- research -------------------------------------------------------------------------------

_RESEARCH_HEADER = (
    "model",
    "split",
    "worlds",
    "sentences",
    "claim support",
    "independent",
    "citation precision",
    "repetition",
    "dropped / report",
    "fact recall",
    "model calls",
    "wall s",
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
                _num(s["cases"]),
                _num(s["sentences"]),
                _pct(s["claim_support"]),
                _pct(s["claim_support_independent"]),
                _pct(s["citation_precision"]),
                _pct(s["repetition_rate"]),
                _num(s["dropped_mean"], 1),
                _pct(s["fact_recall"]),
                _num(s["model_calls_mean"]),
                _num(s["wall_s_mean"], 1 if s["wall_s_mean"] < 10 else 0),
            ]
        )
    return rows


def research_extractive(folder: Path) -> str:
    """``sentinel bench research --model extractive``: test and dev."""
    rows = _research_rows(_load(folder, "research-extractive.json"))
    return _table(_RESEARCH_HEADER, "llrrrrrrrrrr", rows)


def research_embedded(folder: Path) -> str:
    """``sentinel bench research`` on the embedded 0.5B model: test."""
    rows = _research_rows(_load(folder, "research-embedded.json"))
    return _table(_RESEARCH_HEADER, "llrrrrrrrrrr", rows)


# -- assistant ------------------------------------------------------------------------------

_METHODS = {
    "bm25": "BM25",
    "dense": "dense (MiniLM int8)",
    "hybrid": "hybrid (normalised fusion)",
    "hybrid@min_score": "hybrid, score ≥ 0.3 (the product)",
}


def assistant_memory(folder: Path) -> str:
    """Memory retrieval on the ``test`` questions: recall@5, MRR, per kind."""
    document = _load(folder, "assistant-memory.json")
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
    return _table(header, "lrrrrrr", rows)


def assistant_memory_scaling(folder: Path) -> str:
    """What a query and a write cost as the vault grows (µs, medians)."""
    scaling = _load(folder, "assistant-memory.json")["scaling"]
    base = scaling[0]
    rows = [
        (
            _num(r["memories"]),
            _num(r["bm25_query_us"]),
            _num(r["dense_query_us"]),
            f"{_num(r['hybrid_query_us'])} ({r['hybrid_query_us'] / base['hybrid_query_us']:.1f}×)",
            f"{_num(r['add_us'])} ({r['add_us'] / base['add_us']:.1f}×)",
            _num(r["bm25s_reindex_us"]),
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
    return _table(header, "rrrrrr", rows)


def assistant_turn_overhead(folder: Path) -> str:
    """Whole chat turns on the scripted model: the framework's own cost."""
    document = _load(folder, "assistant-turn.json")
    rows = [
        (
            f"{r['name']} ({r['runs']} runs)",
            f"{r['p50_ms']:.1f} ms",
            f"{r['p95_ms']:.1f} ms",
            f"{r['mean_ms']:.1f} ms",
        )
        for r in document["scripted"]
    ]
    return _table(("turn", "p50", "p95", "mean"), "lrrr", rows)


def assistant_turn_embedded(folder: Path) -> str:
    """The fixed set of chat tasks on the embedded model, turn by turn."""
    document = _load(folder, "assistant-turn.json")
    rows = [
        (
            r["query"],
            "-" if r["first_content_s"] is None else f"{r['first_content_s']:.1f} s",
            f"{r['turn_s']:.1f} s",
            f"{r['cpu_s']:.1f} s",
            _num(r["model_calls"]),
            f"{_num(r['prompt_tokens'])} ({_num(r['cached_tokens'])}) / "
            f"{_num(r['completion_tokens'])}",
            _num(r["iterations"]),
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
    return _table(header, "lrrrrrrll", rows)


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
    document = _load(folder, "assistant-turn.json")
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
            shown = f"{_num(value)} ({_num(found['cached_tokens_per_turn'])})"
        else:
            shown = "-" if value is None else f"{value}{unit}"
        rows.append((label, target, shown, where))
    research = folder / "research-embedded-2threads.json"
    if research.exists():
        run = _load(folder, research.name)
        for split, summary in run["summary"].items():
            on = f"{run['model']}, 2 threads, {summary['cases']} {split} questions, " + _ran(run)
            rows.append(("research, seconds per question", "<= 20 s",
                         f"{summary['wall_s_mean']:.1f} s", on))  # fmt: skip
            rows.append(("research fact recall", "unchanged",
                         f"{summary['fact_recall'] * 100:.0f} %", on))  # fmt: skip
    sensing = folder / "monitor-embedded-2threads.json"
    if sensing.exists():
        run = _load(folder, sensing.name)
        mine = [s for s in run["scenarios"] if s["policy"] == "sentinel"]
        calls = sum(s["model_calls"] for s in mine)
        wall = sum(s["wall_s"] for s in mine)
        on = (
            f"{len(mine)} worlds, {calls} sensor and governor calls, wall time of every run, "
            + _ran(run)
        )
        rows.append(("monitor, seconds per model call", "<= 8 s", f"{wall / calls:.1f} s", on))
    return _table(("metric", "target", "measured", "on"), "lrrl", rows)


def _ran(document: dict[str, Any]) -> str:
    """How a run was taken: quiet (everything else paused) or the load average it met."""
    if document.get("conditions", "").startswith("quiet"):
        return "quiet machine"
    load = document.get("load_average")
    return f"load average {load[0] if load else '?'}"


def assistant_turn_parallel(folder: Path) -> str:
    """The same plan run one action at a time and concurrently."""
    document = _load(folder, "assistant-turn.json")
    rows = [
        (
            r["plan"],
            f"{r['sequential_ms']:.1f} ms",
            f"{r['parallel_ms']:.1f} ms",
            f"{r['speedup']:.2f}×",
        )
        for r in document["plans"]
    ]
    return _table(("plan", "sequential", "parallel", "speed-up"), "lrrr", rows)


# -- engines ----------------------------------------------------------------------------------


def _before(document: Document, key: str) -> dict[int, Mapping[str, Any]]:
    results = document.get("before", {}).get(key, {}).get("results", [])
    return {int(r["monitors"]): r for r in results}


def _arrow(before: float | None, after: float, digits: int = 1) -> str:
    if before is None:
        return _num(after, digits)
    return f"{_num(before, digits)} → {_num(after, digits)}"


def engine(folder: Path) -> str:
    """``sentinel bench engine``: CPU and statements per run at concurrency 2 and 32, against
    the previous engine measured on the same backlog (``before`` in ``engine.json``)."""
    c2, c32 = _load(folder, "engine.json"), _load(folder, "engine-concurrency-32.json")
    before2, before32 = _before(c2, "concurrency_2"), _before(c2, "concurrency_32")
    by_size32 = {r["monitors"]: r for r in c32["results"]}
    rows = []
    for r in c2["results"]:
        size = r["monitors"]
        other = by_size32[size]
        b2, b32 = before2.get(size), before32.get(size)
        rows.append(
            (
                _num(size),
                _arrow(b2["cpu_ms_per_run"] if b2 else None, r["cpu_ms_per_run"]),
                _per_run(b2, r),
                _arrow(b32["cpu_ms_per_run"] if b32 else None, other["cpu_ms_per_run"]),
                _per_run(b32, other),
            )
        )
    header = (
        "monitors",
        "CPU ms/run, concurrency 2",
        "statements / transactions per run",
        "CPU ms/run, concurrency 32",
        "statements / transactions per run",
    )
    ratio = f"| largest ÷ smallest | {_spread(before2, c2)} | | {_spread(before32, c32)} | |\n"
    return _table(header, "rrrrr", rows) + ratio


def _spread(before: Mapping[int, Mapping[str, Any]], after: Document) -> str:
    """CPU per run at the largest size over the smallest: before → after."""
    now = f"**{after['cpu_per_run_largest_vs_smallest']:.2f}×**"
    if not before:
        return now
    sizes = sorted(before)
    was = before[sizes[-1]]["cpu_ms_per_run"] / before[sizes[0]]["cpu_ms_per_run"]
    return f"{was:.2f}× → {now}"


def _per_run(before: Mapping[str, Any] | None, after: Mapping[str, Any]) -> str:
    now = f"{after['statements_per_run']:.1f} / {after['transactions_per_run']:.1f}"
    if before is None:
        return now
    return f"{before['statements_per_run']:.1f} / {before['transactions_per_run']:.1f} → {now}"


def engine_throughput(folder: Path) -> str:
    """Runs per CPU second, start lag, creation and ``watch list`` at each size."""
    c2, c32 = _load(folder, "engine.json"), _load(folder, "engine-concurrency-32.json")
    by_size32 = {r["monitors"]: r for r in c32["results"]}
    rows = []
    for r in c2["results"]:
        other = by_size32[r["monitors"]]
        rows.append(
            (
                _num(r["monitors"]),
                f"{_num(r['runs_per_cpu_s'])} / {_num(other['runs_per_cpu_s'])}",
                f"{_num(other['lag_p50_ms'])} / {_num(other['lag_p99_ms'])} ms",
                f"{r['create_s']:.1f} s",
                f"{r['list_s']:.1f} s ({r['list_cpu_s']:.1f} s CPU), "
                f"{_num(r['list_peak_rss_mb'])} MB",
            )
        )
    header = (
        "monitors",
        "runs per CPU second (c 2 / c 32)",
        "p50 / p99 lag, c 32",
        "create",
        "`watch list`: wall (CPU), peak RSS",
    )
    return _table(header, "rrrrr", rows)


def engine_temporal(folder: Path) -> str:
    """``sentinel bench engine-temporal``: both engines on PostgreSQL, per size; for Temporal,
    the worker's workflow task slots and how long its workflow tasks took (sampled)."""
    document = _load(folder, "engine-temporal.json")
    rows = [
        (
            r["engine"] + (f", {r['workflow_tasks']} task slots" if "workflow_tasks" in r else ""),
            _num(r["monitors"]),
            _num(r["runs_per_s"]),
            _num(r["worker_cpu_ms_per_run"], 1),
            "–" if r["server_cpu_ms_per_run"] is None else _num(r["server_cpu_ms_per_run"], 1),
            f"{r['lag_p99_s']:.0f} s",
            _task_times(r),
            _num(r.get("load_average_1m"), 1),
        )
        for r in document["results"]
    ]
    header = (
        "engine",
        "monitors",
        "runs/s",
        "worker CPU ms/run",
        "Temporal server CPU ms/run",
        "p99 lag",
        "workflow tasks: p99, > 5 s (sampled)",
        "load average",
    )
    return _table(header, "lrrrrrrr", rows)


def _task_times(result: Mapping[str, Any]) -> str:
    if result.get("workflow_task_p99_s") is None:
        return "–"
    return (
        f"{result['workflow_task_p99_s']:.2f} s, {result['workflow_tasks_over_5s']} of "
        f"{result['workflow_tasks_sampled']}"
    )


def engine_real(folder: Path) -> str:
    """``sentinel bench engine --runner real``: real runs, unchanged and changed, per size."""
    return markdown_real(_load(folder, "engine-real.json"))


def crash(folder: Path) -> str:
    """``sentinel bench crash``: every expected notification of the kill campaign, per
    database."""
    from sentinel.bench.crash.report import ROW_HEADER, row

    document = _load(folder, "crash.json")
    return _table(
        ROW_HEADER, "l" + "r" * (len(ROW_HEADER) - 1), [row(r) for r in document["results"]]
    )


TABLES: dict[str, Callable[[Path], str]] = {
    "readme-summary": readme_summary,
    "store": store,
    "llm": llm,
    "monitor-test": monitor_test,
    "monitor-dev": monitor_dev,
    "monitor-error10": monitor_error10,
    "monitor-dev-history": monitor_dev_history,
    "monitor-embedded": monitor_embedded,
    "monitor-repeats": monitor_repeats,
    "research-extractive": research_extractive,
    "research-embedded": research_embedded,
    "assistant-memory": assistant_memory,
    "assistant-memory-scaling": assistant_memory_scaling,
    "assistant-turn-overhead": assistant_turn_overhead,
    "assistant-turn-embedded": assistant_turn_embedded,
    "assistant-turn-targets": assistant_turn_targets,
    "assistant-turn-parallel": assistant_turn_parallel,
    "engine": engine,
    "engine-throughput": engine_throughput,
    "engine-temporal": engine_temporal,
    "crash": crash,
    "engine-real": engine_real,
}
"""Every generated table: its marker name -> the function writing it from ``docs/benchmarks``."""


def render(name: str, folder: Path) -> str:
    """The table called ``name``, from the documents in ``folder``."""
    make = TABLES.get(name)
    if make is None:
        raise InvalidInput("table", name, f"unknown (known: {', '.join(TABLES)})")
    return make(folder)


def update(text: str, folder: Path) -> str:
    """``text`` (a Markdown page) with every marked table regenerated."""
    return _BLOCK.sub(lambda m: m.group(1) + render(m.group(2), folder) + m.group(4), text)


def marked(text: str) -> list[str]:
    """The names of the tables marked in ``text``, in order."""
    return [match.group(2) for match in _BLOCK.finditer(text)]


def main(argv: Sequence[str] | None = None) -> int:
    """Regenerate the tables of the pages named (default: README.md and every page under
    ``docs/``);
    ``--check``: change nothing, list the pages whose tables differ, exit 1 if any."""
    args = list(sys.argv[1:] if argv is None else argv)
    check = "--check" in args
    readme = [Path("README.md")] if Path("README.md").exists() else []
    pages = [Path(a) for a in args if a != "--check"] or [
        *readme,
        *sorted(Path("docs").rglob("*.md")),
    ]
    folder = Path("docs/benchmarks")
    stale = []
    for page in pages:
        text = page.read_text(encoding="utf-8")
        fresh = update(text, folder)
        if fresh != text:
            stale.append(page)
            if not check:
                page.write_text(fresh, encoding="utf-8")
    verb = "differ from their JSON" if check else "regenerated"
    for page in stale:
        sys.stdout.write(f"{page}: tables {verb}\n")
    return 1 if check and stale else 0


if __name__ == "__main__":
    raise SystemExit(main())
