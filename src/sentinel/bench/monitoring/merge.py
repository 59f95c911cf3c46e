"""Merge results documents of one benchmark run made in parts: the same worlds, seed, sensor
and search engine, different policies (the baselines in one process, ``sentinel`` in another,
so a change to the pipeline does not re-run the baselines).

``python -m sentinel.bench.monitoring.merge OUT IN [IN ...]`` writes OUT: every policy's
summaries and scenario entries side by side, and the targets judged again on them. A document
that differs in anything but its policies, or a policy given twice, is refused by name.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from sentinel.bench.monitoring.policies import is_sentinel, pages_mode
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

Document = Mapping[str, Any]
SAME = ("benchmark", "sensor", "error_rate", "governor", "seed", "search", "scenario_source")
"""What every part must share."""


def merge(documents: Sequence[Document]) -> dict[str, Any]:
    """The parts as one document (see the module documentation)."""
    if not documents:
        raise InvalidInput("documents", [], "nothing to merge")
    first = documents[0]
    worlds = _worlds(first)
    policies: dict[str, Any] = {}
    splits: dict[str, dict[str, Any]] = {}
    scenarios: list[Any] = []
    for document in documents:
        for key in SAME:
            if document.get(key) != first.get(key):
                raise InvalidInput(key, document.get(key), f"differs from {first.get(key)!r}")
        if _worlds(document) != worlds:
            raise InvalidInput("scenarios", sorted(_worlds(document)), "differ between parts")
        for policy, summary in document["policies"].items():
            if policy in policies:
                raise InvalidInput("policies", policy, "is in two parts")
            policies[policy] = summary
        for split, by_policy in document.get("splits", {}).items():
            splits.setdefault(split, {}).update(by_policy)
        scenarios += document["scenarios"]
    merged = {key: first.get(key) for key in ("benchmark", *SAME[1:], "prices")}
    target = first.get("target_split", "all")
    return {
        **merged,
        "at": max(str(d.get("at", "")) for d in documents),
        "commit": _commit(documents),
        "parts": [
            {"policies": list(d["policies"]), "commit": d.get("commit"), "at": d.get("at")}
            for d in documents
        ],
        "machine": first.get("machine"),
        "pages": pages_mode(list(policies)),
        "policies": policies,
        "splits": splits,
        "target_split": target,
        "targets": targets(splits.get(target) or policies),
        "scenarios": scenarios,
    }


def _worlds(document: Document) -> frozenset[str]:
    return frozenset(entry["id"] for entry in document["scenarios"])


def _commit(documents: Sequence[Document]) -> str | None:
    """The commit of the part that ran a ``sentinel`` policy (the code being measured), else
    the first part's."""
    for document in documents:
        if any(is_sentinel(name) for name in document["policies"]):
            commit: str | None = document.get("commit")
            return commit
    first: str | None = documents[0].get("commit")
    return first


def targets(summaries: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The targets judged on policy ``summaries`` (as :func:`report.targets` does on totals)."""
    ours = summaries.get(SENTINEL)
    given = _given_targets(summaries.get(GIVEN))
    if ours is None:
        return given
    found = [
        _target("sentinel event recall", f"{ours['recall']:.1%}", ">= 95%", ours["recall"] >= 0.95),
        _target(
            "sentinel false alerts on noise-only scenarios",
            str(ours["noise_only_false_alerts"]),
            "0",
            ours["noise_only_false_alerts"] == 0,
        ),
    ]
    reachable = ours.get("reachable_recall")
    if reachable is not None:
        found.insert(
            1,
            _target(
                "sentinel recall of reachable events",
                f"{reachable:.1%}",
                f">= {REACHABLE_RECALL:.0%}",
                reachable >= REACHABLE_RECALL,
            ),
        )
    diff, llm = summaries.get(DIFF_REFERENCE), summaries.get(LLM_REFERENCE)
    for name, key, reference, share, against in (
        ("sentinel median delay", "median_delay_s", diff, MEDIAN_SHARE, DIFF_REFERENCE),
        ("sentinel searches + full fetches", "paid_requests", diff, PAID_SHARE, DIFF_REFERENCE),
        ("sentinel model calls", "model_calls", llm, CALLS_SHARE, LLM_REFERENCE),
    ):
        if reference is None:
            continue
        value, base = ours.get(key), reference.get(key)
        threshold = f"<= {share:g} x {against}"
        if value is None or not base:
            found.append(_target(name, f"{value} (reference {base})", threshold, None))
        else:
            shown = f"{value:g} = {value / base:.2f} x {base:g}"
            found.append(_target(name, shown, threshold, value <= share * base))
    return found + given


def _given_targets(given: Mapping[str, Any] | None) -> list[dict[str, Any]]:
    """Issue 33's targets for ``sentinel-given``, as :func:`report.targets` judges them."""
    if given is None:
        return []
    delay = given.get("median_delay_s")
    return [
        _target(
            f"{GIVEN} event recall",
            f"{given['recall']:.1%}",
            f">= {GIVEN_RECALL:.0%}",
            given["recall"] >= GIVEN_RECALL,
        ),
        _target(
            f"{GIVEN} false alerts on noise-only scenarios",
            str(given["noise_only_false_alerts"]),
            "0",
            given["noise_only_false_alerts"] == 0,
        ),
        _target(
            f"{GIVEN} median delay",
            format_delay(delay),
            f"<= {format_delay(GIVEN_MEDIAN_S)}",
            None if delay is None else delay <= GIVEN_MEDIAN_S,
        ),
    ]


def _target(name: str, measured: str, threshold: str, met: bool | None) -> dict[str, Any]:
    return {"target": name, "measured": measured, "threshold": threshold, "met": met}


def main(argv: Sequence[str] | None = None) -> int:
    """``OUT IN [IN ...]``: merge the IN documents into OUT."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) < 2:
        sys.stderr.write("usage: python -m sentinel.bench.monitoring.merge OUT IN [IN ...]\n")
        return 2
    out, *parts = (Path(a) for a in args)
    try:
        merged = merge([json.loads(path.read_text(encoding="utf-8")) for path in parts])
    except InvalidInput as exc:
        sys.stderr.write(f"error: {exc}\n")
        return 2
    partial = out.with_name(out.name + ".part")
    partial.write_text(json.dumps(merged, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    partial.replace(out)  # never a half-written results file
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
