"""The monitoring tables of docs/benchmarks/monitoring.md, from committed results documents.

``python -m sentinel.bench.monitoring.tables FILE...`` reads the ``--json`` documents of
``sentinel bench monitor`` runs that differ only in their seed (same sensor, error rate and
policies) and prints markdown: per split, each policy's figures averaged over the seeds; the
targets judged on the ``test`` split with their gap; a row per seed; and, for the first
document, the ``test`` worlds one by one. Averages are means of the per-seed figures (a
median delay is each seed's pooled median, then averaged); ratios divide those means.

Documents written since issue 33 also hold the recall of reachable events and may hold
``sentinel-given`` (``--pages given|both``); the tables then gain a "recall (reachable)"
column, the issue's targets for both modes, and the given mode beside search in the per-seed
and per-world tables. Older documents print as they always did.
"""

from __future__ import annotations

import json
import statistics
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from sentinel.bench.monitoring.report import format_cost
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
from sentinel.errors import InvalidInput

__all__ = [
    "averaged",
    "has_given",
    "has_reachable",
    "load_documents",
    "main",
    "policy_table",
    "readme_tables",
]

Document = Mapping[str, Any]
_KEYS = (
    "recall",
    "reachable_recall",
    "false_alerts",
    "noise_only_false_alerts",
    "median_delay_s",
    "p90_delay_s",
)
_COUNTS = (
    "checks",
    "searches",
    "full_fetches",
    "not_modified",
    "paid_requests",
    "model_calls",
    "tokens",
    "events",
    "detected",
    "cost_per_monitor_month_usd",
)


def load_documents(paths: Sequence[Path]) -> list[Document]:
    """The documents at ``paths``, sorted by seed; refuses runs that differ in anything but
    the seed, or repeat one."""
    documents = [json.loads(Path(path).read_text()) for path in paths]
    if not documents:
        raise InvalidInput("documents", [], "no results document given")
    documents.sort(key=lambda d: int(d["seed"]))
    first = documents[0]
    for document in documents[1:]:
        for key in ("sensor", "error_rate", "governor", "search"):
            if document.get(key) != first.get(key):
                raise InvalidInput(key, document.get(key), f"differs from {first.get(key)!r}")
        if list(document["policies"]) != list(first["policies"]):
            raise InvalidInput("policies", list(document["policies"]), "differ between runs")
    seeds = [int(d["seed"]) for d in documents]
    if len(set(seeds)) != len(seeds):
        raise InvalidInput("seed", seeds, "a seed appears twice")
    return documents


def has_reachable(documents: Sequence[Document]) -> bool:
    """Whether the documents mark events reachable (written since issue 33)."""
    return any(
        summary.get("reachable_recall") is not None
        for document in documents
        for summary in document["policies"].values()
    )


def has_given(documents: Sequence[Document]) -> bool:
    """Whether the documents hold ``sentinel-given`` (Sentinel given the baselines' pages)."""
    return any(GIVEN in document["policies"] for document in documents)


def _share(value: float | None) -> str:
    return "—" if value is None else f"{value:.1%}"


def _mean(values: Sequence[float | None]) -> float | None:
    present = [v for v in values if v is not None]
    return statistics.fmean(present) if present else None


def averaged(documents: Sequence[Document], split: str, policy: str) -> dict[str, float | None]:
    """One policy's figures on ``split`` (``all`` for every scenario), averaged over the
    documents (see the module documentation)."""
    summaries = [_summary(d, split, policy) for d in documents]
    found = [s for s in summaries if s is not None]
    if not found:
        return {}
    return {key: _mean([s.get(key) for s in found]) for key in (*_KEYS, *_COUNTS)}


def _summary(document: Document, split: str, policy: str) -> Mapping[str, Any] | None:
    if split == "all":
        summary: Mapping[str, Any] | None = document["policies"].get(policy)
        return summary
    by_split: Mapping[str, Any] | None = document.get("splits", {}).get(split, {}).get(policy)
    return by_split


def _splits(documents: Sequence[Document]) -> list[str]:
    present = {split for d in documents for split in d.get("splits", {})}
    return [split for split in ("dev", "test") if split in present]


def _ratio(ours: float | None, reference: float | None) -> str:
    if ours is None or reference is None or reference == 0:
        return "—"
    return f"{ours / reference:.2f}×"


def _count(value: float | None) -> str:
    return "—" if value is None else f"{value:,.0f}"


def readme_tables(documents: Sequence[Document]) -> str:
    """The markdown tables (see the module documentation)."""
    lines = [*policy_lines(documents), "", *_targets(documents), "", *_per_seed(documents)]
    lines += ["", *_worlds(documents[0])]
    return "\n".join(lines) + "\n"


