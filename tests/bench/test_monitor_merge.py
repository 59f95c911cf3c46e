"""Results made in parts (baselines, then ``sentinel``) merge into the document one run gives."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from sentinel.bench.monitoring.merge import main, merge
from sentinel.errors import InvalidInput

ROOT = Path(__file__).resolve().parents[2]
WHOLE = ROOT / "docs" / "benchmarks" / "monitor-oracle-facts-test-seed0.json"


def part(document: dict[str, Any], policies: set[str]) -> dict[str, Any]:
    """``document`` as if only ``policies`` had run."""
    kept = copy.deepcopy(document)
    kept["policies"] = {p: s for p, s in kept["policies"].items() if p in policies}
    kept["splits"] = {
        split: {p: s for p, s in by.items() if p in policies}
        for split, by in kept["splits"].items()
    }
    kept["scenarios"] = [e for e in kept["scenarios"] if e["policy"] in policies]
    return kept


def test_parts_merge_into_the_whole_run_and_its_targets() -> None:
    whole = json.loads(WHOLE.read_text(encoding="utf-8"))
    baselines = part(whole, set(whole["policies"]) - {"sentinel"})
    ours = part(whole, {"sentinel"})
    merged = merge([baselines, ours])
    assert merged["policies"] == whole["policies"]
    assert merged["splits"] == whole["splits"]
    assert sorted(map(json.dumps, merged["scenarios"])) == sorted(
        map(json.dumps, whole["scenarios"])
    )
    assert [(t["target"], t["met"]) for t in merged["targets"]] == [
        (t["target"], t["met"]) for t in whole["targets"]
    ]
    assert [p["policies"] for p in merged["parts"]] == [list(baselines["policies"]), ["sentinel"]]


def test_parts_that_differ_or_repeat_a_policy_are_refused(tmp_path: Path) -> None:
    whole = json.loads(WHOLE.read_text(encoding="utf-8"))
    ours = part(whole, {"sentinel"})
    other_seed = {**part(whole, {"oracle"}), "seed": 1}
    with pytest.raises(InvalidInput, match="seed"):
        merge([ours, other_seed])
    with pytest.raises(InvalidInput, match="sentinel"):
        merge([ours, ours])
    fewer = part(whole, {"oracle"})
    fewer["scenarios"] = fewer["scenarios"][1:]
    with pytest.raises(InvalidInput, match="scenarios"):
        merge([ours, fewer])
    (tmp_path / "a.json").write_text(json.dumps(ours))
    (tmp_path / "b.json").write_text(json.dumps(ours))
    assert (
        main([str(tmp_path / "out.json"), str(tmp_path / "a.json"), str(tmp_path / "b.json")]) == 2
    )
    assert not (tmp_path / "out.json").exists()
    assert main([str(tmp_path / "out.json"), str(tmp_path / "a.json")]) == 0
    assert json.loads((tmp_path / "out.json").read_text())["policies"] == ours["policies"]


def test_parts_of_a_run_in_both_page_modes_merge_with_issue_33s_targets() -> None:
    from tests.bench.test_monitor_tables_reachable import document

    whole = document(0)
    baselines = part(whole, set(whole["policies"]) - {"sentinel", "sentinel-given"})
    ours = part(whole, {"sentinel", "sentinel-given"})

    merged = merge([baselines, ours])

    assert merged["pages"] == "both"
    assert merged["policies"] == whole["policies"] | merged["policies"]
    assert [(t["target"], t["met"]) for t in merged["targets"]] == [
        (t["target"], t["met"]) for t in whole["targets"]
    ]
    assert "sentinel recall of reachable events" in {t["target"] for t in merged["targets"]}
