"""The README's one table: what Sentinel measures against its targets on data it was not
developed on, and on the embedded model, from the committed JSON of ``docs/benchmarks``.

Monitors: the oracle-facts runs on the ``test`` split with the watch set, searching and given
the baselines' pages, against issue 33's targets, and what a look costs at every size
``sentinel bench engine --runner real`` measured (``engine-real.json``)
(:mod:`sentinel.bench.monitoring.watch_targets`; every committed seed of
``monitor-watch-set-test-seed*.json``, averaged); without those documents, the earlier runs
(``monitor-oracle-facts-test-seed*.json``) against a daily diff and a daily LLM check. Sensing: a
monitor reading real-shaped pages end to end (``sentinel bench sensing``) on the ``test``
cases, on the embedded model. The embedded model: the chat's fixed set, research (seconds per
question in one process and as a new command; well-formed, supported and right-subject
sentences) and a monitor's seconds per model call, at 2 threads.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from sentinel.bench.monitoring.tables import averaged, load_documents
from sentinel.bench.monitoring.targets import (
    CALLS_SHARE,
    DIFF_REFERENCE,
    GIVEN,
    GIVEN_MEDIAN_S,
    GIVEN_RECALL,
    LLM_REFERENCE,
    MEDIAN_SHARE,
    PAID_SHARE,
    REACHABLE_RECALL,
    SENTINEL,
    format_delay,
)
from sentinel.bench.monitoring.watch_targets import watch_targets
from sentinel.bench.sensing.results import committed_runs

HEADER = "| measured on | metric | Sentinel | target | met |\n|---|---|---:|---:|---|"


def readme_summary(folder: Path) -> str:
    """The table (see the module documentation)."""
    rows = (
        _monitor_rows(folder)
        + _look_rows(folder)
        + _sensing_rows(folder)
        + _embedded_rows(folder)
        + _research_rows(folder)
    )
    return "\n".join([HEADER, *("| " + " | ".join(row) + " |" for row in rows)]) + "\n"


def _met(met: bool) -> str:
    return "yes" if met else "**no**"


def _watch_set_rows(folder: Path) -> list[list[str]]:
    """Issue 33's targets on the watch-set documents (none when there are none)."""
    paths = sorted(folder.glob("monitor-watch-set-test-seed*.json"))
    if not paths:
        return []
    documents = load_documents(paths)
    seeds = ", ".join(str(d["seed"]) for d in documents)
    label = "seed" if len(documents) == 1 else "seeds"
    return [
        [f"monitors {target.mode}, `test` worlds, {label} {seeds}", target.metric,
         target.measured, target.threshold, _met(target.met)]
        for target in watch_targets(documents)
    ]  # fmt: skip


def _monitor_rows(folder: Path) -> list[list[str]]:
    watched = _watch_set_rows(folder)
    if watched:
        return watched
    paths = sorted(folder.glob("monitor-oracle-facts-test-seed*.json"))
    if not paths:
        return []
    documents = load_documents(paths)
    seeds = ", ".join(str(d["seed"]) for d in documents)
    where = f"monitors, `test` worlds, seeds {seeds}"
    ours = averaged(documents, "test", SENTINEL)
    diff = averaged(documents, "test", DIFF_REFERENCE)
    llm = averaged(documents, "test", LLM_REFERENCE)
    recall = ours.get("recall") or 0.0
    false_alerts = ours.get("false_alerts") or 0.0
    given = averaged(documents, "test", GIVEN)
    if given:
        where = f"monitors searching for their pages, `test` worlds, seeds {seeds}"
    rows = [[where, "recall", f"{recall:.1%}", ">= 95%", _met(recall >= 0.95)]]
    reachable = ours.get("reachable_recall")
    if reachable is not None:
        rows.append(
            [where, "recall of reachable events", f"{reachable:.1%}",
             f">= {REACHABLE_RECALL:.0%}", _met(reachable >= REACHABLE_RECALL)]
        )  # fmt: skip
    rows.append([where, "false alerts", f"{false_alerts:g}", "0", _met(false_alerts == 0)])
    for label, value, reference, share, against in (
        ("median delay", ours.get("median_delay_s"), diff.get("median_delay_s"), MEDIAN_SHARE,
         DIFF_REFERENCE),
        ("searches + full fetches", ours.get("paid_requests"), diff.get("paid_requests"),
         PAID_SHARE, DIFF_REFERENCE),
        ("model calls", ours.get("model_calls"), llm.get("model_calls"), CALLS_SHARE,
         LLM_REFERENCE),
    ):  # fmt: skip
        if value is None or not reference:
            continue
        ratio = value / reference
        shown = format_delay(value) if label == "median delay" else f"{value:,.0f}"
        rows.append(
            [
                where,
                label,
                f"{shown} = {ratio:.2f}×",
                f"<= {share:g}× {against}",
                _met(ratio <= share),
            ]
        )
    return rows + _given_rows(given, seeds)


