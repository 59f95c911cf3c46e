"""The README's research rows, generated from the committed research JSON."""

from __future__ import annotations

import json
from pathlib import Path

from sentinel.bench.summary_table import readme_summary


def test_research_rows_come_from_the_test_split_with_their_targets(tmp_path: Path) -> None:
    summary = {
        "cases": 8,
        "wall_s_mean": 21.0,
        "cold_wall_s_mean": 31.5,
        "readability": 0.99,
        "claim_support": 1.0,
        "right_subject": 0.95,
    }
    document = {"summary": {"test": summary, "dev": {**summary, "cases": 3}}}
    (tmp_path / "research-embedded-2threads.json").write_text(json.dumps(document))

    rows = [line for line in readme_summary(tmp_path).splitlines() if "research" in line]

    where = "research, 8 `test` questions, 2 threads"
    assert rows == [
        f"| {where} | seconds per question, in one process | 21.0 s | <= 25 s | yes |",
        f"| {where} | seconds per question, a new command each | 31.5 s | <= 25 s | **no** |",
        f"| {where} | well-formed sentences | 99.0% | >= 98% | yes |",
        f"| {where} | claim support | 100.0% | >= 98% | yes |",
        f"| {where} | claims about the right subject | 95.0% | >= 98% | **no** |",
    ]