def targets_table(documents: Sequence[Document]) -> str:
    """Only the targets' table."""
    return "\n".join(_targets(documents)) + "\n"


def policy_table(documents: Sequence[Document]) -> str:
    """Only the first table: every policy on every split, with its costs."""
    return "\n".join(policy_lines(documents)) + "\n"


def policy_lines(documents: Sequence[Document]) -> list[str]:
    """The lines of :func:`policy_table`."""
    seeds = ", ".join(str(d["seed"]) for d in documents)
    policies = list(documents[0]["policies"])
    search = documents[0].get("search", "perfect")
    marked = has_reachable(documents)
    lines = [
        f"Sensor: {documents[0]['sensor']}; search engine: {search}; seeds {seeds}; figures "
        "are means over the seeds. Paid requests are searches plus full fetches (a 304 is "
        "counted apart); $/month is the cost per monitor-month at the stated price list.",
        "",
        "| split | policy | recall "
        + ("| recall (reachable) " if marked else "")
        + "| false alerts (noise-only) | median delay | p90 delay "
        "| searches | full fetches | 304s | model calls | tokens | $/month "
        "| median vs diff-24h | paid requests vs diff-24h | calls vs llm-24h |",
        "|---|---|---:|"
        + ("---:|" if marked else "")
        + "---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for split in _splits(documents):
        diff = averaged(documents, split, DIFF_REFERENCE)
        llm = averaged(documents, split, LLM_REFERENCE)
        for policy in policies:
            row = averaged(documents, split, policy)
            if not row:
                continue
            reachable = f"{_share(row['reachable_recall'])} | " if marked else ""
            lines.append(
                f"| {split} | {policy} | {(row['recall'] or 0):.1%} | {reachable}"
                f"{_count(row['false_alerts'])} ({_count(row['noise_only_false_alerts'])}) | "
                f"{format_delay(row['median_delay_s'])} | {format_delay(row['p90_delay_s'])} | "
                f"{_count(row['searches'])} | {_count(row['full_fetches'])} | "
                f"{_count(row['not_modified'])} | {_count(row['model_calls'])} | "
                f"{_count(row['tokens'])} | {format_cost(row['cost_per_monitor_month_usd'])} | "
                f"{_ratio(row['median_delay_s'], diff.get('median_delay_s'))} | "
                f"{_ratio(row['paid_requests'], diff.get('paid_requests'))} | "
                f"{_ratio(row['model_calls'], llm.get('model_calls'))} |"
            )
    return lines


def _targets(documents: Sequence[Document]) -> list[str]:
    ours = averaged(documents, "test", SENTINEL)
    if not ours:
        return ["(no sentinel run on the test split: no targets)"]
    diff = averaged(documents, "test", DIFF_REFERENCE)
    llm = averaged(documents, "test", LLM_REFERENCE)
    lines = [
        "| target (test split, mean over seeds) | measured | threshold | met |",
        "|---|---:|---:|---|",
    ]
    recall = ours["recall"] or 0.0
    lines.append(f"| recall | {recall:.1%} | >= 95% | {_met(recall >= 0.95)} |")
    reachable = ours.get("reachable_recall")
    if reachable is not None:
        lines.append(
            f"| recall of reachable events | {reachable:.1%} | >= {REACHABLE_RECALL:.0%} | "
            f"{_met(reachable >= REACHABLE_RECALL)} |"
        )
    noise = ours["noise_only_false_alerts"] or 0.0
    lines.append(f"| false alerts on noise-only worlds | {noise:g} | 0 | {_met(noise == 0)} |")
    for name, value, reference, share in (
        ("median delay", ours["median_delay_s"], diff.get("median_delay_s"), MEDIAN_SHARE),
        (
            "searches + full fetches",
            ours["paid_requests"],
            diff.get("paid_requests"),
            PAID_SHARE,
        ),
        ("model calls", ours["model_calls"], llm.get("model_calls"), CALLS_SHARE),
    ):
        against = LLM_REFERENCE if name == "model calls" else DIFF_REFERENCE
        if value is None or not reference:
            lines.append(f"| {name} | — | <= {share:g}× {against} | n/a |")
            continue
        ratio = value / reference
        shown = format_delay(value) if name == "median delay" else _count(value)
        lines.append(
            f"| {name} | {shown} = {ratio:.2f}× | <= {share:g}× {against} | "
            f"{_met(ratio <= share)} |"
        )
    return lines + _given_targets(documents)


def _given_targets(documents: Sequence[Document]) -> list[str]:
    """Issue 33's targets for Sentinel given the baselines' pages, when it ran."""
    given = averaged(documents, "test", GIVEN)
    if not given:
        return []
    recall = given["recall"] or 0.0
    noise = given["noise_only_false_alerts"] or 0.0
    delay = given["median_delay_s"]
    return [
        f"| recall, given the pages | {recall:.1%} | >= {GIVEN_RECALL:.0%} | "
        f"{_met(recall >= GIVEN_RECALL)} |",
        f"| false alerts on noise-only worlds, given the pages | {noise:g} | 0 | "
        f"{_met(noise == 0)} |",
        f"| median delay, given the pages | {format_delay(delay)} | "
        f"<= {format_delay(GIVEN_MEDIAN_S)} | "
        f"{'n/a' if delay is None else _met(delay <= GIVEN_MEDIAN_S)} |",
    ]


def _met(met: bool) -> str:
    return "yes" if met else "**no**"


def _per_seed(documents: Sequence[Document]) -> list[str]:
    marked, given = has_reachable(documents), has_given(documents)
    extra = ("| sentinel recall (reachable) " if marked else "") + (
        "| given recall | given median " if given else ""
    )
    lines = [
        "| seed | split | sentinel recall " + extra + "| sentinel median | diff-24h median "
        "| sentinel paid requests | diff-24h paid requests | sentinel calls | llm-24h calls |",
        "|---:|---|---:|"
        + "---:|" * ((2 if given else 0) + marked)
        + "---:|---:|---:|---:|---:|---:|",
    ]
    for document in documents:
        for split in _splits([document]):
            ours = _summary(document, split, SENTINEL) or {}
            diff = _summary(document, split, DIFF_REFERENCE) or {}
            llm = _summary(document, split, LLM_REFERENCE) or {}
            theirs = _summary(document, split, GIVEN) or {}
            cells = [_share(ours.get("reachable_recall"))] if marked else []
            if given:
                cells += [_share(theirs.get("recall")), format_delay(theirs.get("median_delay_s"))]
            lines.append(
                f"| {document['seed']} | {split} | {_share(ours.get('recall'))} | "
                + "".join(f"{cell} | " for cell in cells)
                + f"{format_delay(ours.get('median_delay_s'))} | "
                f"{format_delay(diff.get('median_delay_s'))} | "
                f"{_count(ours.get('paid_requests'))} | {_count(diff.get('paid_requests'))} | "
                f"{_count(ours.get('model_calls'))} | "
                f"{_count(llm.get('model_calls'))} |"
            )
    return lines


def _worlds(document: Document) -> list[str]:
    rows: dict[str, dict[str, Mapping[str, Any]]] = {}
    for entry in document["scenarios"]:
        if entry.get("split") == "test":
            rows.setdefault(entry["id"], {})[entry["policy"]] = entry
    if not rows:
        return []
    given = has_given([document])
    lines = [
        f"Test worlds at seed {document['seed']}:",
        "",
        "| world | notify | sentinel detected | sentinel delays | sentinel checks "
        "| longest wait | "
        + ("given detected | given delays | given checks | " if given else "")
        + "diff-24h delays | diff-24h checks |",
        "|---|---|---:|---|---:|---:|" + ("---:|---|---:|" if given else "") + "---|---:|",
    ]
    for world, by_policy in sorted(rows.items()):
        ours, diff = by_policy.get(SENTINEL, {}), by_policy.get(DIFF_REFERENCE, {})
        kind = next((e for e in by_policy.values()), {})
        notify = "noise-only" if kind.get("noise_only") else kind.get("notify", "")
        longest = (ours.get("notes") or {}).get("longest_wait_h")
        theirs = by_policy.get(GIVEN, {})
        given_cells = (
            f"{_detected(theirs)} | {_delays(theirs)} | {theirs.get('checks', '—')} | "
            if given
            else ""
        )
        lines.append(
            f"| {world} | {notify} | {_detected(ours)} | "
            f"{_delays(ours)} | {ours.get('checks', '—')} | "
            f"{'—' if longest is None else f'{longest} h'} | {given_cells}{_delays(diff)} | "
            f"{diff.get('checks', '—')} |"
        )
    return lines


def _detected(entry: Mapping[str, Any]) -> str:
    """Detected of expected events, with the reachable ones when fewer are."""
    shown = f"{entry.get('detected', '—')}/{entry.get('events', '—')}"
    reachable = entry.get("reachable_events")
    if reachable is not None and reachable != entry.get("events"):
        shown += f" ({entry.get('reachable_detected')}/{reachable} reachable)"
    return shown


def _delays(entry: Mapping[str, Any]) -> str:
    delays = entry.get("delays_s") or []
    return ", ".join(format_delay(d) for d in delays) or "—"


def main(argv: Sequence[str] | None = None) -> int:
    """Print the tables for the documents named on the command line."""
    paths = [Path(arg) for arg in (sys.argv[1:] if argv is None else argv)]
    sys.stdout.write(readme_tables(load_documents(paths)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