def _given_rows(given: Mapping[str, float | None], seeds: str) -> list[list[str]]:
    """Sentinel given the pages the baselines watch: recall, false alerts and median delay."""
    if not given:
        return []
    where = f"monitors given the baselines' pages, `test` worlds, seeds {seeds}"
    recall = given.get("recall") or 0.0
    false_alerts = given.get("false_alerts") or 0.0
    delay = given.get("median_delay_s")
    rows = [
        [where, "recall", f"{recall:.1%}", f">= {GIVEN_RECALL:.0%}", _met(recall >= GIVEN_RECALL)],
        [where, "false alerts", f"{false_alerts:g}", "0", _met(false_alerts == 0)],
    ]
    if delay is not None:
        rows.append(
            [where, "median delay", format_delay(delay), f"<= {format_delay(GIVEN_MEDIAN_S)}",
             _met(delay <= GIVEN_MEDIAN_S)]
        )  # fmt: skip
    return rows


LOOK_CPU_MS = 5.0
"""Issue 33: a look (an unchanged page answering 304) costs at most this much CPU."""
LOOK_BYTES = 300
"""Issue 33: ... and grows the database by at most this many bytes."""
LOOKING_MONITORS = 100_000
"""Issue 33: this many monitors looking every 15 minutes fit on one core (of two)."""


def _look_rows(folder: Path) -> list[list[str]]:
    """A look at every size ``sentinel bench engine --runner real`` measured
    (``engine-real.json``): CPU and bytes per look, and monitors per core looking every 15
    minutes, each as the range over the sizes (met only when every size meets it)."""
    document = _read(folder / "engine-real.json")
    sized = [r for r in (document or {}).get("results", ()) if r.get("look")]
    if not sized:
        return []
    sizes = sorted(int(r["monitors"]) for r in sized)
    cpu = [float(r["look"]["cpu_ms_per_run"]) for r in sized]
    size = [int(r["look"]["bytes_per_run"]) for r in sized]
    fit = [int(r["monitors_per_core_15min_looks"]) for r in sized]
    where = f"a look (304), `bench engine --runner real`, {sizes[0]:,}–{sizes[-1]:,} monitors"
    return [
        [where, "CPU per look", _span(cpu, "{:.1f}", " ms"), f"<= {LOOK_CPU_MS:g} ms",
         _met(max(cpu) <= LOOK_CPU_MS)],
        [where, "database growth per look", _span(size, "{:,}", " B"), f"<= {LOOK_BYTES} B",
         _met(max(size) <= LOOK_BYTES)],
        [where, "monitors looking every 15 min, per core", _span(fit, "{:,}", ""),
         f">= {LOOKING_MONITORS:,}", _met(min(fit) >= LOOKING_MONITORS)],
    ]  # fmt: skip


def _span(values: list[float] | list[int], form: str, unit: str) -> str:
    low, high = form.format(min(values)), form.format(max(values))
    return f"{low}{unit}" if low == high else f"{low}–{high}{unit}"


def _sensing_rows(folder: Path) -> list[list[str]]:
    """The embedded model on the sensing corpus's ``test`` cases (the first local-model run
    committed for that split)."""
    runs = [
        d
        for d in committed_runs(folder)
        if str(d["model"]).startswith("local:") and "test" in d["summary"]
    ]
    if not runs:
        return []
    document = runs[0]
    found = document["summary"]["test"]
    model = str(document["model"]).removeprefix("local:")
    limited = "first " if document.get("limit") else ""
    count = document.get("threads")
    threads = f", {count} thread{'' if count == 1 else 's'}" if count else ""
    where = f"sensing, {limited}{found['cases']} `test` page pairs, {model}{threads}"
    rate = found["correct_rate"] or 0.0
    structured = found["model_calls_per_structured_run"]
    p50 = found["run_p50_s"]
    rows = [
        [where, "correct decisions", f"{rate:.1%}", ">= 97%", _met(rate >= 0.97)],
        [where, "false alerts", str(found["false_alerts"]), "0", _met(found["false_alerts"] == 0)],
    ]
    if structured is not None:
        rows.append(
            [where, "model calls per run, structured pages", f"{structured:.1f}", "0",
             _met(structured == 0)]
        )  # fmt: skip
    if p50 is not None:
        rows.append([where, "run p50", f"{p50:.1f} s", "<= 10 s", _met(p50 <= 10)])
    return rows


def _embedded_rows(folder: Path) -> list[list[str]]:
    rows: list[list[str]] = []
    rows += _chat_rows(folder)
    sensing = _read(folder / "monitor-embedded-2threads.json")
    if sensing:
        mine = [s for s in sensing["scenarios"] if s["policy"] == SENTINEL]
        calls = sum(s["model_calls"] for s in mine)
        if calls:
            seconds = sum(s["wall_s"] for s in mine) / calls
            where = f"monitor runs on the embedded model, {len(mine)} worlds, 2 threads"
            rows.append(
                [where, "seconds per model call", f"{seconds:.1f} s", "<= 8 s", _met(seconds <= 8)]
            )
    return rows


RESEARCH_SECONDS = 25.0
RESEARCH_SHARE = 0.98


def _research_rows(folder: Path) -> list[list[str]]:
    """Research on the embedded model, ``test`` split: seconds a question in-process and as a
    new command, and the shares of well-formed, supported and right-subject sentences."""
    research = _read(folder / "research-embedded-2threads.json")
    summary = (research or {}).get("summary", {}).get("test")
    if not summary:
        return []
    where = f"research, {summary['cases']} `test` questions, 2 threads"
    rows = []
    for label, key in (
        ("seconds per question, in one process", "wall_s_mean"),
        ("seconds per question, a new command each", "cold_wall_s_mean"),
    ):
        seconds = summary.get(key)
        if seconds is not None:
            met = _met(seconds <= RESEARCH_SECONDS)
            rows.append([where, label, f"{seconds:.1f} s", f"<= {RESEARCH_SECONDS:g} s", met])
    for label, key in (
        ("well-formed sentences", "readability"),
        ("claim support", "claim_support"),
        ("claims about the right subject", "right_subject"),
    ):
        share = summary.get(key)
        if share is not None:
            met = _met(share >= RESEARCH_SHARE)
            rows.append([where, label, f"{share:.1%}", f">= {RESEARCH_SHARE:.0%}", met])
    return rows


def _chat_rows(folder: Path) -> list[list[str]]:
    """The chat's fixed set as a user meets it: each turn a new ``sentinel chat`` process
    (with the model server, the default; and without it, for reference), and in one warm
    process; the load it met. Then ``make demo``'s wall time and a read command's CPU."""
    from sentinel.bench.doc_tables.user_facing import chat_ways

    rows: list[list[str]] = []
    turn = _read(folder / "assistant-turn.json")
    if turn and turn.get("embedded", {}).get("summary", {}).get("turns"):
        model = turn["embedded"]["model"]
        for how, found, threads in chat_ways(dict(turn)):
            low, high = found.get("load_1m_min"), found.get("load_1m_max")
            load = f"load {low:.1f}–{high:.1f}" if low is not None else _load(turn)
            where = f"chat, {model}, {how}; {threads} threads, {load}"
            p50, first = found["turn_p50_s"], found.get("first_content_p50_s")
            if how.startswith("one process"):
                rows += [
                    [where, "turn p50", f"{p50} s", "<= 6 s", _met(p50 <= 6)],
                    [where, "task success", f"{found['task_success']:.0%}", ">= 80%",
                     _met(found["task_success"] >= 0.8)],
                    [where, "claimed but not run", str(found["claimed_not_run"]), "0",
                     _met(found["claimed_not_run"] == 0)],
                ]  # fmt: skip
            elif "model server" in how:
                rows += [
                    [where, "turn p50", f"{p50} s", "<= 12 s", _met(p50 <= 12)],
                    [where, "first content p50", f"{first} s", "<= 4 s",
                     _met(first is not None and first <= 4)],
                ]  # fmt: skip
            else:  # the same commands without the server: what the server saves
                rows.append([where, "turn p50", f"{p50} s", "-", "-"])
    demo = _read(folder / "demo.json")
    if demo:
        found = demo["summary"]
        where = (
            f"`make demo` (`sentinel demo`), {found['runs']} runs, load "
            f"{found['load_1m_min']:.1f}–{found['load_1m_max']:.1f}"
        )
        wall = found["wall_p50_s"]
        rows.append([where, "wall time p50", f"{wall:.0f} s", "<= 90 s", _met(wall <= 90)])
    reads = _read(folder / "cli-reads.json")
    if reads:
        listed = next(r for r in reads["commands"] if r["name"].startswith("watch list"))
        cpu = listed["cpu_p50_s"]
        where = (
            f"`sentinel watch list --limit 1`, a home of 20 monitors, load {listed['load_1m']:.1f}"
        )
        rows.append([where, "CPU p50", f"{cpu:.2f} s", "<= 0.3 s", _met(cpu <= 0.3)])
    return rows


def _load(document: Mapping[str, Any]) -> str:
    load = document.get("load_average")
    return f"load {load[0]:.1f}" if load else "load ?"


def _read(path: Path) -> Mapping[str, Any] | None:
    if not path.exists():
        return None
    document: Mapping[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return document
